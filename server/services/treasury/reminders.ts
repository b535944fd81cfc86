/**
 * Payment reminders (issue 24): to the payer, at each of PAYMENT_REMINDER_STAGES after a charge's
 * due date, then no more; never to a child, never for a charge paid, and held back while the payer has a bank line
 * the treasurer has not decided yet (unmatched with their name in it, or suggested for them) dated
 * on or after the charge: it may be their payment.
 */
import { sql } from 'drizzle-orm';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { ageOn } from '../../../shared/juniors';
import { paymentReminder } from '../../mail/templates';
import type { ReminderStage } from '../../mail/templates/payment-reminder';
import { bankDetails, referenceOf, type TreasuryContext } from './context';

/**
 * One payment reminder: its name, how many days after the due date it goes, and its words.
 * `id` is the stage's name for good, separate from its timing: it picks the mail's subject and ends
 * the dedupe key of every reminder sent at this stage, which is how a run knows who already had it.
 * Retiming a stage keeps its id (nobody already reminded at it is mailed again); renaming an id
 * re-sends that stage to every payer still inside its window, unless a migration rewrites the stored
 * keys in the same release (the `_reminder_stage_ids` migration in drizzle/; ADR 054).
 */
export interface PaymentReminderStage {
  id: ReminderStage;
  days: number;
  /** '3 days after the due date': how the README speaks of the stage (docs-cite test). */
  label: string;
}

const after = (id: ReminderStage, days: number): PaymentReminderStage => ({ id, days, label: `${days} day${days === 1 ? '' : 's'} after the due date` });

/** The payment reminders, earliest first; the last is the last reminder. The one place the schedule is declared. */
export const PAYMENT_REMINDER_STAGES: readonly PaymentReminderStage[] = [after('reminder', 3), after('overdue', 10), after('final', 21)];

/** Days after the due date of each stage. */
export const REMINDER_DAYS = PAYMENT_REMINDER_STAGES.map((s) => s.days);
/** A charge more than this many days overdue gets no more reminders, even one that was missed. */
export const REMINDER_WINDOW_DAYS = REMINDER_DAYS[REMINDER_DAYS.length - 1]! + 7;

/** Once per charge and stage id, whatever the stage's timing. */
export const reminderDedupeKey = (chargeId: string, stage: Pick<PaymentReminderStage, 'id'>) => `payment-reminder:${chargeId}:${stage.id}`;

/** The latest reminder stage due `daysOverdue` days after the due date, or none. */
export function dueStage(daysOverdue: number): PaymentReminderStage | undefined {
  if (daysOverdue > REMINDER_WINDOW_DAYS) return undefined;
  return [...PAYMENT_REMINDER_STAGES].reverse().find((s) => daysOverdue >= s.days);
}

/** The days of the latest reminder due `daysOverdue` days after the due date, or none. */
export const dueReminder = (daysOverdue: number): number | undefined => dueStage(daysOverdue)?.days;

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
        const due = dueStage(overdue);
        if (!due) continue;
        const sent = await db.transaction(async (tx) =>
          mail.toUser(tx, charge.payer, {
            template: paymentReminder,
            data: {
              description: charge.description,
              outstanding: charge.outstanding / 100,
              dueDate: charge.due_date,
              memberName: charge.member_name ?? undefined,
              stage: due.id,
              reference: await referenceOf(tx, charge.payer),
              ...bank,
            },
            dedupeKey: reminderDedupeKey(charge.id, due),
          }),
        );
        if (sent) queued++;
      }
      return { queued };
    },
  };
}
