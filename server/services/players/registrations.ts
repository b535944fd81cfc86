import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { conflict, DomainError, invalid, notFound } from '../../../shared/errors';
import { juniorLoginRefusal } from '../../../shared/guardians';
import { todayIso } from '../../../shared/players';
import type { ApproveRegistrationInput, MatchReason, Registration, RejectRegistrationInput } from '../../../shared/contracts/registrations';
import type { Db, DbOrTx } from '../../db/client';
import { dbsChecks, players, playerTeams, teams, teamStaff, users } from '../../db/schema';
import { allow, mayGrantPower, mayManageMembership, signedIn, type Actor } from '../../policy';
import { dbsSentence } from '../juniors/dbs';
import { placeProblem, STAFF_PLACE_CHECK } from '../juniors/dbs-standing';
import { isJuniorAgeGroup } from '../../../shared/juniors';
import { registrationApproved, registrationRejected } from '../../mail/templates';
import { isUuid } from '../ids';
import type { MailService } from '../mail';
import { assertTeamsExist, defaultTeamId } from '../teams';
import { syncAccess } from '../roles';
import { joinTeam } from './team-places';

export const REGISTRATION_NOT_FOUND = 'No registration is waiting with this id: it may have been decided already.';
export const LINK_TARGET_NOT_FOUND = 'The record to link to was not found.';
export const LINK_TARGET_HAS_LOGIN = 'That record already has a login: choose another, or add a new player.';

type PlayerRow = typeof players.$inferSelect;

/** The people who decide registrations: admins and the club's secretary. */
async function assertMayDecide(db: DbOrTx, actor: SessionUser | null): Promise<Actor> {
  const decider = await signedIn(db, actor);
  allow(mayManageMembership(decider), 'Only the secretary or an admin can decide registrations.');
  return decider;
}

export const LINK_GRANTS_POWER = (teams: string[]) =>
  `This record is on the staff of ${teams.join(', ')}: linking a login onto it makes whoever registered their coach, so only an admin can approve it.`;

/**
 * Linking a login onto a record on a team's staff hands that power to whoever registered (issue 30):
 * an admin decides, and a junior team's staff place needs an in-date DBS check (or an admin's override).
 */
async function assertMayLinkPower(tx: DbOrTx, decider: Actor, target: PlayerRow) {
  const places = await tx
    .select({
      name: teams.name,
      age_group: teams.age_group,
      ...STAFF_PLACE_CHECK,
    })
    .from(teamStaff)
    .innerJoin(teams, eq(teams.id, teamStaff.team_id))
    .leftJoin(dbsChecks, eq(dbsChecks.player_id, teamStaff.player_id))
    .where(eq(teamStaff.player_id, target.id))
    .orderBy(asc(teams.sort_order));
  if (!places.length) return;
  const names = places.map((p) => p.name);
  if (!mayGrantPower(decider)) throw new DomainError('forbidden', LINK_GRANTS_POWER(names), { errors: [{ field: 'link_player_id', message: LINK_GRANTS_POWER(names) }] });
  for (const place of places) {
    if (!isJuniorAgeGroup(place.age_group)) continue;
    const problem = placeProblem(place);
    if (problem) {
      const detail = `${dbsSentence(target.full_name, problem)}, and ${place.name} is a junior team: record their DBS check in Safeguarding before linking a login onto this record.`;
      throw invalid(detail, [{ field: 'link_player_id', message: detail }]);
    }
  }
}

/** Letters only, lower case: "O'Neil, Sam" and "sam oneil" compare alike. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
const surname = (name: string) => nameKey(name.trim().split(/\s+/).at(-1) ?? '');
const phoneKey = (phone: string | null) => (phone ?? '').replace(/\D/g, '').replace(/^44/, '0');

/** The records a registration may be linked to: players without a login who are not registrations themselves. */
const linkCandidates = (db: DbOrTx) =>
  db
    .select()
    .from(players)
    .where(and(isNull(players.user_id), ne(players.status, 'pending')));

