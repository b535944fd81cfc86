import { mayGrantPower } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { CLUB_ROLES, RolesOverviewSchema, grantClubRoleSchema, teamStaffInputSchema } from '../../shared/contracts/roles';
import { router, writesNeed } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['People and roles'];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
};
const writeErrors = {
  ...errors,
  404: jsonContent(ErrorSchema, 'Unknown person, team or role held'),
  409: jsonContent(ErrorSchema, 'Held already, or the club’s only admin or (with junior teams) only welfare officer'),
  422: jsonContent(ErrorSchema, 'Invalid input'),
};
const overview = (summary: string) => jsonContent(RolesOverviewSchema, summary);
const ClubRoleParams = z.object({
  user_id: z.string().openapi({ param: { name: 'user_id', in: 'path' } }),
  role: z
    .enum(CLUB_ROLES, {
      error: 'Role must be admin, secretary, treasurer or welfare_officer',
    })
    .openapi({ param: { name: 'role', in: 'path' } }),
});
const TeamStaffParams = z.object({
  team_id: z.string().openapi({ param: { name: 'team_id', in: 'path' } }),
  player_id: z.string().openapi({ param: { name: 'player_id', in: 'path' } }),
});

/** /api/admin/roles, /club-roles and /team-staff: who holds which role, granted and removed by admins (issue 21). */
const base = router();
for (const path of ['/roles', '/club-roles', '/club-roles/*', '/team-staff', '/team-staff/*']) base.use(path, writesNeed(mayGrantPower));
export const rolesApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/my-teams',
      operationId: 'myTeams',
      tags,
      summary: 'The teams whose match week and training you run (staff, admin)',
      description: 'Every team for admins and club officers; a manager, coach or assistant runs the teams they are staff of.',
      security,
      responses: {
        200: jsonContent(z.object({ all: z.boolean(), team_ids: z.array(z.string().uuid()) }).openapi('MyTeams'), 'Your teams'),
        401: errors[401],
        403: jsonContent(ErrorSchema, 'Not staff'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').roles.myTeams(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/roles',
      operationId: 'listRoles',
      tags,
      summary: 'Club roles, team staff and the record of changes (admin)',
      security,
      responses: { 200: overview('Who holds what'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').roles.overview(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/club-roles',
      operationId: 'grantClubRole',
      tags,
      summary: 'Give a login a club role',
      description: 'Recorded with who granted it and when. Admin makes the login an admin; the other roles open the staff part of the panel.',
      security,
      request: { body: jsonBody(grantClubRoleSchema) },
      responses: { 201: overview('Granted'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').roles.grantClubRole(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/club-roles/{user_id}/{role}',
      operationId: 'removeClubRole',
      tags,
      summary: 'Take a club role away',
      description: 'Recorded. The club’s last admin cannot be removed (409), nor its last welfare officer while it has junior teams.',
      security,
      request: { params: ClubRoleParams },
      responses: { 200: overview('Removed'), ...writeErrors },
    }),
    async (c) => {
      const { user_id, role } = c.req.valid('param');
      return c.json(await c.get('services').roles.removeClubRole(c.get('user'), user_id, role), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/team-staff',
      operationId: 'setTeamStaff',
      tags,
      summary: 'Put a member on a team’s staff, or change their role there',
      description: 'Staff run their teams’ match week and training and are never counted as players. A player-coach stays a player too.',
      security,
      request: { body: jsonBody(teamStaffInputSchema) },
      responses: { 200: overview('On the staff'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').roles.setTeamStaff(c.get('user'), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/team-staff/{team_id}/{player_id}',
      operationId: 'removeTeamStaff',
      tags,
      summary: 'Take a member off a team’s staff',
      security,
      request: { params: TeamStaffParams },
      responses: { 200: overview('Off the staff'), ...writeErrors },
    }),
    async (c) => {
      const { team_id, player_id } = c.req.valid('param');
      return c.json(await c.get('services').roles.removeTeamStaff(c.get('user'), team_id, player_id), 200);
    },
  );
