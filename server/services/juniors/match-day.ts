/**
 * The coach's match-day card (issue 31): for one junior team, per child, what the staff need on the
 * touchline: medical notes, who to call, photo consent and who may collect. Opening the card records
 * one read of medical notes per child (the log the welfare officer reads), as opening one child's
 * notes does (records.ts).
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { forbidden, notFound } from '../../../shared/errors';
import { NOT_THEIR_GUARDIAN } from '../../../shared/guardians';
import { ageOn, isJunior, isJuniorAgeGroup, seasonOf } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { TEAM_NOT_FOUND } from '../../../shared/teams-constants';
import { collectorsInputSchema, type Collectors, type MatchDayCard, type MatchDayChild, type MatchDayTeams } from '../../../shared/contracts/match-day';
import type { DbOrTx } from '../../db/client';
import { childCollectors, guardians, medicalNoteReads, players, playerTeams, teams, users } from '../../db/schema';
import {
  allow,
  childRelation,
  mayAnswerForChild,
  mayManageSafeguarding,
  matchDayCardTeams,
  mayReadConsents,
  mayReadMatchDayCard,
  must,
  signedIn,
  type ChildRelation,
} from '../../policy';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { childRow } from './access';
import { currentConsents } from './consents';
import type { JuniorContext } from './context';

export const MATCH_DAY_CARD_READERS = 'The match-day card is for the team’s own staff (with a DBS check in order) and the welfare officer.';
export const CARDS_FOR_JUNIOR_TEAMS = 'Match-day cards are kept for junior teams (U7 to U18) only.';
export const COLLECTORS_BY_GUARDIANS = 'Only the child’s primary or secondary parent or carer can say who else may collect them.';
export const READ_LOG_READERS = 'Only the welfare officer (and admins) read the log of who opened medical notes.';
/** The newest reads the log shows. */
export const READ_LOG_LIMIT = 300;

type Executor = DbOrTx;

/** The playing members of a team today (joined, not left; a member who left the club is not on it). */
async function teamChildren(db: Executor, teamId: string, today: string) {
  return db
    .select({
      id: players.id,
      user_id: players.user_id,
      full_name: players.full_name,
      date_of_birth: players.date_of_birth,
      medical_notes: players.medical_notes,
      emergency_contact_name: players.emergency_contact_name,
      emergency_contact_phone: players.emergency_contact_phone,
    })
    .from(playerTeams)
    .innerJoin(players, eq(players.id, playerTeams.player_id))
    .where(
      and(
        eq(playerTeams.team_id, teamId),
        eq(players.status, 'active'),
        sql`${playerTeams.joined_on} <= ${today}::date`,
        or(isNull(playerTeams.left_on), sql`${playerTeams.left_on} > ${today}::date`),
      ),
    )
    .orderBy(asc(players.full_name));
}

/** Each child's parents and carers (while a junior), with their own phone number when the club has one. */
async function guardiansOf(db: Executor, childIds: string[]) {
  const byChild = new Map<string, Array<{ name: string; relationship: string | null; phone: string | null }>>();
  if (childIds.length === 0) return byChild;
  const rows = await db
    .select({
      player_id: guardians.player_id,
      name: users.full_name,
      relationship: guardians.relationship,
      // The number the parent gave on their family home (users.phone), else their own member record's.
      phone: sql<string | null>`coalesce(nullif(trim(${users.phone}), ''), (select p.phone_number from ${players} p where p.user_id = ${guardians.user_id} and coalesce(trim(p.phone_number), '') <> '' order by p.created_at limit 1))`,
    })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.user_id))
    .where(inArray(guardians.player_id, childIds))
    .orderBy(sql`${guardians.level} = 'primary' desc`, asc(guardians.created_at));
  for (const r of rows) byChild.set(r.player_id, [...(byChild.get(r.player_id) ?? []), { name: r.name, relationship: r.relationship, phone: r.phone }]);
  return byChild;
}

async function collectorRows(db: Executor, childIds: string[]) {
  if (childIds.length === 0) return new Map<string, typeof childCollectors.$inferSelect>();
  const rows = await db.select().from(childCollectors).where(inArray(childCollectors.player_id, childIds));
  return new Map(rows.map((r) => [r.player_id, r]));
}

type Kid = Awaited<ReturnType<typeof teamChildren>>[number];
type Guardian = { name: string; relationship: string | null; phone: string | null };

const digits = (phone: string) => phone.replace(/\D/g, '');

/** Who to call: the emergency contact the parents gave, then each parent or carer with a phone number (each number once). */
function emergencyContacts(kid: Kid, people: Guardian[]) {
  const contacts: MatchDayChild['emergency_contacts'] = [];
  const seen = new Set<string>();
  const add = (name: string, phone: string | null, relationship: string) => {
    if (!phone?.trim() || seen.has(digits(phone))) return;
    seen.add(digits(phone));
    contacts.push({ name, phone: phone.trim(), relationship });
  };
  add(kid.emergency_contact_name?.trim() || 'Emergency contact', kid.emergency_contact_phone, 'Emergency contact');
  for (const g of people) add(g.name, g.phone, g.relationship || 'Parent or carer');
  return contacts;
}

