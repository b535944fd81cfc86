/** A fixture as the match-week mails name it (server/services/availability/'s AvailabilityEvent has these). */
export interface MatchMailEvent {
  /** "Senior vs Riverside" or "Senior @ Riverside". */
  title: string;
  /** 'YYYY-MM-DD' (club date). */
  date: string;
  /** 'HH:MM' (club time). */
  time: string;
  place: string;
}

export const SAMPLE_MATCH: MatchMailEvent = { title: 'Senior vs Riverside Albion', date: '2026-11-28', time: '15:00', place: 'Home Ground' };
