/**
 * The ledger's primitives (ADR 040), used by the treasury's use cases and the players' payments:
 * every write is a new row. A charge is a `charges` row and its `charge` entry (+); money paid
 * against it is a `payment` entry (−); money kept for the payer is a `credit` entry (−), and credit
 * used for a later charge is a `credit` entry (+) beside that charge's payment (−); a correction
 * is a `reversal` of one entry (its opposite), with who and why.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHARGE_CATEGORY_LABELS, type Charge, type ChargeCategory } from '../../../shared/contracts/treasury';
import { clubDateOf } from '../../../shared/dates';
import { seasonOf } from '../../../shared/juniors';
import { invalid } from '../../../shared/errors';
import { formatPounds, fromPence } from '../../../shared/money';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { chargeOverdueMarks, charges, ledgerEntries, players, users } from '../../db/schema';

export type Actor = Pick<SessionUser, 'id' | 'full_name'>;

/** One payer at a time: allocations and credit use are serialised per payer (across processes too), and wait for a statement being committed. */
export async function lockPayer(tx: DbOrTx, payerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('treasury:commit')), pg_advisory_xact_lock(hashtext(${`treasury:${payerId}`}))`);
}

export interface NewCharge {
  payer_user_id: string | null;
  player_id: string | null;
  team_id: string | null;
  category: ChargeCategory;
  description: string;
  label?: string | null;
  amount_pence: number;
  due_date: string;
  season?: string;
  period?: string | null;
  plan_id?: string | null;
  discount_note?: string | null;
  source_key?: string | null;
}

/** Charges and their entries; the payers' credit is used for them at once. Returns the new charges' ids. */
export async function writeCharges(tx: DbOrTx, actor: Actor, list: NewCharge[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(charges)
    .values(
      list.map((c) => ({
        ...c,
        label: c.label ?? null,
        season: c.season ?? seasonOf(c.due_date),
        created_by: actor.id,
        created_by_name: actor.full_name,
      })),
    )
    .onConflictDoNothing({ target: [charges.club_id, charges.source_key] })
    .returning({ id: charges.id, payer: charges.payer_user_id, amount: charges.amount_pence });
  if (rows.length === 0) return [];
  const today = clubDateOf(new Date());
  await tx.insert(ledgerEntries).values(
    rows.map((r) => ({
      kind: 'charge' as const,
      payer_user_id: r.payer,
      charge_id: r.id,
      amount_pence: r.amount,
      occurred_on: today,
      created_by: actor.id,
      created_by_name: actor.full_name,
    })),
  );
  for (const payer of new Set(rows.map((r) => r.payer).filter((p): p is string => p !== null))) await useCredit(tx, actor, payer);
  return rows.map((r) => r.id);
}

/** What a payer has in credit (money received, not yet used). */
export async function creditOf(tx: DbOrTx, payerId: string): Promise<number> {
  const [row] = await tx
    .select({ credit: sql<number>`coalesce(-sum(${ledgerEntries.amount_pence}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payer_user_id, payerId), isNull(ledgerEntries.charge_id)));
  return row?.credit ?? 0;
}

/** A payer's open charges, earliest due first, with what is outstanding on each. */
export async function openChargesOf(tx: DbOrTx, payerIds: string[] | 'all') {
  const outstanding = sql<number>`(select coalesce(sum(e.amount_pence), 0)::int from ${ledgerEntries} e where e.charge_id = "charges"."id")`;
  const rows = await tx
    .select({ charge_id: charges.id, payer_id: charges.payer_user_id, due_date: charges.due_date, outstanding_pence: outstanding })
    .from(charges)
    .where(
      payerIds === 'all'
        ? sql`${charges.payer_user_id} is not null`
        : inArray(charges.payer_user_id, payerIds.length ? payerIds : ['00000000-0000-0000-0000-000000000000']),
    )
    .orderBy(asc(charges.due_date), asc(charges.created_at), asc(charges.id));
  return rows.filter((r) => r.outstanding_pence > 0).map((r) => ({ ...r, payer_id: r.payer_id! }));
}

export const NOT_AN_OPEN_CHARGE = 'A charge named is not an open charge of this payer.';

/** What a charge still owes, said the way the treasurer allocates it. */
export const overAllocated = (leftPence: number) => {
  const left = formatPounds(fromPence(leftPence));
  return `This charge has only ${left} left to pay; allocate ${left} or less, or record the rest as credit.`;
};

/**
 * Allocations named by hand pay at most what each charge still owes, counted together: the same
 * charge named twice (10.00 + 20.00 on a 25.00 charge) is refused, not paid 30.00. Call it with
 * the payer locked (lockPayer), so no other allocation pays the charge in between.
 */