function collectorsOf(junior: boolean, people: Guardian[], row: typeof childCollectors.$inferSelect | undefined): Omit<Collectors, 'player_id'> {
  return {
    guardians: junior ? people : [],
    others: row?.others ?? '',
    set_by_name: row?.set_by_name ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

export function matchDayUseCases(ctx: JuniorContext) {
  const { db } = ctx;

  /** GET /api/players/{id}/collectors: who may collect the child (as for consents: their people, their coaches, the welfare officer, admins). */
  async function collectors(actor: SessionUser | null, playerId: string): Promise<Collectors> {
    const me = await signedIn(db, actor);
    const child = await childRow(db, playerId);
    if (!child || !mayReadConsents(me, await childRelation(db, me, child))) throw forbidden(NOT_THEIR_GUARDIAN);
    const [people, rows] = await Promise.all([guardiansOf(db, [child.id]), collectorRows(db, [child.id])]);
    return { player_id: child.id, ...collectorsOf(isJunior(child.date_of_birth, todayIso()), people.get(child.id) ?? [], rows.get(child.id)) };
  }

  return {
    /** The junior teams whose match-day card this person may open, with how many play for each today. */
    async matchDayTeams(actor: SessionUser | null): Promise<MatchDayTeams> {
      const me = await signedIn(db, actor);
      const scope = matchDayCardTeams(me);
      if (scope !== 'all' && scope.size === 0) return [];
      const today = todayIso();
      const rows = await db
        .select({
          id: teams.id,
          name: teams.name,
          age_group: teams.age_group,
          players: sql<number>`(select count(*)::int from ${playerTeams} pt join ${players} p on p.id = pt.player_id
            where pt.team_id = ${teams.id} and p.status = 'active' and pt.joined_on <= ${today}::date and (pt.left_on is null or pt.left_on > ${today}::date))`,
        })
        .from(teams)
        .where(scope === 'all' ? undefined : inArray(teams.id, [...scope]))
        .orderBy(asc(teams.sort_order), asc(teams.name));
      return rows.filter((t) => isJuniorAgeGroup(t.age_group));
    },

    /**
     * GET /api/teams/{id}/match-day-card: each child of the team with medical notes, emergency
     * contacts, photo consent and who may collect. Every child's notes on it count as read (logged).
     */
    async matchDayCard(actor: SessionUser | null, teamId: string): Promise<MatchDayCard> {
      const me = await signedIn(db, actor);
      const [team] = isUuid(teamId) ? await db.select().from(teams).where(eq(teams.id, teamId)) : [];
      if (!team) throw notFound(TEAM_NOT_FOUND);
      if (!isJuniorAgeGroup(team.age_group)) throw notFound(CARDS_FOR_JUNIOR_TEAMS);
      const today = todayIso();
      const kids = await teamChildren(db, team.id, today);
      const relations: ChildRelation[] = await Promise.all(kids.map((k) => childRelation(db, me, k, today)));
      allow(mayReadMatchDayCard(me, team.id, relations), MATCH_DAY_CARD_READERS);
      const ids = kids.map((k) => k.id);
      const season = seasonOf(today);
      const [people, given, collectors] = await Promise.all([guardiansOf(db, ids), currentConsents(db, ids, season), collectorRows(db, ids)]);
      const readAt = new Date();
      // A parent or carer (or the player) reading their own is not a read to log, as on the child's page.
      const logged = kids.filter((_, i) => !(relations[i]!.self || relations[i]!.level));
      if (logged.length)
        await db
          .insert(medicalNoteReads)
          .values(logged.map((k) => ({ player_id: k.id, read_by: me.id, read_by_name: me.name, read_at: readAt, via: `Match-day card: ${team.name}` })));
      return {
        team: { id: team.id, name: team.name, age_group: team.age_group },
        season,
        read_at: readAt.toISOString(),
        children: kids.map((kid) => {
          const family = people.get(kid.id) ?? [];
          const junior = isJunior(kid.date_of_birth, today);
          return {
            player_id: kid.id,
            full_name: kid.full_name,
            age: kid.date_of_birth ? ageOn(kid.date_of_birth, today) : null,
            medical_flag: !!kid.medical_notes?.trim(),
            medical_notes: kid.medical_notes?.trim() || null,
            emergency_contacts: emergencyContacts(kid, family),
            photo_consent: given.get(kid.id)?.has('photo') ?? false,
            collectors: collectorsOf(junior, family, collectors.get(kid.id)),
          };
        }),
      };
    },

    /** GET /api/admin/medical-note-reads: who opened which child's medical notes, where and when, newest first (the welfare officer). */
    async medicalNoteReadLog(actor: SessionUser | null) {
      await must(db, actor, mayManageSafeguarding, READ_LOG_READERS);
      const rows = await db
        .select({
          player_id: medicalNoteReads.player_id,
          child_name: players.full_name,
          read_by_name: medicalNoteReads.read_by_name,
          read_at: medicalNoteReads.read_at,
          via: medicalNoteReads.via,
        })
        .from(medicalNoteReads)
        .innerJoin(players, eq(players.id, medicalNoteReads.player_id))
        .orderBy(desc(medicalNoteReads.read_at), asc(players.full_name))
        .limit(READ_LOG_LIMIT);
      return rows.map((r) => ({ ...r, read_at: r.read_at.toISOString() }));
    },

    collectors,

    /** PUT /api/players/{id}/collectors: a parent or carer who can answer names the others who may collect (free text). */
    async setCollectors(actor: SessionUser | null, playerId: string, input: unknown): Promise<Collectors> {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      if (!child || !mayAnswerForChild(await childRelation(db, me, child))) throw forbidden(COLLECTORS_BY_GUARDIANS);
      const { others } = parseInput(collectorsInputSchema, input);
      const values = { others, set_by: me.id, set_by_name: me.name, updated_at: new Date() };
      await db
        .insert(childCollectors)
        .values({ player_id: child.id, ...values })
        .onConflictDoUpdate({ target: [childCollectors.club_id, childCollectors.player_id], set: values });
      return collectors(actor, child.id);
    },
  };
}
