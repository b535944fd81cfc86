/**
 * Cautious matching of bank statement lines to payers (pure: no database).
 *
 * For each money-in line, in date order:
 * 1. A candidate reference (./reference.ts findReferenceCandidates) that is valid (right check character)
 *    and is exactly one payer's reference → **allocated**: to that payer's open charges, earliest due date
 *    first; what is left after all of them is credit. A part-payment leaves the charge part-paid. The
 *    outstanding amounts carry from line to line. Two different payers' valid references on one line → a tie:
 *    unmatched.
 * 2. Otherwise a candidate one character away (substituted, missing, extra, two neighbours swapped) from
 *    exactly one payer's reference → **suggested** ('reference_typo'), never allocated.
 * 3. Otherwise, the payer's or a member's name in the counterparty or description (full name, or initial
 *    and surname, either order, titles ignored) for payers of whom exactly one has an open charge of exactly
 *    the line's amount → **suggested** ('name_and_amount'). Two payers with the same name and an open charge
 *    of the same amount → unmatched.
 * 4. Anything else → **unmatched**, for the treasurer to allocate by hand. Money out (amount ≤ 0) → **outgoing**.
 *
 * Everything is looked up in maps built once (references, their one-deletion variants, name keys, charges
 * per payer), so 5,000 lines against 1,000 payers take milliseconds, not a scan of every payer per line.
 */
import { findReferenceCandidates, isValidReference, oneCharacterAway } from './reference';
import { normaliseText } from './statement/parse';
import type { StatementLine } from './statement/parse';

export interface PayerForMatching {
  payer_id: string;
  reference: string;
  /** The payer's name and the names of the members they pay for. */
  names: string[];
}

export interface OpenCharge {
  charge_id: string;
  payer_id: string;
  outstanding_pence: number;
  /** YYYY-MM-DD */
  due_date: string;
}

export type LineDecision =
  | { kind: 'allocated'; payer_id: string; allocations: { charge_id: string; pence: number }[]; credit_pence: number }
  | { kind: 'suggested'; payer_id: string; reason: 'reference_typo' | 'name_and_amount' }
  | { kind: 'unmatched' }
  | { kind: 'outgoing' };

export type LineForMatching = Pick<StatementLine, 'amount_pence' | 'reference' | 'description' | 'counterparty' | 'date'>;

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MX', 'DR', 'REV', 'SIR', 'PROF']);

function nameWords(name: string): string[] {
  return normaliseText(name)
    .split(' ')
    .filter((word) => word !== '' && !TITLES.has(word));
}

/** The keys a name is found by in bank text: JOHN SMITH, J SMITH, SMITH JOHN, SMITH J (first and last word). */
export function nameKeys(name: string): string[] {
  const words = nameWords(name);
  if (words.length < 2) return [];
  const first = words[0];
  const last = words[words.length - 1];
  const keys = new Set([words.join(' '), `${first} ${last}`, `${first[0]} ${last}`, `${last} ${first}`, `${last} ${first[0]}`]);
  return [...keys];
}

/** Consecutive runs of 2 to 4 words of a bank text, as name keys would be written. */
function textKeys(text: string): string[] {
  const words = nameWords(text);
  const keys: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let size = 2; size <= 4 && start + size <= words.length; size++) keys.push(words.slice(start, start + size).join(' '));
  }
  return keys;
}

function deletions(text: string): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index++) out.push(text.slice(0, index) + text.slice(index + 1));
  return out;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

