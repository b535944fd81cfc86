import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';

/** An event's details as announced: club date 'YYYY-MM-DD', time 'HH:MM', place, status. */
interface Details {
  date: string;
  time: string;
  place: string;
  status: string;
}

export interface EventChangeMail {
  kind: 'fixture' | 'training';
  /** "Senior vs Riverside Albion", "Senior training". */
  title: string;
  before: Details;
  after: Details;
  changedBy: string;
  /** For a player asked to confirm their squad place again: the signed one-tap links (server/services/squad-links.ts). */
  answerPaths?: { confirm: string; decline: string };
}

/** "Sat, 28 Nov 2026, 15:30": dates as the site writes them. */
const when = (d: Details) => `${formatClubDate(d.date)}, ${d.time}`;

/** The lines that say what changed from what to what. */
export function changeLines({ kind, before, after }: Pick<EventChangeMail, 'kind' | 'before' | 'after'>): string[] {
  const lines: string[] = [];
  if (before.date !== after.date) lines.push(`Date: ${formatClubDate(before.date)} → ${formatClubDate(after.date)}`);
  if (before.time !== after.time) lines.push(`${kind === 'fixture' ? 'Kick-off' : 'Start'}: ${before.time} → ${after.time}`);
  if (before.place !== after.place) lines.push(`Place: ${before.place} → ${after.place}`);
  return lines;
}

/**
 * A fixture or training session changed date, time or place, or was cancelled (issue 22): to
 * everyone it affects, once per change (edits made minutes apart are one change).
 */
export const eventChange: MailTemplate<EventChangeMail> = {
  kind: 'changes',
  write: (change, to) => {
    const { kind, title, before, after } = change;
    const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
    const reinstated = before.status === 'cancelled' && after.status !== 'cancelled';
    const subject = cancelled ? `Cancelled: ${title}, ${formatClubDate(before.date)}` : `${reinstated ? 'Back on' : 'Changed'}: ${title}, now ${when(after)}`;
    const paragraphs = cancelled
      ? [
          `${title} on ${when(before)} at ${before.place} has been cancelled.`,
          kind === 'fixture' ? 'The squad has been cleared; nothing more is needed from you.' : 'There is no session that day.',
        ]
      : [
          reinstated ? `${title} is on again: ${when(after)} at ${after.place}.` : `${title} has changed:`,
          ...changeLines(change),
          kind === 'fixture'
            ? 'If you were picked or said you could play, please check you still can and confirm again in the Players’ Area.'
            : 'If you said you would come, please check you still can in the Players’ Area.',
        ];
    const links = change.answerPaths && !cancelled;
    return {
      subject,
      greeting: hello(to),
      paragraphs: [...paragraphs, ...(links ? ['You are in the squad: can you still play?'] : []), `Changed by ${change.changedBy}.`],
      ...(links
        ? {
            actions: [
              { label: 'I can still play', path: change.answerPaths!.confirm },
              { label: 'I can’t play now', path: change.answerPaths!.decline },
            ],
          }
        : { action: { label: 'Open the Players’ Area', path: '/players-area' } }),
    };
  },
  samples: [
    {
      kind: 'fixture',
      title: 'Senior vs Riverside Albion',
      before: { date: '2026-11-28', time: '14:00', place: 'Home Ground', status: 'upcoming' },
      after: { date: '2026-11-28', time: '15:30', place: 'Home Ground', status: 'upcoming' },
      changedBy: 'Dave Hollins',
    },
    {
      kind: 'fixture',
      title: 'Senior vs Riverside Albion',
      before: { date: '2026-11-28', time: '14:00', place: 'Home Ground', status: 'upcoming' },
      after: { date: '2026-11-28', time: '14:00', place: 'Home Ground', status: 'cancelled' },
      changedBy: 'Dave Hollins',
    },
    {
      kind: 'training',
      title: 'Senior training',
      before: { date: '2026-11-26', time: '19:00', place: 'Main ground', status: 'scheduled' },
      after: { date: '2026-11-27', time: '18:30', place: '3G pitch', status: 'scheduled' },
      changedBy: 'Sarah Okafor',
    },
  ],
};