/** The names of the teams these players are linked to through `link` (a spell in the team, a staff place), in the club's order. */
async function teamNamesOf(db: DbOrTx, link: typeof playerTeams | typeof teamStaff, ids: string[], also?: SQL) {
  if (ids.length === 0) return [];
  return db
    .select({ player_id: link.player_id, name: teams.name })
    .from(link)
    .innerJoin(teams, eq(teams.id, link.team_id))
    .where(and(inArray(link.player_id, ids), also))
    .orderBy(asc(teams.sort_order));
}

/**
 * Existing records without a login that look like the registrant: the same name, the same date of
 * birth and surname, or the same phone number; best (most reasons) first.
 */
async function matchesFor(db: DbOrTx, pending: PlayerRow, candidates: PlayerRow[]) {
  const found = candidates.flatMap((row) => {
    const reasons: MatchReason[] = [];
    if (nameKey(row.full_name) === nameKey(pending.full_name)) reasons.push('name');
    if (
      row.date_of_birth &&
      row.date_of_birth === pending.date_of_birth &&
      (reasons.includes('name') || surname(row.full_name) === surname(pending.full_name))
    ) {
      reasons.push('date_of_birth');
    }
    const phone = phoneKey(pending.phone_number);
    if (phone.length >= 6 && phone === phoneKey(row.phone_number)) reasons.push('phone');
    return reasons.length ? [{ row, reasons }] : [];
  });
  found.sort((a, b) => b.reasons.length - a.reasons.length || a.row.full_name.localeCompare(b.row.full_name));
  const ids = found.map((f) => f.row.id);
  const [teamRows, staffRows] = await Promise.all([
    teamNamesOf(db, playerTeams, ids, isNull(playerTeams.left_on)),
    teamNamesOf(db, teamStaff, ids),
  ]);
  return found.map(({ row, reasons }) => ({
    staff_of: staffRows.filter((t) => t.player_id === row.id).map((t) => t.name),
    player_id: row.id,
    full_name: row.full_name,
    date_of_birth: row.date_of_birth,
    teams: teamRows.filter((t) => t.player_id === row.id).map((t) => t.name),
    status: row.status as 'active' | 'left',
    reasons,
  }));
}

/** The pending member, locked for the decision; 404 once someone else has decided it. */
async function lockPending(tx: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(REGISTRATION_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.status, 'pending')))
    .for('update');
  if (!row || !row.user_id) throw notFound(REGISTRATION_NOT_FOUND);
  return row as PlayerRow & { user_id: string };
}

/** What the registration told us that the club's record lacks (the record's own values win). */
function missingDetails(record: PlayerRow, registration: PlayerRow) {
  const fields = [
    'date_of_birth',
    'phone_number',
    'emergency_contact_name',
    'emergency_contact_phone',
    'medical_notes',
    'previous_club',
    'position_preference',
  ] as const;
  return Object.fromEntries(fields.filter((f) => !record[f] && registration[f]).map((f) => [f, registration[f]]));
}

/**
 * Approving a registration gives a login (issue 23): never to an under-13, to a 13-17 year old
 * only once a parent or carer agreed (the record's date of birth, else the registration's).
 */
function assertMayHaveLogin(record: PlayerRow, registration: PlayerRow, field?: string) {
  const refusal = juniorLoginRefusal(record.date_of_birth ?? registration.date_of_birth, record.login_agreed_at, todayIso());
  if (refusal) throw invalid(refusal, field ? [{ field, message: refusal }] : undefined);
}