export function matchLines(lines: LineForMatching[], prefix: string, payers: PayerForMatching[], openCharges: OpenCharge[]): LineDecision[] {
  const byReference = new Map<string, string>();
  // Symmetric-delete index: every reference and each of its one-character deletions → payers. Two strings one
  // edit (or one neighbour swap) apart always share a key here; oneCharacterAway then confirms.
  const nearIndex = new Map<string, Set<string>>();
  const referenceOf = new Map<string, string>();
  const byName = new Map<string, Set<string>>();
  for (const payer of payers) {
    const reference = payer.reference.toUpperCase();
    byReference.set(reference, payer.payer_id);
    referenceOf.set(payer.payer_id, reference);
    addTo(nearIndex, reference, payer.payer_id);
    for (const variant of deletions(reference)) addTo(nearIndex, variant, payer.payer_id);
    for (const name of payer.names) for (const key of nameKeys(name)) addTo(byName, key, payer.payer_id);
  }

  // Open charges per payer, earliest due first; outstanding amounts are copied and carried between lines.
  const charges = new Map<string, { charge_id: string; due_date: string; outstanding: number }[]>();
  for (const charge of openCharges) {
    if (charge.outstanding_pence <= 0) continue;
    let list = charges.get(charge.payer_id);
    if (!list) charges.set(charge.payer_id, (list = []));
    list.push({ charge_id: charge.charge_id, due_date: charge.due_date, outstanding: charge.outstanding_pence });
  }
  for (const list of charges.values()) {
    list.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.charge_id < b.charge_id ? -1 : a.charge_id > b.charge_id ? 1 : 0));
  }

  const order = lines.map((_, index) => index).sort((a, b) => (lines[a].date < lines[b].date ? -1 : lines[a].date > lines[b].date ? 1 : a - b));
  const decisions: LineDecision[] = new Array(lines.length);

  for (const index of order) {
    const line = lines[index];
    if (line.amount_pence <= 0) {
      decisions[index] = { kind: 'outgoing' };
      continue;
    }
    const text = `${line.reference} ${line.description} ${line.counterparty}`;
    const candidates = findReferenceCandidates(text, prefix);

    // 1. Exact, valid references.
    const exact = new Set<string>();
    for (const candidate of candidates) {
      const payer = byReference.get(candidate);
      if (payer && isValidReference(candidate)) exact.add(payer);
    }
    if (exact.size === 1) {
      const [payerId] = exact;
      decisions[index] = allocate(payerId, line.amount_pence, charges.get(payerId) ?? []);
      continue;
    }
    if (exact.size > 1) {
      decisions[index] = { kind: 'unmatched' };
      continue;
    }

    // 2. One character away from exactly one payer's reference.
    const near = new Set<string>();
    for (const candidate of candidates) {
      for (const key of [candidate, ...deletions(candidate)]) {
        for (const payerId of nearIndex.get(key) ?? []) {
          if (oneCharacterAway(candidate, referenceOf.get(payerId)!)) near.add(payerId);
        }
      }
    }
    if (near.size === 1) {
      const [payerId] = near;
      decisions[index] = { kind: 'suggested', payer_id: payerId, reason: 'reference_typo' };
      continue;
    }

    // 3. A name with the exact amount of an open charge.
    const named = new Set<string>();
    for (const key of textKeys(`${line.counterparty} ${line.description}`)) for (const payerId of byName.get(key) ?? []) named.add(payerId);
    const withAmount = [...named].filter((payerId) => (charges.get(payerId) ?? []).some((charge) => charge.outstanding === line.amount_pence));
    if (withAmount.length === 1) {
      decisions[index] = { kind: 'suggested', payer_id: withAmount[0], reason: 'name_and_amount' };
      continue;
    }
    decisions[index] = { kind: 'unmatched' };
  }
  return decisions;
}

function allocate(payerId: string, amount: number, list: { charge_id: string; outstanding: number }[]): LineDecision {
  let left = amount;
  const allocations: { charge_id: string; pence: number }[] = [];
  for (const charge of list) {
    if (left === 0) break;
    if (charge.outstanding <= 0) continue;
    const pence = Math.min(left, charge.outstanding);
    charge.outstanding -= pence;
    left -= pence;
    allocations.push({ charge_id: charge.charge_id, pence });
  }
  return { kind: 'allocated', payer_id: payerId, allocations, credit_pence: left };
}
