/**
 * Personal-data requests (issue 34, UK GDPR Articles 12 and 15-18): the lead records each request
 * with its date of receipt; the due date is the ICO's one calendar month (shared/privacy-dates.ts),
 * an extension adds up to two further months if the person is told within the first. Only those
 * the rule book lets handle personal data (mayHandlePersonalData) see or change any of it.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ONE_SUBJECT,
  PRIVACY_RECORDS_BEGIN,
  privacyCompletionSchema,
  privacyExtensionSchema,
  privacyIdentitySchema,
  privacyRequestInputSchema,
  type PrivacyRequest,
  type PrivacySubject,
} from '../../../shared/contracts/privacy';
import { today } from '../../../shared/dates';
import { guardianCanAnswer, isJunior, type GuardianLevel } from '../../../shared/juniors';
import { dayInWords, daysBetween, dueOn, extendedDueOn } from '../../../shared/privacy-dates';
import type { SessionUser } from '../../../shared/roles';
import { invalid, notFound } from '../../../shared/errors';
import type { Db, DbOrTx } from '../../db/client';
import { guardians, players, privacyRequests, users } from '../../db/schema';
import { mayHandlePersonalData, must } from '../../policy';
import { parseInput } from '../checks';
import { assertCurrentVersion, versionOf } from '../edit-version';
import { isUuid } from '../ids';
import type { MailService } from '../mail';
import { sendPrivacyReminders } from './reminders';

export const ONLY_DATA_LEADS = 'Only the data protection lead, the secretary and admins handle personal-data requests.';
export const REQUEST_NOT_FOUND = 'No such data request.';
export const NO_SUBJECT = 'No member or login with that id.';
export const VIEW_ONLY_PARENT =
  'A view-only parent or carer cannot ask for a child’s data: the request must come from a parent or carer with parental responsibility.';
export const NOT_THEIR_PARENT =
  'That login is not one of the child’s parents or carers: a parent’s request must come from someone linked to the child with parental responsibility.';
export const PARENT_ONLY_FOR_CHILD = 'A parent asks only for a child (under 18 on the day the request came in): choose another relationship.';
export const CHILDREN_ONLY_FOR_PARENT = 'Including their children is only for a request about a parent’s own login who has children at the club.';
export const ALREADY_EXTENDED = 'This request has already been extended: the time limit can be extended once, by up to two months.';
export const NOT_OPEN = 'This request is already closed.';
export const extensionTooLate = (firstDue: string) => `An extension must be sent before the first month ends: by ${dayInWords(firstDue)}.`;

type Row = typeof privacyRequests.$inferSelect;

/** The date it must be answered by: the extended date when extended. */
export const effectiveDueOn = (row: Pick<Row, 'due_on' | 'extended_to'>) => row.extended_to ?? row.due_on;

export function toPrivacyRequest(row: Row, on = today()): PrivacyRequest {
  const due = effectiveDueOn(row);
  const daysLeft = daysBetween(on, due);
  return {
    id: row.id,
    type: row.type,
    player_id: row.player_id,
    user_id: row.user_id,
    include_children: row.include_children,
    subject_name: row.subject_name,
    requested_by_name: row.requested_by_name,
    relationship: row.relationship,
    received_on: row.received_on,
    identity_checked_on: row.identity_checked_on,
    first_due_on: row.due_on,
    extended_to: row.extended_to,
    extension_reason: row.extension_reason,
    extension_notified_on: row.extension_notified_on,
    due_on: due,
    days_left: daysLeft,
    overdue: row.status === 'open' && daysLeft < 0,
    status: row.status,
    outcome: row.outcome,
    completed_on: row.completed_on,
    recorded_by_name: row.recorded_by_name,
    created_at: row.created_at.toISOString(),
    version: versionOf(row.updated_at),
  };
}

const field = (name: string, message: string) => invalid(message, [{ field: name, message }]);

function checkDates(receivedOn: string, identityOn: string | null) {
  const now = today();
  if (receivedOn > now) throw field('received_on', 'Received on cannot be in the future');
  if (receivedOn < PRIVACY_RECORDS_BEGIN) throw field('received_on', 'Received on must be 1 January 2025 or later');
  if (identityOn && identityOn > now) throw field('identity_checked_on', 'Identity checked on cannot be in the future');
}

