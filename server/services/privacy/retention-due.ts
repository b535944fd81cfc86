/**
 * What each retention rule finds due at a moment, and what purging it does (issue 34, point 5).
 * `find` lists the rows as the lead sees them ("Join Us enquiry of 3 March 2025"); `remove` acts
 * on exactly the ids `find` listed, inside the caller's transaction. The periods and reasons are
 * shared/retention.ts; the service that runs them is ./retention.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { clubDateOf, formatCalendarDate } from '../../../shared/dates';
import { eighteenthBirthday } from '../../../shared/juniors';
import type { RetentionRuleKey } from '../../../shared/retention';
import type { DbOrTx } from '../../db/client';
import {
  availability,
  charges,
  childCollectors,
  clubRoles,
  dbsChecks,
  dbsNotices,
  fixtures,
  joinUsSubmissions,
  ledgerEntries,
  outbox,
  players,
  pushOutbox,
  roleChanges,
  sessions,
  teamStaff,
  trainingAttendance,
  trainingSessions,
  users,
} from '../../db/schema';
import { eraseFormerMembers, type RetentionActor } from './retention-erase';

/** One line of what is due: a person, an enquiry, a month of mail; `ids` are what purging acts on. */
export interface DueItem {
  label: string;
  rows: number;
  ids: string[];
}

export interface RuleFinder {
  find(tx: DbOrTx, period: number, now: Date): Promise<DueItem[]>;
  /** Purges the listed items; answers the rows affected (the number the log records). */
  remove(tx: DbOrTx, items: DueItem[], period: number, now: Date, by: RetentionActor): Promise<number>;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const monthsBefore = (now: Date, months: number) => sql`(${at(now)} - make_interval(months => ${months}::int))`;
const uuids = (ids: string[]) => sql`array[${sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
)}]::uuid[]`;
/** A moment as the club's calendar day, "YYYY-MM-DD" (labels are in club time). */
const clubDay = (expr: SQL) => sql`((${expr}) at time zone 'Europe/London')::date::text`;
const dayOf = (date: string) => formatCalendarDate(date);

async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

const idsOf = (items: DueItem[]) => items.flatMap((i) => i.ids);

/** Adds whole months to a calendar date; a month without that day ends on its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const enquiries: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; created_at: string }>(
      tx,
      sql`select s.id, ${clubDay(sql`s.created_at`)} as created_at from ${joinUsSubmissions} s
          where s.created_at <= ${monthsBefore(now, period)}
            and not exists (select 1 from ${users} u join ${players} p on p.user_id = u.id where lower(u.email) = lower(s.email))
          order by s.created_at, s.id`,
    );
    return rows.map((r) => ({ label: `Join Us enquiry of ${dayOf(r.created_at)}`, rows: 1, ids: [r.id] }));
  },
  async remove(tx, items) {
    if (!items.length) return 0;
    const done = await tx.execute(sql`delete from ${joinUsSubmissions} where id = any(${uuids(idsOf(items))})`);
    return done.rowCount ?? 0;
  },
};

const leftAt = sql`coalesce(p.status_changed_at, p.updated_at)`;

const leftMemberHealth: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; full_name: string; left_at: string }>(
      tx,
      sql`select p.id, p.full_name, ${clubDay(leftAt)} as left_at from ${players} p
          where p.status = 'left' and ${leftAt} <= ${at(now)} - make_interval(days => ${period}::int)
            and (coalesce(p.medical_notes, '') <> '' or coalesce(p.emergency_contact_name, '') <> ''
                 or coalesce(p.emergency_contact_phone, '') <> ''
                 or exists (select 1 from ${childCollectors} c where c.player_id = p.id))
          order by ${leftAt}, p.id`,
    );
    return rows.map((r) => ({ label: `Medical notes and emergency contacts of ${r.full_name} (left ${dayOf(r.left_at)})`, rows: 1, ids: [r.id] }));
  },
  async remove(tx, items) {
    if (!items.length) return 0;
    const ids = uuids(idsOf(items));
    await tx.execute(sql`delete from ${childCollectors} where player_id = any(${ids})`);
    const done = await tx.execute(
      sql`update ${players} set medical_notes = null, emergency_contact_name = null, emergency_contact_phone = null where id = any(${ids})`,
    );
    return done.rowCount ?? 0;
  },
};

/** Last contact: the latest of leaving, their last sign-in, and their last charge or payment. */
const lastContact = sql`greatest(${leftAt},
  (select max(s.created_at) from ${sessions} s where s.user_id = p.user_id),
  (select max(c.created_at) from ${charges} c where c.player_id = p.id or c.payer_user_id = p.user_id),
  (select max(l.created_at) from ${ledgerEntries} l where l.payer_user_id = p.user_id))`;

const formerMember: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; full_name: string; left_at: string; last_contact: string }>(
      tx,
      sql`select f.id, f.full_name, ${clubDay(sql`f.left_at`)} as left_at, ${clubDay(sql`f.last_contact`)} as last_contact
          from (select p.id, p.full_name, ${leftAt} as left_at, ${lastContact} as last_contact from ${players} p where p.status = 'left') f
          where f.last_contact <= ${monthsBefore(now, period)} order by f.last_contact, f.id`,
    );
    return rows.map((r) => ({ label: `${r.full_name} (left ${dayOf(r.left_at)}, last contact ${dayOf(r.last_contact)})`, rows: 1, ids: [r.id] }));
  },
  remove: (tx, items, _period, _now, by) => eraseFormerMembers(tx, idsOf(items), by),
};

