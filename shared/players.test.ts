import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT } from './auth';
import { amountOwed, formatPounds, goalsPerMatch, isRealDate, todayIso } from './players';
import { registrationSchema } from './contracts/players';
import { formatDateGB } from './dates';

describe('player rules', () => {
  it('goals per match has 2 decimals and divides by 1 when no match was played', () => {
    expect(goalsPerMatch(3, 8)).toBe('0.38');
    expect(goalsPerMatch(4, 0)).toBe('4.00');
    expect(goalsPerMatch(0, 0)).toBe('0.00');
  });

  it('outstanding and overdue payments count as owed; paid ones do not', () => {
    expect(amountOwed([])).toEqual({ count: 0, overdue: 0, total: 0, overdue_total: 0 });
    expect(
      amountOwed([
        { status: 'paid', amount: 10 },
        { status: 'outstanding', amount: 20.5 },
        { status: 'overdue', amount: 5 },
      ]),
    ).toEqual({ count: 2, overdue: 1, total: 25.5, overdue_total: 5 });
    // A part-paid charge owes what is left of it, counted in whole pence.
    expect(amountOwed([{ status: 'outstanding', amount: 30, outstanding_amount: 25.1 }, { status: 'overdue', amount: 12.2 }])).toEqual({
      count: 2,
      overdue: 1,
      total: 37.3,
      overdue_total: 12.2,
    });
  });

  it('money is pounds with 2 decimals; dates are en-GB', () => {
    expect(formatPounds(45.5)).toBe('£45.50');
    expect(formatDateGB('2026-09-01')).toBe('01/09/2026');
    expect(formatDateGB(null)).toBe('-');
  });

  it('real dates only', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('01/02/2020')).toBe(false);
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it(`the registration password rule says '${PASSWORD_TOO_SHORT}'`, () => {
    const result = registrationSchema.safeParse({ password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === 'password')!.message).toBe('Password must be at least 8 characters long');
  });
});
