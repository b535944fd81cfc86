import { z } from '@hono/zod-openapi';
import { CLUB_ROLES, TEAM_STAFF_ROLES } from '../club-roles';
import { dbsOverrideReasonField } from './safeguarding';

/**
 * People and roles (issue 21): besides playing, a person can be staff of a team (manager, coach,
 * assistant) and hold club roles (secretary, treasurer, welfare officer, admin). Only admins grant
 * and remove them; every grant and removal is recorded, with who did it and when.
 */

export { CLUB_ROLES, CLUB_ROLE_LABELS, TEAM_STAFF_ROLES, TEAM_STAFF_ROLE_LABELS, type ClubRole, type TeamStaffRole } from '../club-roles';

export const ClubRoleHolderSchema = z
  .object({
    user_id: z.string().uuid(),
    full_name: z.string(),
    username: z.string(),
    role: z.enum(CLUB_ROLES),
    granted_at: z.string().openapi({ description: 'ISO 8601' }),
    granted_by: z.string().nullable().openapi({
      description: 'Who granted it (null: at setup, or their account is gone)',
    }),
  })
  .openapi('ClubRoleHolder');

export const TeamStaffMemberSchema = z
  .object({
    player_id: z.string().uuid(),
    full_name: z.string(),
    team_id: z.string().uuid(),
    team_name: z.string(),
    role: z.enum(TEAM_STAFF_ROLES),
    has_login: z.boolean().openapi({ description: 'Whether they can sign in to run the team' }),
    suspended: z.string().nullable().openapi({
      description:
        'A junior team’s place kept but suspended while their DBS check is not in order (issue 31): "Suspended: DBS check expired on 3 November 2026"; null when it counts',
    }),
  })
  .openapi('TeamStaffMember');

export const RoleChangeSchema = z
  .object({
    id: z.string().uuid(),
    subject_name: z.string().openapi({ description: 'Whose role changed, named as they were then' }),
    role: z.string().openapi({
      description: '"Secretary", or a team role as "Coach of Senior"',
    }),
    action: z.enum(['granted', 'removed']),
    by_name: z.string(),
    at: z.string().openapi({ description: 'ISO 8601' }),
  })
  .openapi('RoleChange');

export const RolesOverviewSchema = z
  .object({
    club_roles: z.array(ClubRoleHolderSchema),
    team_staff: z.array(TeamStaffMemberSchema),
    changes: z.array(RoleChangeSchema).openapi({
      description: 'The latest 50 grants and removals, newest first',
    }),
    logins: z
      .array(
        z.object({
          user_id: z.string().uuid(),
          full_name: z.string(),
          username: z.string(),
        }),
      )
      .openapi({ description: 'Every login that can be given a club role' }),
    members: z.array(z.object({ player_id: z.string().uuid(), full_name: z.string() })).openapi({
      description: 'Every member of the club (not pending, not left) who can be made team staff',
    }),
  })
  .openapi('RolesOverview');
export type RolesOverview = z.infer<typeof RolesOverviewSchema>;

export const grantClubRoleSchema = z
  .object({
    user_id: z.string({ error: 'Choose a person' }).uuid('Choose a person'),
    role: z.enum(CLUB_ROLES, {
      error: 'Choose a role: admin, secretary, treasurer or welfare officer',
    }),
  })
  .openapi('GrantClubRole');

export const teamStaffInputSchema = z
  .object({
    player_id: z.string({ error: 'Choose a person' }).uuid('Choose a person'),
    team_id: z.string({ error: 'Choose a team' }).uuid('Choose a team'),
    role: z.enum(TEAM_STAFF_ROLES, {
      error: 'Choose a role: manager, coach or assistant',
    }),
    override_reason: dbsOverrideReasonField.optional().openapi({
      description:
        'Admins only, for a junior team (U7-U18) when the person has no in-date DBS check: why they are made staff anyway. Recorded with who and when (issue 23).',
    }),
  })
  .openapi('TeamStaffInput');