/** A junior's attendance: training attended and answers given for events before their 18th birthday. */
async function juniorsDue(tx: DbOrTx, period: number, now: Date) {
  const today = clubDateOf(now);
  // A loose cut in SQL, then the exact day with the shared rule (a 29 February birthday turns 18 on 1 March).
  const rows = await rowsOf<{ id: string; full_name: string; date_of_birth: string }>(
    tx,
    sql`select p.id, p.full_name, p.date_of_birth::text as date_of_birth from ${players} p
        where p.date_of_birth is not null and p.date_of_birth <= (${today}::date - make_interval(years => 18, months => ${period}::int))::date + 2`,
  );
  return rows.map((r) => ({ ...r, eighteen: eighteenthBirthday(r.date_of_birth) })).filter((r) => addMonths(r.eighteen, period) <= today);
}

const juniorRows = (list: { id: string; eighteen: string }[]) =>
  sql`unnest(${uuids(list.map((j) => j.id))}, array[${sql.join(
    list.map((j) => sql`${j.eighteen}`),
    sql`, `,
  )}]::date[]) as j(id, eighteen)`;

const juniorAttendance: RuleFinder = {
  async find(tx, period, now) {
    const juniors = await juniorsDue(tx, period, now);
    if (!juniors.length) return [];
    const counts = await rowsOf<{ id: string; n: number }>(
      tx,
      sql`select j.id, (
            (select count(*) from ${trainingAttendance} ta join ${trainingSessions} s on s.id = ta.session_id
              where ta.player_id = j.id and s.session_date < j.eighteen)
          + (select count(*) from ${availability} a left join ${fixtures} f on f.id = a.fixture_id left join ${trainingSessions} s on s.id = a.session_id
              where a.player_id = j.id and coalesce(f.match_date, s.session_date) < j.eighteen))::int as n
          from ${juniorRows(juniors)}`,
    );
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    return juniors
      .filter((j) => (byId.get(j.id) ?? 0) > 0)
      .sort((a, b) => a.eighteen.localeCompare(b.eighteen) || a.id.localeCompare(b.id))
      .map((j) => ({ label: `Attendance of ${j.full_name} as a junior (18 on ${dayOf(j.eighteen)})`, rows: byId.get(j.id)!, ids: [j.id] }));
  },
  async remove(tx, items, period, now) {
    const listed = new Set(idsOf(items));
    const juniors = (await juniorsDue(tx, period, now)).filter((j) => listed.has(j.id));
    if (!juniors.length) return 0;
    const attended = await tx.execute(
      sql`delete from ${trainingAttendance} ta using ${trainingSessions} s, ${juniorRows(juniors)}
          where s.id = ta.session_id and ta.player_id = j.id and s.session_date < j.eighteen`,
    );
    const answered = await tx.execute(
      sql`delete from ${availability} a using ${juniorRows(juniors)}
          where a.player_id = j.id and coalesce(
            (select f.match_date from ${fixtures} f where f.id = a.fixture_id),
            (select s.session_date from ${trainingSessions} s where s.id = a.session_id)) < j.eighteen`,
    );
    return (attended.rowCount ?? 0) + (answered.rowCount ?? 0);
  },
};

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** One line per month: a year of club mail is thousands of rows. */
function byMonth(rows: ReadonlyArray<{ id: string; month: string }>, label: (month: string) => string): DueItem[] {
  const months = new Map<string, DueItem>();
  for (const r of rows) {
    const month = monthName.format(new Date(`${r.month}-15T12:00:00Z`));
    const item = months.get(month) ?? { label: label(month), rows: 0, ids: [] };
    item.rows += 1;
    item.ids.push(r.id);
    months.set(month, item);
  }
  return [...months.values()];
}

