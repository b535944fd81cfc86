import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { relativeKickoff } from './countdown';
import { formatKickoff, kickoffInstant } from '../../shared/dates';

describe('The home page countdown', () => {
  it('reads a kick-off as London time, in winter (GMT) and in summer (BST)', () => {
    expect(kickoffInstant('2026-11-28', '15:00').toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(kickoffInstant('2026-08-15', '15:00').toISOString()).toBe('2026-08-15T14:00:00.000Z');
    expect(kickoffInstant('2026-11-29', '10:30:00').toISOString()).toBe('2026-11-29T10:30:00.000Z');
  });

  it('writes the kick-off as "Sat 28 Nov, 3:00 PM"', () => {
    expect(formatKickoff(kickoffInstant('2026-11-28', '15:00'))).toBe('Sat 28 Nov, 3:00 PM');
    expect(formatKickoff(kickoffInstant('2026-08-15', '10:30'))).toBe('Sat 15 Aug, 10:30 AM');
    expect(formatKickoff(kickoffInstant('2026-12-06', '00:05'))).toBe('Sun 6 Dec, 12:05 AM');
  });

  it('counts down in days (from 48 hours), then hours, then minutes; "Kick-off!" for two hours; then "Played"', () => {
    const kickoff = new Date('2026-11-28T15:00:00Z');
    const before = (ms: number) => relativeKickoff(kickoff, new Date(kickoff.getTime() - ms));
    const H = 3_600_000;
    expect(before(3 * 24 * H + 5 * H)).toBe('in 3 days');
    expect(before(2 * 24 * H)).toBe('in 2 days');
    expect(before(2 * 24 * H - 1)).toBe('in 47 hours');
    expect(before(24 * H + 5 * H)).toBe('in 29 hours');
    expect(before(23 * H + 59 * 60_000)).toBe('in 23 hours');
    expect(before(H)).toBe('in 1 hour');
    expect(before(59 * 60_000 + 1)).toBe('in 60 minutes');
    expect(before(90_000)).toBe('in 2 minutes');
    expect(before(1)).toBe('in 1 minute');
    expect(before(0)).toBe('Kick-off!');
    expect(before(-2 * H + 1)).toBe('Kick-off!');
    expect(before(-2 * H)).toBe('Played');
  });

  it('public/js/header.js (the browser copy, no React) says exactly the same', () => {
    const script = readFileSync(new URL('../../public/js/header.js', import.meta.url), 'utf8');
    const kickoff = new Date('2026-11-28T15:00:00Z');
    const H = 3_600_000;
    for (const ms of [5 * 24 * H, 2 * 24 * H, 2 * 24 * H - 1, 29 * H, H, 59 * 60_000, 1, 0, -H, -2 * H]) {
      const el = { dataset: { countdown: kickoff.toISOString() }, textContent: '' };
      const document = { addEventListener: () => {}, querySelectorAll: (sel: string) => (sel === '[data-countdown]' ? [el] : []) };
      const now = kickoff.getTime() - ms;
      runInNewContext(script, { document, setInterval: () => 0, Date: { now: () => now, parse: Date.parse }, Math });
      expect(el.textContent, `${ms} ms before`).toBe(relativeKickoff(kickoff, new Date(now)));
    }
  });
});
