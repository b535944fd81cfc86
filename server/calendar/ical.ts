/**
 * A small iCalendar (RFC 5545) writer: just what the club's feeds need, written to the letter of the
 * RFC because calendar apps are unforgiving (ADR 018). Lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character; text values are escaped; times are UTC (`…Z`).
 * Tests check its output with ical.js, a real parser.
 */

export const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line (RFC 5545 3.1): no line longer than 75 octets, each continuation starting
 * with one space. Cuts only between characters (a code point's UTF-8 bytes stay on one line).
 */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; continuations hold 74 after their leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A UTC DATE-TIME value: 20260329T140000Z. */
export function utcDateTime(instant: Date) {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export interface CalendarEvent {
  uid: string;
  sequence: number;
  /** When this version of the event was written (DTSTAMP) and last changed (LAST-MODIFIED). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

export interface Calendar {
  name: string;
  description?: string;
  /** PRODID: who wrote the calendar. */
  product: string;
  events: CalendarEvent[];
  /** How often subscribers should fetch it again, e.g. 'PT1H' (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refresh?: string;
  /** METHOD:PUBLISH for a single event to import; feeds leave it out. */
  method?: 'PUBLISH';
}

function eventLines(event: CalendarEvent) {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `LAST-MODIFIED:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  // A cancelled event stays visible but no longer blocks the time (free/busy shows the slot free).
  lines.push(`STATUS:${event.status}`, `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`, 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object, folded, CRLF after every line (the last one included). */
export function writeCalendar(calendar: Calendar) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.product}`, 'CALSCALE:GREGORIAN'];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`, `NAME:${escapeText(calendar.name)}`);
  if (calendar.description) lines.push(`X-WR-CALDESC:${escapeText(calendar.description)}`);
  if (calendar.refresh) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${calendar.refresh}`, `X-PUBLISHED-TTL:${calendar.refresh}`);
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