/** Who it is about: a member or child (with their date of birth), or a login. */
async function subjectOf(db: DbOrTx, input: { player_id: string | null; user_id: string | null }) {
  if (!!input.player_id === !!input.user_id) throw field('player_id', ONE_SUBJECT);
  if (input.player_id) {
    const [player] = await db
      .select({ full_name: players.full_name, date_of_birth: players.date_of_birth })
      .from(players)
      .where(eq(players.id, input.player_id));
    if (!player) throw field('player_id', NO_SUBJECT);
    return { name: player.full_name, dateOfBirth: player.date_of_birth, playerId: input.player_id, userId: null };
  }
  const [login] = await db.select({ full_name: users.full_name }).from(users).where(eq(users.id, input.user_id!));
  if (!login) throw field('user_id', NO_SUBJECT);
  return { name: login.full_name, dateOfBirth: null, playerId: null, userId: input.user_id! };
}

async function checkParent(db: DbOrTx, playerId: string, requesterId: string | null) {
  if (!requesterId) return;
  const [link] = await db
    .select({ level: guardians.level })
    .from(guardians)
    .where(and(eq(guardians.player_id, playerId), eq(guardians.user_id, requesterId)));
  if (!link) throw field('requested_by_user_id', NOT_THEIR_PARENT);
  if (!guardianCanAnswer(link.level as GuardianLevel)) throw field('requested_by_user_id', VIEW_ONLY_PARENT);
}

async function checkChildren(db: DbOrTx, userId: string | null) {
  if (!userId) throw field('include_children', CHILDREN_ONLY_FOR_PARENT);
  const [child] = await db
    .select({ level: guardians.level })
    .from(guardians)
    .where(and(eq(guardians.user_id, userId), inArray(guardians.level, ['primary', 'secondary'])))
    .limit(1);
  if (!child) throw field('include_children', CHILDREN_ONLY_FOR_PARENT);
}

/** Everyone a request can be about: members and children (with their parents and carers), and parents' logins. */
export async function privacySubjects(db: DbOrTx): Promise<PrivacySubject[]> {
  const on = today();
  const people = await db
    .select({ id: players.id, full_name: players.full_name, date_of_birth: players.date_of_birth })
    .from(players)
    .orderBy(asc(players.full_name));
  const links = await db
    .select({ player_id: guardians.player_id, user_id: guardians.user_id, full_name: users.full_name, level: guardians.level })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.user_id))
    .orderBy(asc(users.full_name));
  const parents = await db
    .selectDistinct({ id: users.id, full_name: users.full_name })
    .from(users)
    .innerJoin(guardians, eq(guardians.user_id, users.id))
    .leftJoin(players, eq(players.user_id, users.id))
    .where(isNull(players.id))
    .orderBy(asc(users.full_name));
  return [
    ...people.map((p) => ({
      kind: isJunior(p.date_of_birth, on) ? ('child' as const) : ('member' as const),
      player_id: p.id,
      user_id: null,
      full_name: p.full_name,
      guardians: links.filter((l) => l.player_id === p.id).map(({ user_id, full_name, level }) => ({ user_id, full_name, level })),
    })),
    ...parents.map((p) => ({ kind: 'login' as const, player_id: null, user_id: p.id, full_name: p.full_name, guardians: [] })),
  ];
}

