/**
 * Reminders of personal-data requests (issue 34): at each of PRIVACY_REMINDER_STAGES before a
 * request's due date (its extended date once extended), to every holder of the Data protection lead
 * role; with none, to the secretaries; with none, to the admins. The outbox's dedupe keys (stage id,
 * request, due date) make a repeated run or a second process send nothing twice; an extension moves
 * the due date, so its reminders come again for the new date.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ClubRole } from '../../../shared/club-roles';
import { addDaysIso } from '../../../shared/dates';
import { PRIVACY_REQUEST_TYPE_LABELS } from '../../../shared/privacy';
import { dayInWords, daysBetween, daysLeftInWords } from '../../../shared/privacy-dates';
import { todayIso } from '../../../shared/players';
import type { Db, DbOrTx } from '../../db/client';
import { clubRoles, privacyRequests, users } from '../../db/schema';
import { privacyRequestDue } from '../../mail/templates';
import type { MailService } from '../mail';

/** One reminder before a request falls due: its id for good (part of the dedupe key, ADR 054), how many days before, its words. */
export interface PrivacyReminderStage {
  id: string;
  days: number;
  /** '7 days before the due date': how the README speaks of the stage (server/readme-figures.test.ts). */
  label: string;
}

const before = (id: string, days: number): PrivacyReminderStage => ({ id, days, label: `${days} day${days === 1 ? '' : 's'} before the due date` });

/** The reminders before a request's due date, earliest first: the one place the schedule is declared. */
export const PRIVACY_REMINDER_STAGES: readonly PrivacyReminderStage[] = [before('week', 7), before('day', 1)];

/** The latest stage due with `daysLeft` to go (a request recorded 3 days before it is due gets the week's one at once). */
export const duePrivacyReminder = (daysLeft: number) => (daysLeft < 0 ? undefined : [...PRIVACY_REMINDER_STAGES].reverse().find((s) => daysLeft <= s.days));

export const privacyReminderKey = (stage: Pick<PrivacyReminderStage, 'id'>, requestId: string, dueOn: string) => `privacy-${stage.id}:${requestId}:${dueOn}`;

/** Who is reminded: the data protection leads; with none, the secretaries; with none, the admins. */
async function remindedIds(db: DbOrTx): Promise<string[]> {
  const holders = await db.select({ user_id: clubRoles.user_id, role: clubRoles.role }).from(clubRoles).innerJoin(users, eq(users.id, clubRoles.user_id));
  for (const role of ['data_protection_lead', 'secretary', 'admin'] as const satisfies readonly ClubRole[]) {
    const ids = holders.filter((h) => h.role === role).map((h) => h.user_id);
    if (ids.length) return ids;
  }
  return [];
}

/** The job's run: every reminder due today and not sent yet. Returns how many requests were reminded of. */
export async function sendPrivacyReminders(db: Db, mail: MailService, today = todayIso()) {
  const due = sql<string>`coalesce(${privacyRequests.extended_to}, ${privacyRequests.due_on})`;
  const open = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.status, 'open'), gte(due, today), lte(due, addDaysIso(today, Math.max(...PRIVACY_REMINDER_STAGES.map((s) => s.days))))));
  if (!open.length) return 0;
  const ids = await remindedIds(db);
  if (!ids.length) return 0;
  let sent = 0;
  for (const request of open) {
    const dueOn = request.extended_to ?? request.due_on;
    const daysLeft = daysBetween(today, dueOn);
    const stage = duePrivacyReminder(daysLeft);
    if (!stage) continue;
    const data = {
      subjectName: request.subject_name,
      typeLabel: PRIVACY_REQUEST_TYPE_LABELS[request.type],
      dueOn: dayInWords(dueOn),
      when: daysLeftInWords(daysLeft),
      path: `/admin/privacy/${request.id}`,
    };
    const queued = await mail.toUsersWhere(db, inArray(users.id, ids), { template: privacyRequestDue, data, dedupeKey: privacyReminderKey(stage, request.id, dueOn) });
    if (queued) sent += 1;
  }
  return sent;
}
