/** The admin's player records: the admin list (staff may read it), adding, editing and removing players. */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { PLAYER_NOT_FOUND } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { notFound } from '../../../shared/errors';
import type { AdminPlayer, PlayerInput } from '../../../shared/contracts/players';
import { withoutLeftOut } from '../../../shared/fields';
import { documents, players, uploads, users } from '../../db/schema';
import { loginGoesWithPlayer } from './membership';
import { mayEnterAdmin, mayManageMemberRecords, memberListView, membersFor, must } from '../../policy';
import { isUuid } from '../ids';
import { assertDateOfBirthForJuniorTeams, assertTeamsExist, teamIdsByPlayer } from '../teams';
import { syncAccess } from '../roles';
import { assertCurrentVersion } from '../edit-version';
import { leaveAllTeams, setTeams } from './team-places';
import { guardiansToTell, tellGuardiansChildLeft } from '../juniors/leaving';
import { squadOrder } from '../squad/context';
import type { ManageContext } from './manage-context';

export function managePlayers({ db, mail, asAdminPlayers, teamsForNewPlayer, checkUser, write }: ManageContext) {
  return {
    /** The admin panel's player list (staff may read it too). */
    async adminList(user: SessionUser | null, options: { status?: 'active' | 'left' } = {}): Promise<AdminPlayer[]> {
      const reader = await must(db, user, mayEnterAdmin);
      // Members in good standing, or (status=left) those who left; registrations waiting for approval
      // are listed apart (GET /api/admin/registrations).
      const rows = await db
        .select()
        .from(players)
        .where(eq(players.status, options.status ?? 'active'))
        .orderBy(...squadOrder);
      // Each role reads only the members and fields it may (rule book, issue 30).
      return membersFor(reader, memberListView(reader), await asAdminPlayers(rows));
    },

    /** Validated by the route (playerInputSchema): this takes the parsed input. */
    async create(user: SessionUser | null, input: PlayerInput): Promise<AdminPlayer> {
      const actor = await must(db, user, mayManageMemberRecords);
      const { team_ids, joined_on, version: _version, ...sent } = input;
      const values = { ...sent, user_id: sent.user_id ?? null };
      await checkUser(values.user_id);
      if (team_ids) await assertTeamsExist(db, team_ids, 'team_ids');
      const teamIds = team_ids ?? (await teamsForNewPlayer(values.team_type ?? ''));
      await assertDateOfBirthForJuniorTeams(db, teamIds, values.date_of_birth);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [inserted] = await tx.insert(players).values(values).returning();
          await setTeams(tx, { mail }, { playerId: inserted.id, teamIds, joinedOn: joined_on, path: 'admin_new_player', by: actor.user });
          return inserted;
        }),
      );
      return (await asAdminPlayers([row!]))[0];
    },

    async update(user: SessionUser | null, id: string, input: PlayerInput): Promise<AdminPlayer> {
      const actor = await must(db, user, mayManageMemberRecords);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const { team_ids, joined_on, version, ...values } = input;
      const [existing] = await db.select({ id: players.id, user_id: players.user_id }).from(players).where(eq(players.id, id));
      if (!existing) throw notFound(PLAYER_NOT_FOUND);
      // Left out, user_id keeps the login link and show_personal_details the player's choice (a client that predates the opt-in).
      const next = withoutLeftOut(values);
      await checkUser(next.user_id === undefined ? existing.user_id : next.user_id, id);
      if (team_ids) await assertTeamsExist(db, team_ids, 'team_ids');
      await assertDateOfBirthForJuniorTeams(db, team_ids ?? (await teamIdsByPlayer(db, [id])).get(id) ?? [], next.date_of_birth);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(players).where(eq(players.id, id)).for('update');
          // Someone saved since this copy was loaded: refused, naming them (issue 22).
          if (current) assertCurrentVersion('player', current, version);
          const [updated] = await tx
            .update(players)
            .set({ ...next, updated_at: new Date(), updated_by: actor.name })
            .where(eq(players.id, id))
            .returning();
          // Omitted team_ids keep the memberships (forms and clients that predate teams).
          if (updated && team_ids) {
            // Out of the squads of the teams they left, and those teams' staff are told (the door's listeners).
            await setTeams(tx, { mail }, { playerId: id, teamIds: team_ids, joinedOn: joined_on, path: 'admin_edit', by: actor.user });
          }
          if (updated?.user_id) await syncAccess(tx, updated.user_id);
          return updated;
        }),
      );
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return (await asAdminPlayers([row]))[0];
    },

    /**
     * The erasure path (issue 21): the record and everything that cascades from it (stats,
     * payments, attendance, answers, squads, feedback, team spells, what was shared with them
     * only, with the stored files), and their own login (a staff or admin account is only
     * unlinked). GET /api/players/{id}/erasure lists it first.
     */
    async remove(user: SessionUser | null, id: string): Promise<void> {
      const actor = await must(db, user, mayManageMemberRecords);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      await db.transaction(async (tx) => {
        // A child's parents and carers are told (issue 31): read before the delete takes their links with it.
        const [child] = await tx.select({ id: players.id, full_name: players.full_name, date_of_birth: players.date_of_birth }).from(players).where(eq(players.id, id));
        const guardianIds = child ? await guardiansToTell(tx, child) : [];
        // Out of their teams through the door first: their upcoming squads' staff are told.
        if (child) await leaveAllTeams(tx, { mail }, { playerId: id, path: 'deleted', by: actor.user });
        const files = await tx
          .select({ id: documents.upload_id })
          .from(documents)
          .where(and(eq(documents.player_id, id), isNotNull(documents.upload_id)));
        const [deleted] = await tx.delete(players).where(eq(players.id, id)).returning({ id: players.id, user_id: players.user_id });
        if (!deleted) throw notFound(PLAYER_NOT_FOUND);
        await tellGuardiansChildLeft(tx, mail, { guardianIds, fullName: child!.full_name, deleted: true, key: `child-deleted:${id}` });
        if (files.length)
          await tx.delete(uploads).where(
            inArray(
              uploads.id,
              files.map((f) => f.id!),
            ),
          );
        if (deleted.user_id) {
          const [login] = await tx.select({ role: users.role }).from(users).where(eq(users.id, deleted.user_id));
          if (login && loginGoesWithPlayer(login.role)) await tx.delete(users).where(eq(users.id, deleted.user_id));
          // A staff or admin login stays: its access now follows the roles it still holds.
          else if (login) await syncAccess(tx, deleted.user_id);
        }
      });
    },
  };
}
