import { describe, expect, it } from 'vitest';
import { addMonths, schedule } from './plan-schedule';
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
    // A joiner in the second instalment's month: the first is not charged, the second falls due on joining, and both are said.
    expect(schedule(plan, '2026-10-15').map((i) => [i.due_date, i.note])).toEqual([
      [
        '2026-10-15',
        'Not charged: 1 instalment over before they joined on 15 October 2026. Joined on 15 October 2026, after this fell due: charged in full, due on 15 October 2026, the day they joined, not 1 October 2026',
      ],
      ['2026-11-01', null],
    ]);
    // Unless the plan says joiners pay in full: then that is said on what fell due before they joined.
    expect(schedule({ ...plan, prorate_joiners: false }, '2026-10-15').map((i) => [i.due_date, i.note])).toEqual([
      ['2026-09-01', 'Charged in full: this plan does not prorate, though they joined on 15 October 2026'],
      ['2026-10-01', 'Charged in full: this plan does not prorate, though they joined on 15 October 2026'],
      ['2026-11-01', null],
    ]);
  });

  it('termly: autumn, spring and summer terms due 1 September, 1 January and 1 April; a January joiner pays spring and summer, the autumn said', () => {
    const plan = { kind: 'termly' as const, amount_pence: 15000, instalments: 3, first_due_date: '2026-09-01', prorate_joiners: true, season: '2026-27' };
    expect(schedule(plan, '2026-08-20').map((i) => [i.period, i.due_date, i.amount_pence])).toEqual([
      ['Autumn term 2026', '2026-09-01', 5000],
      ['Spring term 2027', '2027-01-01', 5000],
      ['Summer term 2027', '2027-04-01', 5000],
    ]);
    expect(schedule(plan, '2027-02-10').map((i) => [i.period, i.due_date, i.amount_pence, i.note])).toEqual([
      [
        'Spring term 2027',
        '2027-02-10',
        3333,
        'Not charged: 1 term over before they joined on 10 February 2027. Prorated: joined in February 2027, 2 of 3 months (£33.33 of £50.00); due on 10 February 2027, the day they joined, not 1 January 2027',
      ],
      ['Summer term 2027', '2027-04-01', 5000, null],
    ]);
  });

  it('annual: a January joiner is prorated 8 of 12 months, and the moved due date is said', () => {
    const plan = { kind: 'annual' as const, amount_pence: 12000, instalments: 1, first_due_date: '2026-09-01', prorate_joiners: true, season: '2026-27' };
    expect(schedule(plan, '2027-01-15')).toEqual([
      {
        period: 'Season 2026-27',
        due_date: '2027-01-15',
        amount_pence: 8000,
        note: 'Prorated: joined in January 2027, 8 of 12 months (£80.00 of £120.00); due on 15 January 2027, the day they joined, not 1 September 2026',
      },
    ]);
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
