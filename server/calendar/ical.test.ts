import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar } from './ical';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('the iCalendar writer', () => {
  it('folds long lines at 75 octets without splitting a character, and the parser unfolds them back', () => {
    const summary = `Riverside Rovers v Atlético Zoë Møller-Žižek Bäckström ⚽️🏆 ${'é'.repeat(60)} 🎉`;
    const folded = foldLine(`SUMMARY:${summary}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // No replacement characters: every line is valid UTF-8 on its own.
    for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${summary}`);

    const calendar = writeCalendar({
      name: 'Test',
      product: '-//Test//EN',
      events: [
        {
          uid: 'fixture-1@example.com',
          sequence: 0,
          stamp: new Date('2026-03-01T10:00:00Z'),
          start: new Date('2026-03-29T14:00:00Z'),
          end: new Date('2026-03-29T15:45:00Z'),
          summary,
          status: 'CONFIRMED',
        },
      ],
    });
    const event = new ICAL.Component(ICAL.parse(calendar)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe(summary);
    expect(event.getFirstPropertyValue('transp')).toBe('OPAQUE');
  });

  it('ends every line with CRLF and escapes commas, semicolons, backslashes and newlines', () => {
    const location = 'Mill Lane, Pitch 2; behind the \\ clubhouse\nGate B';
    const calendar = writeCalendar({
      name: 'Rovers, fixtures; all',
      product: '-//Test//EN',
      refresh: 'PT1H',
      events: [
        {
          uid: 'fixture-2@example.com',
          sequence: 3,
          stamp: new Date('2026-03-01T10:00:00Z'),
          start: new Date('2026-03-01T15:00:00Z'),
          end: new Date('2026-03-01T16:45:00Z'),
          summary: 'A v B (H)',
          location,
          description: 'Line one\nLine two, with a comma',
          status: 'CANCELLED',
        },
      ],
    });
    expect(calendar.endsWith('\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(calendar).toContain('LOCATION:Mill Lane\\, Pitch 2\\; behind the \\\\ clubhouse\\nGate B');
    expect(calendar).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n');
    const root = new ICAL.Component(ICAL.parse(calendar));
    // X-WR-CALNAME is TEXT like any property without a registered type (RFC 5545 3.8.8.2), so escaped.
    expect(calendar).toContain('X-WR-CALNAME:Rovers\\, fixtures\\; all\r\n');
    const event = root.getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('location')).toBe(location);
    expect(event.getFirstPropertyValue('description')).toBe('Line one\nLine two, with a comma');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    // A cancelled event no longer makes its time busy.
    expect(event.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
  });

  it('writes UTC date-times', () => {
    expect(utcDateTime(new Date('2026-03-29T14:00:00.000Z'))).toBe('20260329T140000Z');
    expect(escapeText('a,b;c\\d')).toBe('a\\,b\\;c\\\\d');
  });
});