export function checkAllocations(open: { charge_id: string; outstanding_pence: number }[], allocations: { charge_id: string; pence: number }[]) {
  const left = new Map(open.map((c) => [c.charge_id, c.outstanding_pence]));
  for (const a of allocations) {
    const outstanding = left.get(a.charge_id);
    if (outstanding === undefined) throw invalid(NOT_AN_OPEN_CHARGE, [{ field: 'allocations', message: 'Not an open charge of this payer' }]);
    if (a.pence > outstanding) throw invalid(overAllocated(outstanding), [{ field: 'allocations', message: overAllocated(outstanding) }]);
    left.set(a.charge_id, outstanding - a.pence);
  }
}

/** The payer's credit pays their open charges, earliest due first. */
export async function useCredit(tx: DbOrTx, actor: Actor, payerId: string) {
  await lockPayer(tx, payerId);
  let credit = await creditOf(tx, payerId);
  if (credit <= 0) return;
  const today = clubDateOf(new Date());
  for (const charge of await openChargesOf(tx, [payerId])) {
    if (credit <= 0) break;
    const pence = Math.min(credit, charge.outstanding_pence);
    credit -= pence;
    const by = { created_by: actor.id, created_by_name: actor.full_name, occurred_on: today, payer_user_id: payerId };
    await tx.insert(ledgerEntries).values([
      { ...by, kind: 'credit', amount_pence: pence, reason: 'Credit used for a charge' },
      { ...by, kind: 'payment', charge_id: charge.charge_id, amount_pence: -pence, reason: 'Paid from credit' },
    ]);
  }
}

/**
 * Money received for a payer (a bank line, or marked paid by hand): to the charges named, or
 * else to their open charges earliest due first; what is left is credit.
 */
export async function receiveMoney(
  tx: DbOrTx,
  actor: Actor,
  money: {
    payer_id: string;
    amount_pence: number;
    date: string;
    bank_line_id?: string | null;
    reason?: string | null;
    allocations?: { charge_id: string; pence: number }[];
  },
) {
  await lockPayer(tx, money.payer_id);
  const open = await openChargesOf(tx, [money.payer_id]);
  if (money.allocations) checkAllocations(open, money.allocations);
  const plan =
    money.allocations ??
    (() => {
      let left = money.amount_pence;
      const out: { charge_id: string; pence: number }[] = [];
      for (const charge of open) {
        if (left <= 0) break;
        const pence = Math.min(left, charge.outstanding_pence);
        left -= pence;
        out.push({ charge_id: charge.charge_id, pence });
      }
      return out;
    })();
  const allocated = plan.reduce((sum, a) => sum + a.pence, 0);
  const by = {
    payer_user_id: money.payer_id,
    bank_line_id: money.bank_line_id ?? null,
    occurred_on: money.date,
    created_by: actor.id,
    created_by_name: actor.full_name,
    reason: money.reason ?? null,
  };
  const rows: (typeof ledgerEntries.$inferInsert)[] = plan
    .filter((a) => a.pence > 0)
    .map((a) => ({ ...by, kind: 'payment' as const, charge_id: a.charge_id, amount_pence: -a.pence }));
  if (money.amount_pence > allocated) rows.push({ ...by, kind: 'credit', amount_pence: -(money.amount_pence - allocated) });
  const entries = rows.length > 0 ? await tx.insert(ledgerEntries).values(rows).returning() : [];
  return { allocated_pence: allocated, credit_pence: Math.max(0, money.amount_pence - allocated), entries };
}

/** A charge marked paid by hand (cash, or paid before the club used statements): a payment entry for the amount. */
export async function payByHand(tx: DbOrTx, actor: Actor, charge: { id: string; payer_user_id: string | null }, pence: number) {
  if (charge.payer_user_id) await lockPayer(tx, charge.payer_user_id);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      kind: 'payment',
      payer_user_id: charge.payer_user_id,
      charge_id: charge.id,
      amount_pence: -pence,
      reason: `Marked paid by ${actor.full_name}`,
      occurred_on: clubDateOf(new Date()),
      created_by: actor.id,
      created_by_name: actor.full_name,
    })
    .returning();
  return entry!;
}

type EntryRow = typeof ledgerEntries.$inferSelect;

/** Entries not reversed yet, of the kinds given, matching `where`. */
export async function liveEntries(tx: DbOrTx, where: ReturnType<typeof eq>, kinds: EntryRow['kind'][]) {
  return tx
    .select()
    .from(ledgerEntries)
    .where(and(where, inArray(ledgerEntries.kind, kinds), sql`not exists (select 1 from ${ledgerEntries} r where r.reverses_id = ${ledgerEntries.id})`))
    .orderBy(asc(ledgerEntries.created_at));
}

