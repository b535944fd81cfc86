/**
 * Plans: how a season's subs become charges. Monthly or in instalments (the total split, the last
 * charge taking the odd pence) or annual; a sibling discount off the 2nd and later child of one
 * payer, or a family cap; a member who joined after the first due date is prorated.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { planChargeSchema, planCreateSchema, type Plan } from '../../../shared/contracts/treasury';
import { invalid, notFound } from '../../../shared/errors';
import { seasonOf } from '../../../shared/juniors';
import type { SessionUser } from '../../../shared/roles';
import { paymentPlans, players, playerTeams } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { chargeMembers } from './charges';
import { payerFor, type TreasuryContext } from './context';

export const PLAN_NOT_FOUND = 'No plan has this id.';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The same day `months` later (the 31st becomes the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A plan's charges for one member: due dates, amounts (whole pence adding up to the total) and their names. */
export function schedule(plan: Pick<Plan, 'kind' | 'amount_pence' | 'instalments' | 'first_due_date' | 'prorate_joiners' | 'season'>, joinedOn: string | null) {
  const n = plan.kind === 'annual' ? 1 : plan.instalments;
  const base = Math.floor(plan.amount_pence / n);
  let items = Array.from({ length: n }, (_, k) => {
    const due = addMonths(plan.first_due_date, k);
    const period =
      plan.kind === 'monthly'
        ? `${MONTHS[Number(due.slice(5, 7)) - 1]} ${due.slice(0, 4)}`
        : plan.kind === 'instalments'
          ? `Instalment ${k + 1} of ${n}`
          : `Season ${plan.season}`;
    return { due_date: due, amount_pence: k === n - 1 ? plan.amount_pence - base * (n - 1) : base, period, note: null as string | null };
  });
  if (plan.prorate_joiners && joinedOn && joinedOn > plan.first_due_date) {
    if (n === 1) {
      // The months left in the season (to 31 August), counting the month they joined.
      const seasonEnd = `${Number(plan.season.slice(0, 4)) + 1}-08`;
      const monthsLeft = Math.max(
        1,
        (Number(seasonEnd.slice(0, 4)) - Number(joinedOn.slice(0, 4))) * 12 + Number(seasonEnd.slice(5)) - Number(joinedOn.slice(5, 7)) + 1,
      );
      const share = Math.min(12, monthsLeft);
      items = [{ ...items[0], due_date: joinedOn, amount_pence: Math.round((plan.amount_pence * share) / 12), note: `Joined part-way: ${share} of 12 months` }];
    } else {
      const later = items.filter((i) => i.due_date >= joinedOn);
      items = later.length ? later : [{ ...items[n - 1], due_date: joinedOn }];
      if (items.length < n) items = items.map((i) => ({ ...i, note: `Joined part-way: ${items.length} of ${n} charges` }));
    }
  }
  return items.filter((i) => i.amount_pence > 0);
}

const toPlan = (row: typeof paymentPlans.$inferSelect): Plan => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  category: row.category,
  amount_pence: row.amount_pence,
  instalments: row.instalments,
  first_due_date: row.first_due_date,
  season: row.season,
  team_id: row.team_id,
  sibling_discount_percent: row.sibling_discount_percent,
  family_cap_pence: row.family_cap_pence,
  prorate_joiners: row.prorate_joiners,
  created_at: row.created_at.toISOString(),
});

