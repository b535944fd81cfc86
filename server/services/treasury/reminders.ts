/**
 * Payment reminders (issue 24): to the payer, 3, 10 and 21 days after a charge's due date, then
 * no more; never to a child, never for a charge paid, and held back while the payer has a bank line
 * the treasurer has not decided yet (unmatched with their name in it, or suggested for them) dated
 * on or after the charge: it may be their payment.
 */
import { sql } from 'drizzle-orm';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { ageOn } from '../../../shared/juniors';
import { paymentReminder } from '../../mail/templates';
import type { ReminderStage } from '../../mail/templates/payment-reminder';
import { bankDetails, referenceOf, type TreasuryContext } from './context';

/** Days after the due date; the last is the last reminder. */
export const REMINDER_DAYS = [3, 10, 21] as const;
/** A charge more than this many days overdue gets no more reminders, even one that was missed. */
export const REMINDER_WINDOW_DAYS = REMINDER_DAYS[REMINDER_DAYS.length - 1] + 7;

/** Each reminder's own subject (issue 31): the first, then "overdue", then the final one. */
export const reminderStage = (days: number): ReminderStage =>
  days >= REMINDER_DAYS[REMINDER_DAYS.length - 1] ? 'final' : days > REMINDER_DAYS[0] ? 'overdue' : 'reminder';

export const reminderDedupeKey = (chargeId: string, days: number) => `payment-reminder:${chargeId}:${days}d`;

/** The latest reminder due `daysOverdue` days after the due date, or none. */
export function dueReminder(daysOverdue: number): number | undefined {
  if (daysOverdue > REMINDER_WINDOW_DAYS) return undefined;
  return [...REMINDER_DAYS].reverse().find((d) => daysOverdue >= d);
}

export function reminderUseCases(ctx: TreasuryContext) {
  const { db, mail } = ctx;
  return {
    /** One run of the job: every open charge with a reminder due, mailed once per stage (the dedupe key). */
    async sendPaymentReminders(now = new Date()) {
      const today = clubDateOf(now);
      const rows = await db.execute<{
        id: string;
        payer: string;
        description: string;
        due_date: string;
        outstanding: number;
        member_name: string | null;
        payer_birth: string | null;
      }>(sql`
        select c.id, c.payer_user_id as payer, c.description, c.due_date::text, p.full_name as member_name,
          (select pp.date_of_birth::text from players pp where pp.user_id = c.payer_user_id) as payer_birth,
          (select coalesce(sum(e.amount_pence), 0) from ledger_entries e where e.charge_id = c.id)::int as outstanding
        from charges c
        left join players p on p.id = c.player_id
        where c.payer_user_id is not null
          and c.due_date between ${addDaysIso(today, -REMINDER_WINDOW_DAYS)} and ${addDaysIso(today, -REMINDER_DAYS[0])}
          and not exists (
            select 1 from bank_lines l
            where l.status in ('unmatched', 'suggested')
              and (l.payer_user_id = c.payer_user_id or c.payer_user_id = any(l.candidates))
              and l.date >= least(c.due_date, (c.created_at at time zone 'Europe/London')::date))`);
      const bank = await bankDetails(db);
      let queued = 0;
      for (const charge of rows.rows) {
        if (charge.outstanding <= 0) continue;
        // Never to a child: a payer who is a member under 18 is not asked (their guardian pays).
        if (charge.payer_birth && ageOn(charge.payer_birth, today) < 18) continue;
        const overdue = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${charge.due_date}T00:00:00Z`)) / 86_400_000);
        const days = dueReminder(overdue);
        if (days === undefined) continue;
        const sent = await db.transaction(async (tx) =>
          mail.toUser(tx, charge.payer, {
            template: paymentReminder,
            data: {
              description: charge.description,
              outstanding: charge.outstanding / 100,
              dueDate: charge.due_date,
              memberName: charge.member_name ?? undefined,
              stage: reminderStage(days),
              reference: await referenceOf(tx, charge.payer),
              ...bank,
            },
            dedupeKey: reminderDedupeKey(charge.id, days),
          }),
        );
        if (sent) queued++;
      }
      return { queued };
    },
  };
}
