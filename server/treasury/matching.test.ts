import { describe, expect, it } from 'vitest';
import { matchLines, nameKeys, type LineForMatching, type OpenCharge, type PayerForMatching } from './matching';
import { makeReference, REFERENCE_ALPHABET } from './reference';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const FIRST = ['Alex', 'Billie', 'Charlie', 'Dana', 'Eden', 'Frankie', 'Gale', 'Harper', 'Indy', 'Jules', 'Kit', 'Lee'];
const LAST = ['Ahmed', 'Brown', 'Clarke', 'Davies', 'Evans', 'Fisher', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis', 'Moore', 'Nash', 'Owen'];

function makePayers(count: number, seed = 42): PayerForMatching[] {
  const random = seeded(seed);
  const refs = new Set<string>();
  const payers: PayerForMatching[] = [];
  for (let index = 0; index < count; index++) {
    let reference = makeReference('RRFC', random);
    while (refs.has(reference)) reference = makeReference('RRFC', random);
    refs.add(reference);
    const first = FIRST[index % FIRST.length];
    const last = `${LAST[Math.floor(index / FIRST.length) % LAST.length]}${index >= FIRST.length * LAST.length ? index : ''}`;
    payers.push({ payer_id: `p${index}`, reference, names: [`${first} ${last}`, `Junior ${last}${index}`] });
  }
  return payers;
}

const line = (date: string, amount: number, reference: string, counterparty = '', description = ''): LineForMatching => ({
  date,
  amount_pence: amount,
  reference,
  counterparty,
  description: [counterparty, reference, description].filter(Boolean).join(' '),
});

/** Replaces one character of the random part with another letter: a one-character typo. */
function typo(reference: string, at = 6): string {
  const other = REFERENCE_ALPHABET[(REFERENCE_ALPHABET.indexOf(reference[at]) + 5) % REFERENCE_ALPHABET.length];
  return reference.slice(0, at) + other + reference.slice(at + 1);
}

describe('the 100-line statement for 60 payers', () => {
  const payers = makePayers(60);
  // Two payers called Sam Taylor, each owing £30: a tie that must never be allocated or suggested.
  payers[58].names = ['Sam Taylor'];
  payers[59].names = ['Sam Taylor'];
  const charges: OpenCharge[] = payers.flatMap((payer) => [
    { charge_id: `${payer.payer_id}-oct`, payer_id: payer.payer_id, outstanding_pence: 2500, due_date: '2026-10-01' },
    { charge_id: `${payer.payer_id}-sep`, payer_id: payer.payer_id, outstanding_pence: 2500, due_date: '2026-09-01' },
  ]);
  charges.push({ charge_id: 'p58-kit', payer_id: 'p58', outstanding_pence: 3000, due_date: '2026-09-15' });
  charges.push({ charge_id: 'p59-kit', payer_id: 'p59', outstanding_pence: 3000, due_date: '2026-09-15' });

  const lines: LineForMatching[] = [];
  const expected: ({ kind: 'allocated' | 'suggested'; payer: string } | { kind: 'unmatched' | 'outgoing' })[] = [];
  const formats = [
    (ref: string) => ref,
    (ref: string) => `SUBS ${ref.toLowerCase()}`,
    (ref: string) => `${ref.slice(0, 4)} ${ref.slice(4, 7)} ${ref.slice(7)}`,
    (ref: string) => `${ref.slice(0, 4)}-${ref.slice(4)}`,
  ];
  // 55 exact references, payers 0-54, first payment of the season.
  for (let index = 0; index < 55; index++) {
    lines.push(
      line(`2026-10-${String(1 + (index % 20)).padStart(2, '0')}`, 2500, formats[index % 4](payers[index].reference), payers[index].names[0].toUpperCase()),
    );
    expected.push({ kind: 'allocated', payer: `p${index}` });
  }
  // 20 second payments (the October charge), 10 of them stated before the first in the file: date order decides.
  for (let index = 0; index < 20; index++) {
    lines.push(line('2026-10-28', 2500, payers[index].reference, 'BANK GIRO'));
    expected.push({ kind: 'allocated', payer: `p${index}` });
  }
  // 5 one-character typos (payers 55-57 have paid nothing else; 20-21 too).
  for (const index of [55, 56, 57, 20, 21]) {
    lines.push(line('2026-10-29', 2500, typo(payers[index].reference), 'SOMEONE'));
    expected.push({ kind: 'suggested', payer: `p${index}` });
  }
  // 3 lines from "Sam Taylor" for £30 with no reference: two payers have that name and amount.
  for (let index = 0; index < 3; index++) {
    lines.push(line('2026-10-30', 3000, 'KIT', 'MR S TAYLOR'));
    expected.push({ kind: 'unmatched' });
  }
  // 2 name-and-amount matches: payer 57's member's name, exact open amount, no reference.
  lines.push(line('2026-10-30', 2500, 'SUBS', '', `FOR JUNIOR ${payers[57].names[1].split(' ')[1].toUpperCase()}`));
  expected.push({ kind: 'suggested', payer: 'p57' });
  lines.push(line('2026-10-30', 2500, 'FOOTBALL', payers[56].names[0].split(' ').reverse().join(' ').toUpperCase()));
  expected.push({ kind: 'suggested', payer: 'p56' });
  // 5 outgoing, 10 unmatched.
  for (let index = 0; index < 5; index++) {
    lines.push(line('2026-10-31', -1000 * (index + 1), 'PITCH HIRE'));
    expected.push({ kind: 'outgoing' });
  }
  for (let index = 0; index < 10; index++) {
    lines.push(line('2026-10-31', 1234 + index, 'CASH DEPOSIT', 'BRANCH'));
    expected.push({ kind: 'unmatched' });
  }

  it('has 100 lines', () => expect(lines).toHaveLength(100));

  const decisions = matchLines([...lines.slice(55, 65), ...lines.slice(0, 55), ...lines.slice(65)], 'RRFC', payers, charges);
  const reordered = [...expected.slice(55, 65), ...expected.slice(0, 55), ...expected.slice(65)];
  const inputLines = [...lines.slice(55, 65), ...lines.slice(0, 55), ...lines.slice(65)];

  it('allocates every exact-reference line to the right payer, and nothing else', () => {
    decisions.forEach((decision, index) => {
      const want = reordered[index];
      expect(decision.kind, `line ${index}: ${inputLines[index].reference}`).toBe(want.kind);
      if ('payer' in want && (decision.kind === 'allocated' || decision.kind === 'suggested')) expect(decision.payer_id).toBe(want.payer);
    });
    expect(decisions.filter((decision) => decision.kind === 'allocated')).toHaveLength(75);
  });

  it('pays the oldest charge first and carries outstanding amounts between lines in date order', () => {
    const first = decisions.find((decision, index) => decision.kind === 'allocated' && decision.payer_id === 'p0' && inputLines[index].date === '2026-10-01');
    const second = decisions.find((decision, index) => decision.kind === 'allocated' && decision.payer_id === 'p0' && inputLines[index].date === '2026-10-28');
    expect(first).toEqual({ kind: 'allocated', payer_id: 'p0', allocations: [{ charge_id: 'p0-sep', pence: 2500 }], credit_pence: 0 });
    expect(second).toEqual({ kind: 'allocated', payer_id: 'p0', allocations: [{ charge_id: 'p0-oct', pence: 2500 }], credit_pence: 0 });
  });

  it('suggests one-character typos and never allocates them', () => {
    const typos = decisions.filter((decision) => decision.kind === 'suggested' && decision.reason === 'reference_typo');
    expect(typos.map((decision) => decision.kind === 'suggested' && decision.payer_id).sort()).toEqual(['p20', 'p21', 'p55', 'p56', 'p57']);
  });

  it('never allocates or suggests on a tie of name and amount', () => {
    for (const [index, decision] of decisions.entries()) {
      if (inputLines[index].counterparty === 'MR S TAYLOR') expect(decision).toEqual({ kind: 'unmatched' });
    }
  });
});

describe('allocation rules', () => {
  const [payer, other] = makePayers(2, 9);
  const charges: OpenCharge[] = [
    { charge_id: 'b', payer_id: payer.payer_id, outstanding_pence: 2000, due_date: '2026-10-01' },
    { charge_id: 'a', payer_id: payer.payer_id, outstanding_pence: 1500, due_date: '2026-09-01' },
  ];

  it('a part-payment leaves the oldest charge part-paid', () => {
    expect(matchLines([line('2026-10-02', 1000, payer.reference)], 'RRFC', [payer], charges)).toEqual([
      { kind: 'allocated', payer_id: payer.payer_id, allocations: [{ charge_id: 'a', pence: 1000 }], credit_pence: 0 },
    ]);
  });

  it('an overpayment pays every open charge and the rest is credit', () => {
    expect(matchLines([line('2026-10-02', 5000, payer.reference)], 'RRFC', [payer], charges)).toEqual([
      {
        kind: 'allocated',
        payer_id: payer.payer_id,
        allocations: [
          { charge_id: 'a', pence: 1500 },
          { charge_id: 'b', pence: 2000 },
        ],
        credit_pence: 1500,
      },
    ]);
  });

  it('a payer with nothing open gets it all as credit', () => {
    expect(matchLines([line('2026-10-02', 700, payer.reference)], 'RRFC', [payer], [])[0]).toEqual({
      kind: 'allocated',
      payer_id: payer.payer_id,
      allocations: [],
      credit_pence: 700,
    });
  });

  it('money out and zero lines are outgoing, even with a reference', () => {
    expect(matchLines([line('2026-10-02', -2500, payer.reference), line('2026-10-02', 0, payer.reference)], 'RRFC', [payer], charges)).toEqual([
      { kind: 'outgoing' },
      { kind: 'outgoing' },
    ]);
  });

  it('the input is not changed', () => {
    const copy = structuredClone(charges);
    matchLines([line('2026-10-02', 5000, payer.reference)], 'RRFC', [payer], charges);
    expect(charges).toEqual(copy);
  });

  it('two different payers’ valid references on one line is a tie: unmatched', () => {
    expect(matchLines([line('2026-10-02', 5000, `${payer.reference} ${other.reference}`)], 'RRFC', [payer, other], charges)).toEqual([{ kind: 'unmatched' }]);
  });

  it('a typo one character from two payers is not suggested', () => {
    const a: PayerForMatching = { payer_id: 'a', reference: 'RRFCAAAAAB', names: [] };
    const b: PayerForMatching = { payer_id: 'b', reference: 'RRFCAAAAAC', names: [] };
    expect(matchLines([line('2026-10-02', 100, 'RRFCAAAAAD')], 'RRFC', [a, b], [])).toEqual([{ kind: 'unmatched' }]);
  });

  it('a name without the exact amount of an open charge is not suggested', () => {
    expect(matchLines([line('2026-10-02', 1999, 'SUBS', payer.names[0].toUpperCase())], 'RRFC', [payer], charges)).toEqual([{ kind: 'unmatched' }]);
    expect(matchLines([line('2026-10-02', 1500, 'SUBS', payer.names[0].toUpperCase())], 'RRFC', [payer], charges)[0]).toMatchObject({
      kind: 'suggested',
      reason: 'name_and_amount',
    });
  });

  it('name keys: full name, initial and surname, either order, titles ignored', () => {
    expect(nameKeys('Mrs Jo Anne Smith').sort()).toEqual(['J SMITH', 'JO ANNE SMITH', 'JO SMITH', 'SMITH J', 'SMITH JO'].sort());
    expect(nameKeys('Cher')).toEqual([]);
  });
});

describe('performance', () => {
  it('matches 5,000 lines against 1,000 payers in under a second', () => {
    const payers = makePayers(1000, 5);
    const charges: OpenCharge[] = payers.flatMap((payer, index) => [
      { charge_id: `${index}-1`, payer_id: payer.payer_id, outstanding_pence: 2500, due_date: '2026-09-01' },
      { charge_id: `${index}-2`, payer_id: payer.payer_id, outstanding_pence: 2500, due_date: '2026-10-01' },
    ]);
    const random = seeded(3);
    const lines: LineForMatching[] = [];
    for (let index = 0; index < 5000; index++) {
      const payer = payers[Math.floor(random() * payers.length)];
      const kind = index % 5;
      const day = String(1 + (index % 28)).padStart(2, '0');
      if (kind === 0) lines.push(line(`2026-10-${day}`, 2500, `${payer.names[0].toUpperCase()} ${payer.reference}`));
      else if (kind === 1) lines.push(line(`2026-10-${day}`, 2500, typo(payer.reference), 'FASTER PAYMENT RECEIVED FROM SOMEBODY'));
      else if (kind === 2) lines.push(line(`2026-10-${day}`, 2500, 'SUBS FOR OCTOBER', payer.names[0].toUpperCase()));
      else if (kind === 3) lines.push(line(`2026-10-${day}`, -4200, 'CARD PAYMENT TO SPORTS SHOP LTD LONDON GB'));
      else lines.push(line(`2026-10-${day}`, 1000 + index, 'CASH DEPOSIT AT BRANCH 123 HIGH STREET'));
    }
    const started = performance.now();
    const decisions = matchLines(lines, 'RRFC', payers, charges);
    const elapsed = performance.now() - started;
    console.log(`matchLines: 5,000 lines × 1,000 payers in ${elapsed.toFixed(1)} ms`);
    expect(decisions).toHaveLength(5000);
    expect(decisions.filter((decision) => decision.kind === 'allocated')).toHaveLength(1000);
    expect(elapsed).toBeLessThan(1000);
  });
});