/** Registrations: the secretary's list of pending members, and their approval or rejection. */
export function createRegistrationService(db: Db, deps: { mail: MailService }) {
  return {
    /** GET /api/admin/registrations: pending members, oldest first, each with the records that look like them. */
    async list(actor: SessionUser | null): Promise<Registration[]> {
      // The route validated the query (status=pending is the only list there is).
      await assertMayDecide(db, actor);
      const rows = await db
        .select({ player: players, user: { username: users.username, email: users.email, confirmed: users.email_confirmed_at } })
        .from(players)
        .innerJoin(users, eq(users.id, players.user_id))
        .where(eq(players.status, 'pending'))
        .orderBy(asc(players.created_at));
      // One read of the candidates for every registration listed.
      const candidates = rows.length ? await linkCandidates(db) : [];
      return Promise.all(
        rows.map(async ({ player, user }) => ({
          id: player.id,
          user_id: player.user_id!,
          username: user.username,
          email: user.email,
          email_confirmed: user.confirmed !== null,
          full_name: player.full_name,
          date_of_birth: player.date_of_birth,
          phone_number: player.phone_number,
          position_preference: player.position_preference,
          previous_club: player.previous_club,
          registered_at: player.created_at.toISOString(),
          matches: await matchesFor(db, player, candidates),
        })),
      );
    },

    /** How many registrations wait (the admin's Today list); null for those who do not decide them. */
    async waiting(actor: SessionUser | null): Promise<number | null> {
      try {
        await assertMayDecide(db, actor);
      } catch {
        return null;
      }
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(players)
        .where(eq(players.status, 'pending'));
      return row.n;
    },

    /**
     * Approves a registration: as a new player in a team (the one chosen, else the first), or linked
     * onto an existing record without a login (the login moves there, the record keeps its history
     * and gains the details it lacked, and the registration's own record goes). Mails the member.
     */
    async approve(actor: SessionUser | null, id: string, input: ApproveRegistrationInput | undefined) {
      const decider = await assertMayDecide(db, actor);
      const { link_player_id, team_id } = input ?? {};
      return db.transaction(async (tx) => {
        const pending = await lockPending(tx, id);
        let playerId = pending.id;
        let teamName: string | null = null;
        if (!link_player_id) assertMayHaveLogin(pending, pending);
        if (link_player_id) {
          const [target] = await tx.select().from(players).where(and(eq(players.id, link_player_id), ne(players.status, 'pending'))).for('update');
          if (!target) throw notFound(LINK_TARGET_NOT_FOUND);
          if (target.user_id) throw conflict(LINK_TARGET_HAS_LOGIN);
          assertMayHaveLogin(target, pending, 'link_player_id');
          await assertMayLinkPower(tx, decider, target);
          await tx.delete(players).where(eq(players.id, pending.id));
          await tx
            .update(players)
            .set({ ...missingDetails(target, pending), user_id: pending.user_id, status: 'active', status_changed_at: new Date(), updated_at: new Date() })
            .where(eq(players.id, target.id));
          playerId = target.id;
          // The record may be a coach's: the login gets the access its roles give.
          await syncAccess(tx, pending.user_id);
          const [team] = await tx
            .select({ name: teams.name })
            .from(playerTeams)
            .innerJoin(teams, eq(teams.id, playerTeams.team_id))
            .where(and(eq(playerTeams.player_id, target.id), isNull(playerTeams.left_on)))
            .orderBy(asc(teams.sort_order))
            .limit(1);
          teamName = team?.name ?? null;
        } else {
          const teamId = team_id ?? (await defaultTeamId(tx));
          await assertTeamsExist(tx, [teamId], 'team_id');
          await tx.update(players).set({ status: 'active', status_changed_at: new Date(), updated_at: new Date() }).where(eq(players.id, pending.id));
          await joinTeam(tx, deps, { playerId: pending.id, teamId, path: 'registration', by: decider.user });
          const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
          teamName = team.name;
        }
        const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, pending.user_id));
        await deps.mail.toUser(tx, pending.user_id, {
          template: registrationApproved,
          data: { username: user.username, team: teamName },
          dedupeKey: `registration-approved:${pending.id}`,
        });
        return { detail: link_player_id ? 'Approved and linked to the existing record.' : 'Approved.', player_id: playerId };
      });
    },

    /** Turns a registration down: the reason goes to the registrant, their account and pending record go. */
    async reject(actor: SessionUser | null, id: string, { reason }: RejectRegistrationInput) {
      await assertMayDecide(db, actor);
      return db.transaction(async (tx) => {
        const pending = await lockPending(tx, id);
        const [user] = await tx.select({ email: users.email, full_name: users.full_name }).from(users).where(eq(users.id, pending.user_id));
        await deps.mail.toAddress(
          tx,
          user.email,
          { template: registrationRejected, data: { reason }, dedupeKey: `registration-rejected:${pending.id}` },
          { name: user.full_name },
        );
        await tx.delete(players).where(eq(players.id, pending.id));
        // Their sessions go with the account (ON DELETE CASCADE).
        await tx.delete(users).where(eq(users.id, pending.user_id));
        return { detail: 'Rejected: the registrant has been told why.', player_id: null };
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