/** Open requests due within `days` (or overdue), soonest first: the Today page and the reminders. */
export async function requestsDueWithin(db: DbOrTx, days: number, on = today()) {
  const until = new Date(Date.parse(`${on}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const due = sql<string>`coalesce(${privacyRequests.extended_to}, ${privacyRequests.due_on})`;
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.status, 'open'), lte(due, until)))
    .orderBy(asc(due));
  return rows.map((row) => toPrivacyRequest(row, on));
}

/** The row, locked, with its version checked; 404 unless it exists, 422 once closed. */
async function openRow(tx: DbOrTx, id: string, version: string | undefined) {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  assertCurrentVersion('request', row, version);
  if (row.status !== 'open') throw invalid(NOT_OPEN);
  return row;
}

export function createPrivacyRequestService(db: Db, mail: MailService) {
  const lead = (user: SessionUser | null) => must(db, user, mayHandlePersonalData, ONLY_DATA_LEADS);

  async function change(user: SessionUser | null, id: string, version: string | undefined, decide: (row: Row, by: string) => Partial<Row>) {
    const actor = await lead(user);
    return db.transaction(async (tx) => {
      const row = await openRow(tx, id, version);
      const [saved] = await tx
        .update(privacyRequests)
        .set({ ...decide(row, actor.user.full_name), updated_at: new Date(), updated_by: actor.user.full_name })
        .where(eq(privacyRequests.id, id))
        .returning();
      return toPrivacyRequest(saved);
    });
  }

  return {
    async create(user: SessionUser | null, body: unknown) {
      const actor = await lead(user);
      const input = parseInput(privacyRequestInputSchema, body);
      checkDates(input.received_on, input.identity_checked_on);
      const subject = await subjectOf(db, input);
      const child = isJunior(subject.dateOfBirth, input.received_on);
      if (input.relationship === 'parent') {
        if (!subject.playerId || !child) throw field('relationship', PARENT_ONLY_FOR_CHILD);
        await checkParent(db, subject.playerId, input.requested_by_user_id);
      }
      if (input.include_children) await checkChildren(db, subject.userId);
      const [row] = await db
        .insert(privacyRequests)
        .values({
          type: input.type,
          player_id: subject.playerId,
          user_id: subject.userId,
          include_children: input.include_children,
          subject_name: subject.name,
          requested_by_name: input.requested_by_name,
          relationship: input.relationship,
          received_on: input.received_on,
          identity_checked_on: input.identity_checked_on,
          due_on: dueOn(input.received_on),
          recorded_by: actor.user.id,
          recorded_by_name: actor.user.full_name,
          updated_by: actor.user.full_name,
        })
        .returning();
      return toPrivacyRequest(row);
    },

    /** Open ones first, soonest due; then the closed ones, newest first. */
    async list(user: SessionUser | null) {
      await lead(user);
      const rows = await db
        .select()
        .from(privacyRequests)
        .orderBy(
          sql`case when ${privacyRequests.status} = 'open' then 0 else 1 end`,
          sql`case when ${privacyRequests.status} = 'open' then coalesce(${privacyRequests.extended_to}, ${privacyRequests.due_on}) end asc`,
          desc(privacyRequests.received_on),
          desc(privacyRequests.created_at),
        );
      const on = today();
      return rows.map((row) => toPrivacyRequest(row, on));
    },

    async get(user: SessionUser | null, id: string) {
      await lead(user);
      if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
      const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
      if (!row) throw notFound(REQUEST_NOT_FOUND);
      return toPrivacyRequest(row);
    },

    async checkIdentity(user: SessionUser | null, id: string, body: unknown) {
      await lead(user);
      const input = parseInput(privacyIdentitySchema, body);
      return change(user, id, input.version, (row) => {
        if (input.checked_on > today()) throw field('checked_on', 'Identity checked on cannot be in the future');
        if (input.checked_on < row.received_on) throw field('checked_on', 'Identity checked on cannot be before the request came in');
        return { identity_checked_on: input.checked_on };
      });
    },

    async extend(user: SessionUser | null, id: string, body: unknown) {
      await lead(user);
      const input = parseInput(privacyExtensionSchema, body);
      return change(user, id, input.version, (row) => {
        if (row.extended_to) throw invalid(ALREADY_EXTENDED);
        if (input.notified_on > today()) throw field('notified_on', 'Told them on cannot be in the future');
        if (input.notified_on < row.received_on) throw field('notified_on', 'Told them on cannot be before the request came in');
        if (input.notified_on > row.due_on) throw field('notified_on', extensionTooLate(row.due_on));
        return {
          extended_to: extendedDueOn(row.received_on, input.months),
          extension_reason: input.reason,
          extension_notified_on: input.notified_on,
        };
      });
    },

    async complete(user: SessionUser | null, id: string, body: unknown) {
      await lead(user);
      const input = parseInput(privacyCompletionSchema, body);
      return change(user, id, input.version, () => ({ status: input.status, outcome: input.outcome, completed_on: today() }));
    },

    async subjects(user: SessionUser | null) {
      await lead(user);
      return privacySubjects(db);
    },

    /** Open requests due within `days` (or overdue), soonest first: the Today page and the reminders. */
    dueWithin: (days: number, on = today()) => requestsDueWithin(db, days, on),

    /** The reminders job's run (server/jobs/privacy-reminders.ts). */
    sendReminders: (on = today()) => sendPrivacyReminders(db, mail, on),
  };
}
export type PrivacyRequestService = ReturnType<typeof createPrivacyRequestService>;
