/** A fixture as the match-week mails name it (server/services/availability/'s AvailabilityEvent has these). */
export interface MatchMailEvent {
  /** "Senior vs Oakfield" or "Senior @ Oakfield". */
  title: string;
  /** 'YYYY-MM-DD' (club date). */
  date: string;
  /** 'HH:MM' (club time). */
  time: string;
  place: string;
  /** 'HH:MM' (club time) to meet before kick-off, when the staff set one (issue 31). */
  meet_time?: string | null;
  /** What to wear and bring ("Red home kit, shin pads"), when the staff set it (issue 31). */
  kit?: string | null;
}

/** "Meet at 13:15. Kit: Red home kit, shin pads.": what a player needs on the day, or nothing when unset. */
export function meetAndKit(event: { meet_time?: string | null; kit?: string | null }): string[] {
  const parts = [event.meet_time ? `Meet at ${event.meet_time}.` : '', event.kit?.trim() ? `Kit: ${event.kit.trim().replace(/\.$/, '')}.` : ''].filter(Boolean);
  return parts.length ? [parts.join(' ')] : [];
}

export const SAMPLE_MATCH: MatchMailEvent = {
  title: 'Senior vs Oakfield Athletic',
  date: '2026-11-28',
  time: '15:00',
  place: 'Home Ground',
  meet_time: '14:15',
  kit: 'Red home kit, shin pads',
};
