/**
 * A plan's charges for one member, and what was adjusted for them, said in words (issue 31): the
 * periods (months, terms, instalments or the season), their due dates and amounts (whole pence
 * adding up to the season's total), and for a member who joined part-way either proration (periods
 * over before they joined are not charged, the one they joined in is charged for its months left and
 * falls due on joining) or, on a plan that does not prorate, the full amounts, with that said.
 */
import type { Plan } from '../../../shared/contracts/treasury';
import { formatPence } from '../../../shared/treasury';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The three terms of a season, from the plan's first due date (1 September for most clubs):
 * autumn (September to December), spring (January to March), summer (April to August).
 */
export const TERMS = [
  { name: 'Autumn', startsAfterMonths: 0, months: 4 },
  { name: 'Spring', startsAfterMonths: 4, months: 3 },
  { name: 'Summer', startsAfterMonths: 7, months: 5 },
] as const;

/** The same day `months` later (the 31st becomes the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** "15 January 2027". */
export const dayInWords = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "January 2027" for 2027-01-15. */
export const monthName = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Whole calendar months from `from`'s month up to (not including) `until`'s month. */
const monthsBetween = (from: string, until: string) =>
  (Number(until.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(until.slice(5, 7)) - Number(from.slice(5, 7));

export interface PlannedCharge {
  due_date: string;
  amount_pence: number;
  /** The period's name: "October 2026", "Autumn term 2026", "Instalment 2 of 3", "Season 2026-27". */
  period: string;
  /** What was adjusted for this member, in words; null when nothing was. */
  note: string | null;
}

type SchedulePlan = Pick<Plan, 'kind' | 'amount_pence' | 'instalments' | 'first_due_date' | 'prorate_joiners' | 'season'>;

/** The plan's periods as charged to someone there from the start: due date, length in months, amount, name. */
export function periodsOf(plan: SchedulePlan) {
  const n = plan.kind === 'annual' ? 1 : plan.kind === 'termly' ? TERMS.length : plan.instalments;
  const base = Math.floor(plan.amount_pence / n);
  return Array.from({ length: n }, (_, k) => {
    const amount_pence = k === n - 1 ? plan.amount_pence - base * (n - 1) : base;
    if (plan.kind === 'annual') return { due_date: plan.first_due_date, months: 12, amount_pence, period: `Season ${plan.season}` };
    if (plan.kind === 'termly') {
      const term = TERMS[k];
      const due = addMonths(plan.first_due_date, term.startsAfterMonths);
      return { due_date: due, months: term.months, amount_pence, period: `${term.name} term ${due.slice(0, 4)}` };
    }
    const due = addMonths(plan.first_due_date, k);
    return { due_date: due, months: 1, amount_pence, period: plan.kind === 'monthly' ? monthName(due) : `Instalment ${k + 1} of ${n}` };
  });
}

const periodWord = (plan: SchedulePlan, count: number) => {
  const word = plan.kind === 'termly' ? 'term' : plan.kind === 'monthly' ? 'month' : 'instalment';
  return count === 1 ? `1 ${word}` : `${count} ${word}s`;
};

/**
 * A plan's charges for one member who joined their team on `joinedOn` (null: unknown, charged from
 * the start). Amounts are before any family discount or cap.
 */
export function schedule(plan: SchedulePlan, joinedOn: string | null): PlannedCharge[] {
  const periods = periodsOf(plan);
  const joinedLate = joinedOn !== null && joinedOn > plan.first_due_date;
  if (!joinedLate) return periods.map(({ due_date, amount_pence, period }) => ({ due_date, amount_pence, period, note: null }));
  const joined = dayInWords(joinedOn);

  if (!plan.prorate_joiners) {
    // Charged in full, at the plan's dates: said on each charge that fell due before they joined.
    return periods.map(({ due_date, amount_pence, period }) => ({
      due_date,
      amount_pence,
      period,
      note: due_date < joinedOn ? `Charged in full: this plan does not prorate, though they joined on ${joined}` : null,
    }));
  }

  const out: PlannedCharge[] = [];
  let skipped = 0;
  for (const p of periods) {
    const ends = addMonths(p.due_date, p.months);
    if (ends <= joinedOn) {
      skipped++;
      continue;
    }
    if (p.due_date >= joinedOn) {
      out.push({ due_date: p.due_date, amount_pence: p.amount_pence, period: p.period, note: null });
      continue;
    }
    // The period they joined in: its months left, counting the month they joined; due on joining.
    const left = Math.min(p.months, Math.max(1, monthsBetween(joinedOn, ends)));
    const amount = Math.round((p.amount_pence * left) / p.months);
    const moved = `due on ${joined}, the day they joined, not ${dayInWords(p.due_date)}`;
    const note =
      left < p.months
        ? `Prorated: joined in ${monthName(joinedOn)}, ${left} of ${p.months} months (${formatPence(amount)} of ${formatPence(p.amount_pence)}); ${moved}`
        : `Joined on ${joined}, after this fell due: charged in full, ${moved}`;
    out.push({ due_date: joinedOn, amount_pence: amount, period: p.period, note });
  }
  if (skipped > 0 && out.length > 0) {
    const first = out[0];
    const notCharged = `Not charged: ${periodWord(plan, skipped)} over before they joined on ${joined}`;
    out[0] = { ...first, note: first.note ? `${notCharged}. ${first.note}` : notCharged };
  }
  return out.filter((i) => i.amount_pence > 0);
}
