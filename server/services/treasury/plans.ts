/**
 * Plans: how a season's subs become charges (issue 24; termly, proration said in words and the
 * family discount across teams and charge runs: issue 31). The schedule of one member's charges is
 * plan-schedule.ts; here the family rules: the 2nd and later child of one payer gets the family
 * discount once per plan period, whichever team they play for and whenever they are charged, and a
 * family cap holds across every charge of the plan.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { planChargeSchema, planCreateSchema, type Plan } from '../../../shared/contracts/treasury';
import { invalid, notFound } from '../../../shared/errors';
import { seasonOf } from '../../../shared/juniors';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { charges, ledgerEntries, paymentPlans, players, playerTeams } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { assertTeamsExist, chargeMembers } from './charges';
import { payerFor, type TreasuryContext } from './context';
import { lockPayer } from './ledger';
import { schedule, TERMS, type PlannedCharge } from './plan-schedule';

export { addMonths, schedule } from './plan-schedule';

export const PLAN_NOT_FOUND = 'No plan has this id.';
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

type Member = { id: string; user_id: string | null; date_of_birth: string | null; full_name: string; joined_on: string | null; team_id: string | null };

/** The members a plan is charged to: those named, or the current players of the teams (each once, with their earliest spell). */
async function planMembers(tx: DbOrTx, memberIds: string[] | undefined, teamIds: string[]): Promise<Member[]> {
  const rows = await tx
    .select({
      id: players.id,
      user_id: players.user_id,
      date_of_birth: players.date_of_birth,
      full_name: players.full_name,
      joined_on: playerTeams.joined_on,
      team_id: playerTeams.team_id,
    })
    .from(players)
    .leftJoin(
      playerTeams,
      and(eq(playerTeams.player_id, players.id), isNull(playerTeams.left_on), teamIds.length ? inArray(playerTeams.team_id, teamIds) : undefined),
    )
    .where(memberIds ? inArray(players.id, memberIds) : and(inArray(playerTeams.team_id, teamIds), eq(players.status, 'active')))
    .orderBy(asc(playerTeams.joined_on));
  const byId = new Map<string, Member>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  if (memberIds && byId.size < new Set(memberIds).size)
    throw invalid('No member of the club has one of these ids.', [{ field: 'member_ids', message: 'Unknown member' }]);
  return [...byId.values()];
}

/** What a payer already has on this plan: which member has which period (reversed or not), the live ones' names and total. */
async function familyOnPlan(tx: DbOrTx, planId: string, payerId: string) {
  const reversed = sql<boolean>`exists (select 1 from ${ledgerEntries} r join ${ledgerEntries} o on o.id = r.reverses_id where o.charge_id = ${charges.id} and o.kind = 'charge')`;
  const rows = await tx
    .select({ member_id: charges.player_id, period: charges.period, amount_pence: charges.amount_pence, member_name: players.full_name, reversed })
    .from(charges)
    .leftJoin(players, eq(players.id, charges.player_id))
    .where(and(eq(charges.plan_id, planId), eq(charges.payer_user_id, payerId)))
    .orderBy(asc(charges.created_at));
  return rows;
}

/**
 * Each member's charges with the family rules applied, eldest first within a payer: a period a
 * member has on this plan already is not charged again; the first child charged for a period pays
 * in full, every later one (this run or an earlier one, any team) gets the family discount; the
 * family cap counts every live charge of the plan.
 */
