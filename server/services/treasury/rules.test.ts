import { describe, expect, it } from 'vitest';
import { addMonths, schedule } from './plans';
import { bucketOf, poundsText } from './reports';

// Issue 24: the pure rules of plans and reports, at the lowest level that can see them.
describe('plans', () => {
  it('move a due date by whole months, the 31st becoming the month’s last day', () => {
    expect(addMonths('2026-09-01', 1)).toBe('2026-10-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
  });

  it('split a season’s total into whole pence that add up to it, the last charge taking the odd pence', () => {
    const plan = { kind: 'instalments' as const, amount_pence: 10001, instalments: 3, first_due_date: '2026-09-01', prorate_joiners: true, season: '2026-27' };
    const items = schedule(plan, null);
    expect(items.map((i) => i.amount_pence)).toEqual([3333, 3333, 3335]);
    expect(items.map((i) => i.period)).toEqual(['Instalment 1 of 3', 'Instalment 2 of 3', 'Instalment 3 of 3']);
    // A joiner after the second due date pays only the charges from then on.
    expect(schedule(plan, '2026-10-15').map((i) => [i.due_date, i.note])).toEqual([['2026-11-01', 'Joined part-way: 1 of 3 charges']]);
    // Unless the plan says joiners pay in full.
    expect(schedule({ ...plan, prorate_joiners: false }, '2026-10-15')).toHaveLength(3);
  });
});

describe('reports', () => {
  it('put days overdue in the 0-30, 31-60 and 60+ buckets', () => {
    expect([0, 30, 31, 60, 61, 400].map(bucketOf)).toEqual(['0-30', '0-30', '31-60', '31-60', '60+', '60+']);
  });

  it('write pence as pounds exactly, without floating point', () => {
    expect([0, 1, 99, 100, 123456, -2500, -5].map(poundsText)).toEqual(['0.00', '0.01', '0.99', '1.00', '1234.56', '-25.00', '-0.05']);
  });
});