export function planUseCases(ctx: TreasuryContext) {
  const { db, assertTreasurer } = ctx;
  return {
    async listPlans(actor: SessionUser | null) {
      await assertTreasurer(actor);
      return (await db.select().from(paymentPlans).orderBy(asc(paymentPlans.created_at))).map(toPlan);
    },

    async createPlan(actor: SessionUser | null, input: unknown) {
      const user = await assertTreasurer(actor);
      const data = parseInput(planCreateSchema, input);
      const instalments = data.kind === 'annual' ? 1 : (data.instalments ?? (data.kind === 'monthly' ? 10 : 3));
      if (data.amount_pence < instalments) throw invalid('The amount is too small to split into that many charges.');
      const [row] = await db
        .insert(paymentPlans)
        .values({
          ...data,
          instalments,
          season: data.season ?? seasonOf(data.first_due_date),
          team_id: data.team_id ?? null,
          family_cap_pence: data.family_cap_pence ?? null,
          created_by: user.id,
        })
        .returning()
        .catch((error: unknown) => {
          if (String((error as { cause?: { code?: string } }).cause?.code) === '23503')
            throw invalid('No team has this id.', [{ field: 'team_id', message: 'No team has this id.' }]);
          throw error;
        });
      return toPlan(row);
    },

    /**
     * POST /api/treasury/plans/{id}/charges: the plan's charges for the members named, or the
     * team's current players. Charging a plan again adds only what is missing. Payers are mailed
     * about the first charge (with their reference); the later ones are in their payments page.
     */
    async chargePlan(actor: SessionUser | null, planId: string, input: unknown) {
      const user = await assertTreasurer(actor);
      const data = parseInput(planChargeSchema, input ?? {});
      if (!isUuid(planId)) throw notFound(PLAN_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
        if (!row) throw notFound(PLAN_NOT_FOUND);
        const plan = toPlan(row);
        const teamId = data.team_id ?? plan.team_id;
        if (!data.member_ids && !teamId) throw invalid('Name the members to charge, or a team (the plan has none).');
        const spells = await tx
          .select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth, joined_on: playerTeams.joined_on })
          .from(players)
          .leftJoin(playerTeams, and(eq(playerTeams.player_id, players.id), isNull(playerTeams.left_on), teamId ? eq(playerTeams.team_id, teamId) : undefined))
          .where(data.member_ids ? inArray(players.id, data.member_ids) : and(eq(playerTeams.team_id, teamId!), eq(players.status, 'active')));
        // Each payer's children, eldest first: the 2nd and later get the sibling discount; the family cap counts across them.
        const byPayer = new Map<string, typeof spells>();
        for (const member of spells) {
          const payer = (await payerFor(tx, member)) ?? `none:${member.id}`;
          if (!byPayer.has(payer)) byPayer.set(payer, []);
          byPayer.get(payer)!.push(member);
        }
        const planned = new Map<string, ReturnType<typeof schedule>>();
        for (const family of byPayer.values()) {
          family.sort((a, b) => (a.date_of_birth ?? '').localeCompare(b.date_of_birth ?? ''));
          let familyTotal = 0;
          family.forEach((member, index) => {
            const items = schedule(plan, member.joined_on).map((item) => {
              let amount = item.amount_pence;
              let note = item.note;
              if (index > 0 && plan.sibling_discount_percent > 0) {
                amount = Math.round((amount * (100 - plan.sibling_discount_percent)) / 100);
                note = [note, `Sibling discount ${plan.sibling_discount_percent}%`].filter(Boolean).join('; ');
              }
              if (plan.family_cap_pence !== null && familyTotal + amount > plan.family_cap_pence) {
                amount = Math.max(0, plan.family_cap_pence - familyTotal);
                note = [note, 'Family cap reached'].filter(Boolean).join('; ');
              }
              familyTotal += amount;
              return { ...item, amount_pence: amount, note };
            });
            planned.set(
              member.id,
              items.filter((i) => i.amount_pence > 0),
            );
          });
        }
        const results = { created: 0, charges: [] as Awaited<ReturnType<typeof chargeMembers>>['charges'] };
        const maxItems = Math.max(0, ...[...planned.values()].map((items) => items.length));
        for (let k = 0; k < maxItems; k++) {
          const done = await chargeMembers(
            tx,
            ctx,
            user,
            [...planned.keys()].filter((id) => planned.get(id)![k]),
            (member) => {
              const item = planned.get(member.id)![k];
              return {
                category: plan.category,
                description: plan.name,
                amount_pence: item.amount_pence,
                due_date: item.due_date,
                season: plan.season,
                period: item.period,
                plan_id: plan.id,
                discount_note: item.note,
                source_key: `plan:${plan.id}:${member.id}:${item.due_date}:${k}`,
              };
            },
            { mail: k === 0 },
          );
          results.created += done.created;
          results.charges.push(...done.charges);
        }
        return results;
      });
    },
  };
}