async function withFamilyRules(tx: DbOrTx, plan: Plan, members: Member[]) {
  const byPayer = new Map<string, Member[]>();
  for (const member of members) {
    const payer = (await payerFor(tx, member)) ?? `none:${member.id}`;
    if (!byPayer.has(payer)) byPayer.set(payer, []);
    byPayer.get(payer)!.push(member);
  }
  const planned = new Map<string, PlannedCharge[]>();
  for (const [payer, family] of byPayer) {
    family.sort((a, b) => (a.date_of_birth ?? '9999').localeCompare(b.date_of_birth ?? '9999') || a.full_name.localeCompare(b.full_name));
    const before = payer.startsWith('none:') ? [] : (await lockPayer(tx, payer), await familyOnPlan(tx, plan.id, payer));
    const done = new Set(before.map((r) => `${r.member_id}|${r.period}`));
    const live = before.filter((r) => !r.reversed);
    let familyTotal = live.reduce((sum, r) => sum + r.amount_pence, 0);
    const children = new Map<string, string[]>();
    for (const r of live) {
      const names = children.get(r.period ?? '') ?? [];
      if (!names.includes(r.member_name ?? '')) names.push(r.member_name ?? 'A child');
      children.set(r.period ?? '', names);
    }
    for (const member of family) {
      const items = schedule(plan, member.joined_on)
        .filter((item) => !done.has(`${member.id}|${item.period}`))
        .map((item) => {
          let amount = item.amount_pence;
          const notes = item.note ? [item.note] : [];
          const names = children.get(item.period) ?? [];
          if (names.length > 0 && plan.sibling_discount_percent > 0) {
            amount = Math.round((amount * (100 - plan.sibling_discount_percent)) / 100);
            notes.push(`Family discount ${plan.sibling_discount_percent}%: ${ordinal(names.length + 1)} child of the family on this plan (${names[0]} is charged in full)`);
          }
          if (plan.family_cap_pence !== null && familyTotal + amount > plan.family_cap_pence) {
            amount = Math.max(0, plan.family_cap_pence - familyTotal);
            notes.push(`Family cap of ${formatCap(plan.family_cap_pence)} reached`);
          }
          familyTotal += amount;
          children.set(item.period, [...names, member.full_name]);
          return { ...item, amount_pence: amount, note: notes.length ? notes.join('. ') : null };
        });
      planned.set(
        member.id,
        items.filter((i) => i.amount_pence > 0),
      );
    }
  }
  return planned;
}

const formatCap = (pence: number) => `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;

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
  const { db, assertTreasurer, assertMayCharge } = ctx;
  return {
    /** GET /api/treasury/plans: for those who charge them (the treasurer, the secretary, admins). */
    async listPlans(actor: SessionUser | null) {
      await assertMayCharge(actor);
      return (await db.select().from(paymentPlans).orderBy(asc(paymentPlans.created_at))).map(toPlan);
    },

    async createPlan(actor: SessionUser | null, input: unknown) {
      const user = await assertTreasurer(actor);
      const data = parseInput(planCreateSchema, input);
      const instalments = data.kind === 'annual' ? 1 : data.kind === 'termly' ? TERMS.length : (data.instalments ?? (data.kind === 'monthly' ? 10 : 3));
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
     * current players of the teams (the plan's own team by default). Charging a plan again adds only
     * what is missing. Payers are mailed about each member's first charge (with their reference);
     * the later ones are in their payments page.
     */
    async chargePlan(actor: SessionUser | null, planId: string, input: unknown) {
      const user = await assertMayCharge(actor);
      const data = parseInput(planChargeSchema, input ?? {});
      if (!isUuid(planId)) throw notFound(PLAN_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
        if (!row) throw notFound(PLAN_NOT_FOUND);
        const plan = toPlan(row);
        const teamIds = data.team_ids ?? (data.team_id ? [data.team_id] : plan.team_id && !data.member_ids ? [plan.team_id] : []);
        if (!data.member_ids && teamIds.length === 0) throw invalid('Name the members to charge, or a team (the plan has none).');
        await assertTeamsExist(tx, teamIds, data.team_ids ? 'team_ids' : 'team_id');
        const members = await planMembers(tx, data.member_ids, teamIds);
        if (members.length === 0) throw invalid(teamIds.length > 1 ? 'These teams have no current players to charge.' : 'This team has no current players to charge.');
        const planned = await withFamilyRules(tx, plan, members);
        const teamOf = new Map(members.map((m) => [m.id, m.team_id]));
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
                team_id: teamOf.get(member.id) ?? member.team_id,
                category: plan.category,
                description: plan.name,
                amount_pence: item.amount_pence,
                due_date: item.due_date,
                season: plan.season,
                period: item.period,
                plan_id: plan.id,
                discount_note: item.note,
                source_key: `plan:${plan.id}:${member.id}:${item.period}`,
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
