/**
 * DBS notices (issue 31, ADR 048): reminders at each of DBS_REMINDER_STAGES before a check expires, and a notice
 * the day after its expiry date (when the person's junior places are suspended), each to the
 * person and to the welfare officers. dbs_notices records what was sent, claimed in the same
 * transaction as the mails: a repeated run, a restart or a second app process sends nothing twice.
 */
import { eq, sql } from 'drizzle-orm';
import { TEAM_STAFF_ROLE_LABELS, type TeamStaffRole } from '../../../shared/club-roles';
import { addDaysIso, formatCalendarDate } from '../../../shared/dates';
import { JUNIOR_AGE_GROUPS } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { Db, DbOrTx } from '../../db/client';
import { dbsNotices, users } from '../../db/schema';
import { dbsExpired, dbsExpiring } from '../../mail/templates';
import type { MailService } from '../mail';

/**
 * One reminder before a DBS check expires: its name, how many days before, and its words.
 * `id` is the stage's name for good, separate from its timing: it is the `dbs_notices.kind` that
 * records it was sent and part of its mails' dedupe keys, which is how a run knows who already had
 * it. Retiming a stage keeps its id (nobody already reminded at it is reminded again); renaming an id
 * sends that stage again to everyone still inside its window, unless a migration rewrites the stored
 * kinds and keys in the same release (the `_reminder_stage_ids` migration in drizzle/; ADR 054).
 */
export interface DbsReminderStage {
  id: string;
  days: number;
  /** '60 days before the check expires': how the README speaks of the stage (server/readme-figures.test.ts). */
  label: string;
}

const before = (id: string, days: number): DbsReminderStage => ({ id, days, label: `${days} day${days === 1 ? '' : 's'} before the check expires` });

/** The reminders before a check expires, earliest first: the one place the schedule is declared. */
export const DBS_REMINDER_STAGES: readonly DbsReminderStage[] = [before('first', 60), before('final', 30)];

/** Days before expiry of each reminder. */
export const DBS_REMINDER_DAYS = DBS_REMINDER_STAGES.map((s) => s.days);

/** An expiry notice goes only for a check that expired this recently (a check recorded long expired is old news). */
export const DBS_EXPIRED_NOTICE_WINDOW_DAYS = 30;

/** The `dbs_notices.kind` of a reminder (its stage id) or of the expiry notice. */
export const dbsNoticeKind = (due: Pick<DbsReminderStage, 'id'> | 'expired') => (due === 'expired' ? 'expired' : due.id);

/** The latest reminder due with `daysLeft` to go (a check recorded 20 days before expiry gets only the 30-day one). */
export const dueReminder = (daysLeft: number) => [...DBS_REMINDER_STAGES].reverse().find((s) => daysLeft <= s.days);

interface Candidate extends Record<string, unknown> {
  player_id: string;
  full_name: string;
  user_id: string | null;
  expires_on: string;
  days_left: number;
}

/** "Coach of U9 Wrens and Assistant of U12 Robins": their places on junior teams' staff. */
async function juniorPlaces(tx: DbOrTx, playerId: string): Promise<string> {
  const result = await tx.execute<{ role: TeamStaffRole; name: string }>(sql`
    select ts.role::text as role, t.name from team_staff ts join teams t on t.id = ts.team_id
    where ts.player_id = ${playerId} and t.age_group::text in (${sql.join(
      JUNIOR_AGE_GROUPS.map((g) => sql`${g}`),
      sql`, `,
    )})
    order by t.sort_order, t.name`);
  const words = (result as unknown as { rows: { role: TeamStaffRole; name: string }[] }).rows.map((r) => `${TEAM_STAFF_ROLE_LABELS[r.role]} of ${r.name}`);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** Checks in date expiring within the first reminder, and checks expired within the window and not overridden; members who have not left. */
async function candidates(db: DbOrTx, today: string): Promise<Candidate[]> {
  const result = await db.execute<Candidate>(sql`
    select p.id::text as player_id, p.full_name, p.user_id::text as user_id, d.expires_on::text as expires_on,
      (d.expires_on - ${today}::date) as days_left
    from dbs_checks d join players p on p.id = d.player_id
    where p.status <> 'left' and d.expires_on is not null and (
      (d.status = 'in_date' and d.expires_on between ${today}::date and ${addDaysIso(today, Math.max(...DBS_REMINDER_DAYS))}::date)
      or (d.status in ('in_date', 'expired') and d.override_at is null
          and d.expires_on < ${today}::date and d.expires_on >= ${addDaysIso(today, -DBS_EXPIRED_NOTICE_WINDOW_DAYS)}::date))
    order by d.expires_on, p.full_name`);
  return (result as unknown as { rows: Candidate[] }).rows.map((r) => ({ ...r, days_left: Number(r.days_left) }));
}

export function dbsNoticeUseCases(db: Db, mail: MailService) {
  /** Claims one notice and writes its mails, in one transaction; false when it was already sent. */
  async function send(person: Candidate, due: DbsReminderStage | 'expired') {
    const kind = dbsNoticeKind(due);
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dbsNotices)
        .values({ player_id: person.player_id, kind, expires_on: person.expires_on })
        .onConflictDoNothing()
        .returning({ kind: dbsNotices.kind });
      if (claimed.length === 0) return false;
      const notice = { personName: person.full_name, expiresOn: formatCalendarDate(person.expires_on), juniorPlaces: await juniorPlaces(tx, person.player_id) };
      const key = `dbs-${kind}:${person.player_id}:${person.expires_on}`;
      const welfareOfficers = sql`${users.id} in (select user_id from club_roles where role = 'welfare_officer')`;
      if (due === 'expired') {
        if (person.user_id) await mail.toUsersWhere(tx, eq(users.id, person.user_id), { template: dbsExpired, data: { ...notice, toWelfareOfficer: false }, dedupeKey: `${key}:self` });
        await mail.toUsersWhere(tx, welfareOfficers, { template: dbsExpired, data: { ...notice, toWelfareOfficer: true }, dedupeKey: `${key}:welfare` });
      } else {
        const data = { ...notice, daysLeft: person.days_left };
        if (person.user_id) await mail.toUsersWhere(tx, eq(users.id, person.user_id), { template: dbsExpiring, data: { ...data, toWelfareOfficer: false }, dedupeKey: `${key}:self` });
        await mail.toUsersWhere(tx, welfareOfficers, { template: dbsExpiring, data: { ...data, toWelfareOfficer: true }, dedupeKey: `${key}:welfare` });
      }
      return true;
    });
  }

  return {
    /** The job's run: every reminder and expiry notice due today and not sent yet. Returns how many were sent. */
    async sendDbsNotices(today = todayIso()) {
      let sent = 0;
      for (const person of await candidates(db, today)) {
        const due = person.days_left < 0 ? 'expired' : dueReminder(person.days_left);
        if (due !== undefined && (await send(person, due))) sent += 1;
      }
      return sent;
    },
  };
}

