import { describe, expect, it } from 'vitest';
import { clubTimeToInstant } from './dates';

describe('clubTimeToInstant (the club clock, Europe/London)', () => {
  it('is UTC in winter and one hour ahead in summer, both sides of each change', () => {
    expect(clubTimeToInstant('2026-03-01', '15:00').toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(clubTimeToInstant('2026-03-28', '15:00').toISOString()).toBe('2026-03-28T15:00:00.000Z');
    expect(clubTimeToInstant('2026-03-29', '15:00').toISOString()).toBe('2026-03-29T14:00:00.000Z');
    expect(clubTimeToInstant('2026-10-24', '19:00').toISOString()).toBe('2026-10-24T18:00:00.000Z');
    expect(clubTimeToInstant('2026-10-25', '19:00').toISOString()).toBe('2026-10-25T19:00:00.000Z');
  });

  it('handles the hours the clocks change in', () => {
    // 00:30 on the spring-forward day is still GMT; 01:30 does not exist and is read after the change.
    expect(clubTimeToInstant('2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(clubTimeToInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(clubTimeToInstant('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });
});