/** The reversal of one entry: its opposite, linked to it, with who and why. */
export async function reverseEntry(tx: DbOrTx, actor: Actor, entry: EntryRow, reason: string) {
  await tx.insert(ledgerEntries).values({
    kind: 'reversal',
    payer_user_id: entry.payer_user_id,
    charge_id: entry.charge_id,
    bank_line_id: entry.bank_line_id,
    reverses_id: entry.id,
    amount_pence: -entry.amount_pence,
    reason,
    occurred_on: clubDateOf(new Date()),
    created_by: actor.id,
    created_by_name: actor.full_name,
  });
}

/**
 * Takes the payments off a charge (it is reversed, or marked unpaid): those made by hand are
 * reversed; money that came from the bank stays the payer's, as credit.
 */
export async function unpayCharge(tx: DbOrTx, actor: Actor, chargeId: string, reason: string) {
  for (const payment of await liveEntries(tx, eq(ledgerEntries.charge_id, chargeId), ['payment'])) {
    await reverseEntry(tx, actor, payment, reason);
    const fromCredit = payment.reason === 'Paid from credit';
    if ((payment.bank_line_id || fromCredit) && payment.payer_user_id) {
      await tx.insert(ledgerEntries).values({
        kind: 'credit',
        payer_user_id: payment.payer_user_id,
        bank_line_id: payment.bank_line_id,
        amount_pence: payment.amount_pence,
        reason: `Back to credit: ${reason}`,
        occurred_on: payment.occurred_on,
        created_by: actor.id,
        created_by_name: actor.full_name,
      });
    }
  }
}

// Subqueries name the outer row as "charges"."…": drizzle writes a one-table select's own columns unqualified.
const chargeSums = {
  outstanding: sql<number>`(select coalesce(sum(e.amount_pence), 0)::int from ${ledgerEntries} e where e.charge_id = "charges"."id")`,
  reversed: sql<boolean>`exists (select 1 from ${ledgerEntries} r join ${ledgerEntries} o on o.id = r.reverses_id where o.charge_id = "charges"."id" and o.kind = 'charge')`,
  last_paid: sql<string | null>`(select max(e.occurred_on)::text from ${ledgerEntries} e where e.charge_id = "charges"."id" and e.kind = 'payment')`,
  payer_name: sql<string | null>`(select u.full_name from ${users} u where u.id = "charges"."payer_user_id")`,
  member_name: sql<string | null>`(select p.full_name from ${players} p where p.id = "charges"."player_id")`,
  marked_overdue: sql<boolean>`exists (select 1 from ${chargeOverdueMarks} m where m.charge_id = "charges"."id")`,
};

export type ChargeView = Charge & { label: string | null; last_paid: string | null; marked_overdue: boolean };

/** Charges as the API answers them, with what is paid and outstanding, latest due first. */
export async function chargeViews(tx: DbOrTx, where: ReturnType<typeof eq> | undefined): Promise<ChargeView[]> {
  const rows = await tx
    .select({ c: charges, ...chargeSums })
    .from(charges)
    .where(where)
    .orderBy(sql`${charges.due_date} desc`, sql`${charges.created_at} desc`);
  return rows.map(({ c, outstanding, reversed, last_paid, payer_name, member_name, marked_overdue }) => {
    const paid = reversed ? 0 : c.amount_pence - outstanding;
    return {
      id: c.id,
      payer_id: c.payer_user_id,
      payer_name,
      member_id: c.player_id,
      member_name,
      team_id: c.team_id,
      category: c.category,
      description: c.description,
      label: c.label,
      amount_pence: c.amount_pence,
      due_date: c.due_date,
      season: c.season,
      period: c.period,
      discount_note: c.discount_note,
      paid_pence: paid,
      outstanding_pence: Math.max(0, outstanding),
      reversed,
      status: reversed ? 'reversed' : outstanding <= 0 ? 'paid' : paid > 0 ? 'part_paid' : 'unpaid',
      created_by: c.created_by_name,
      created_at: c.created_at.toISOString(),
      last_paid,
      marked_overdue,
    };
  });
}

/** A charge as the treasury API answers it (without the players' list's extras). */
export const publicCharge = ({ label: _l, last_paid: _p, marked_overdue: _m, ...c }: ChargeView): Charge => c;

export const categoryLabel = (c: { category: ChargeCategory; label?: string | null }) => c.label ?? CHARGE_CATEGORY_LABELS[c.category];