const sentMail: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; month: string }>(
      tx,
      sql`select o.id, to_char(coalesce(o.sent_at, o.created_at) at time zone 'Europe/London', 'YYYY-MM') as month from ${outbox} o
          where o.status in ('sent', 'dead', 'expired') and coalesce(o.sent_at, o.created_at) <= ${monthsBefore(now, period)}
          order by coalesce(o.sent_at, o.created_at), o.id`,
    );
    return byMonth(rows, (month) => `E-mails sent in ${month}`);
  },
  async remove(tx, items) {
    if (!items.length) return 0;
    const done = await tx.execute(sql`delete from ${outbox} where id = any(${uuids(idsOf(items))})`);
    return done.rowCount ?? 0;
  },
};

/** Phone notifications (issue 35) sent or given up: one line per month, as sent mail. */
const sentNotifications: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; month: string }>(
      tx,
      sql`select p.id, to_char(coalesce(p.sent_at, p.created_at) at time zone 'Europe/London', 'YYYY-MM') as month from ${pushOutbox} p
          where p.status in ('sent', 'dead') and coalesce(p.sent_at, p.created_at) <= ${monthsBefore(now, period)}
          order by coalesce(p.sent_at, p.created_at), p.id`,
    );
    return byMonth(rows, (month) => `Notifications sent in ${month}`);
  },
  async remove(tx, items) {
    if (!items.length) return 0;
    const done = await tx.execute(sql`delete from ${pushOutbox} where id = any(${uuids(idsOf(items))}) and status in ('sent', 'dead')`);
    return done.rowCount ?? 0;
  },
};

/** Role end: the latest of a team role's removal, leaving the club, and the check's own recording. */
const roleEnd = sql`greatest(d.updated_at,
  (select max(rc.created_at) from ${roleChanges} rc where rc.subject_player_id = p.id and rc.action = 'removed' and rc.role like '% of %'),
  case when p.status = 'left' then ${leftAt} end)`;

const dbsStatus: RuleFinder = {
  async find(tx, period, now) {
    const rows = await rowsOf<{ id: string; full_name: string; role_end: string }>(
      tx,
      sql`select r.id, r.full_name, ${clubDay(sql`r.role_end`)} as role_end from (select p.id, p.full_name, ${roleEnd} as role_end from ${dbsChecks} d join ${players} p on p.id = d.player_id
            where not exists (select 1 from ${teamStaff} ts where ts.player_id = p.id)
              and not exists (select 1 from ${clubRoles} cr where cr.user_id = p.user_id and cr.role = 'welfare_officer')) r
          where r.role_end <= ${monthsBefore(now, period)} order by r.role_end, r.id`,
    );
    return rows.map((r) => ({ label: `DBS status of ${r.full_name} (role ended ${dayOf(r.role_end)})`, rows: 1, ids: [r.id] }));
  },
  async remove(tx, items) {
    if (!items.length) return 0;
    const ids = uuids(idsOf(items));
    await tx.execute(sql`delete from ${dbsNotices} where player_id = any(${ids})`);
    const done = await tx.execute(sql`delete from ${dbsChecks} where player_id = any(${ids})`);
    return done.rowCount ?? 0;
  },
};

export const RULE_FINDERS: Record<RetentionRuleKey, RuleFinder> = {
  enquiries,
  left_member_health: leftMemberHealth,
  former_member: formerMember,
  junior_attendance: juniorAttendance,
  sent_mail: sentMail,
  sent_notifications: sentNotifications,
  dbs_status: dbsStatus,
};
