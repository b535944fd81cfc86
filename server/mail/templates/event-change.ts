import { formatClubDate } from '../../../shared/dates';
import { childNames, hello, type MailTemplate } from '../template';
import { meetAndKit } from './match-event';

/** An event's details as announced: club date 'YYYY-MM-DD', time 'HH:MM', place, status; meet time and kit when set. */
interface Details {
  date: string;
  time: string;
  place: string;
  status: string;
  meet_time?: string | null;
  kit?: string | null;
}

/** One squad place to confirm again: the member's own (no name), or a child's for their parent (the child's first name). */
export interface SquadPlaceAnswer {
  name?: string;
  confirm: string;
  decline: string;
}

export interface EventChangeMail {
  kind: 'fixture' | 'training';
  /** "Senior vs Oakfield Athletic", "Senior training". */
  title: string;
  before: Details;
  after: Details;
  changedBy: string;
  /** The team's staff get an informational copy: what changed and who was told, never "confirm again" (issue 31). */
  staffCopy?: boolean;
  /** Squad places to confirm again, with their signed one-tap links (server/services/squad-links.ts); one mail holds them all. */
  answers?: SquadPlaceAnswer[];
}

/** "Sat, 28 Nov 2026, 15:30": dates as the site writes them. */
const when = (d: Details) => `${formatClubDate(d.date)}, ${d.time}`;
const cancelledIn = (c: Pick<EventChangeMail, 'before' | 'after'>) => c.after.status === 'cancelled' && c.before.status !== 'cancelled';
const reinstatedIn = (c: Pick<EventChangeMail, 'before' | 'after'>) => c.before.status === 'cancelled' && c.after.status !== 'cancelled';
/** Date, time or place: what may stop someone coming, so answers are asked again. */
export const movedIn = ({ before, after }: Pick<EventChangeMail, 'before' | 'after'>) =>
  before.date !== after.date || before.time !== after.time || before.place !== after.place;

/** "Meet: 13:15 → 13:30", "Meet: 13:30 (new)", "Meet: 13:15 → none". */
function fromTo(label: string, before: string | null | undefined, after: string | null | undefined) {
  const a = before?.trim() || null;
  const b = after?.trim() || null;
  if (a === b) return [];
  if (!a) return [`${label}: ${b} (new)`];
  return [`${label}: ${a} → ${b ?? 'none'}`];
}

/** The lines that say what changed from what to what. */
export function changeLines({ kind, before, after }: Pick<EventChangeMail, 'kind' | 'before' | 'after'>): string[] {
  const lines: string[] = [];
  if (before.date !== after.date) lines.push(`Date: ${formatClubDate(before.date)} → ${formatClubDate(after.date)}`);
  if (before.time !== after.time) lines.push(`${kind === 'fixture' ? 'Kick-off' : 'Start'}: ${before.time} → ${after.time}`);
  if (before.place !== after.place) lines.push(`Place: ${before.place} → ${after.place}`);
  lines.push(...fromTo('Meet', before.meet_time, after.meet_time), ...fromTo('Kit', before.kit, after.kit));
  return lines;
}

/** What the mail asks of whoever reads it: the staff are told who was asked; the others what to do. */
function request(change: EventChangeMail): string[] {
  const { kind } = change;
  if (cancelledIn(change)) {
    if (change.staffCopy) return [kind === 'fixture' ? 'Everyone picked or who said they could play has been told, and the squad has been cleared.' : 'Everyone who said they would come has been told.'];
    return [kind === 'fixture' ? 'The squad has been cleared; nothing more is needed from you.' : 'There is no session that day.'];
  }
  if (!movedIn(change) && !reinstatedIn(change)) {
    return [change.staffCopy ? 'Everyone it affects has been told. Their answers still stand.' : 'Your answer still stands; nothing more is needed from you.'];
  }
  if (change.staffCopy) {
    return [
      kind === 'fixture'
        ? 'Everyone picked or who said they could play has been told and asked to check they still can; Match week shows who has answered since.'
        : 'Everyone who said they would come has been told and asked to check they still can.',
    ];
  }
  return [
    kind === 'fixture'
      ? 'If you were picked or said you could play, please check you still can and confirm again in the Players’ Area.'
      : 'If you said you would come, please check you still can in the Players’ Area.',
  ];
}

/** The one-tap answers: "I can still play" for the member, "Aarav can still play" for each child. */
function answerButtons(answers: SquadPlaceAnswer[]) {
  return answers.flatMap((a) => [
    { label: a.name ? `${a.name} can still play` : 'I can still play', path: a.confirm },
    { label: a.name ? `${a.name} can’t play now` : 'I can’t play now', path: a.decline },
  ]);
}

/**
 * A fixture or training session changed date, time, place, meet time or kit, or was cancelled
 * (issues 22 and 31): to everyone it affects, one mail per person per change (edits made minutes
 * apart are one change; a parent's mail names each of their children it affects).
 */
export const eventChange: MailTemplate<EventChangeMail> = {
  kind: 'changes',
  policy: { optional: 'changes' },
  write: (change, to) => {
    const { title, before, after } = change;
    const cancelled = cancelledIn(change);
    const reinstated = reinstatedIn(change);
    const subject = cancelled ? `Cancelled: ${title}, ${formatClubDate(before.date)}` : `${reinstated ? 'Back on' : 'Changed'}: ${title}, now ${when(after)}`;
    const answers = !cancelled && !change.staffCopy ? (change.answers ?? []) : [];
    const named = answers.flatMap((a) => (a.name ? [a.name] : []));
    const paragraphs = cancelled
      ? [`${title} on ${when(before)} at ${before.place} has been cancelled.`]
      : [reinstated ? `${title} is on again: ${when(after)} at ${after.place}.` : `${title} has changed:`, ...changeLines(change), ...meetAndKit(after)];
    const squadLine = named.length ? `${childNames(named)} ${named.length > 1 ? 'are' : 'is'} in the squad: can they still play?` : 'You are in the squad: can you still play?';
    return {
      subject,
      greeting: hello(to),
      paragraphs: [...paragraphs, ...request(change), ...(answers.length ? [squadLine] : []), `Changed by ${change.changedBy}.`],
      ...(answers.length
        ? { actions: answerButtons(answers) }
        : change.staffCopy
          ? { action: { label: 'Open Match week', path: '/admin/matchweek' } }
          : { action: { label: 'Open the Players’ Area', path: '/players-area' } }),
    };
  },
  samples: [
    {
      kind: 'fixture',
      title: 'Senior vs Oakfield Athletic',
      before: { date: '2026-11-28', time: '14:00', place: 'Home Ground', status: 'upcoming', meet_time: '13:15', kit: 'Red home kit' },
      after: { date: '2026-11-28', time: '15:30', place: 'Home Ground', status: 'upcoming', meet_time: '14:45', kit: 'Red home kit' },
      changedBy: 'Dave Hollins',
      answers: [
        { name: 'Aarav', confirm: '/squad-reply?fixture=f&player=a&answer=confirm&sig=s', decline: '/squad-reply?fixture=f&player=a&answer=decline&sig=s' },
        { name: 'Meera', confirm: '/squad-reply?fixture=f&player=m&answer=confirm&sig=s', decline: '/squad-reply?fixture=f&player=m&answer=decline&sig=s' },
      ],
    },
    {
      kind: 'fixture',
      title: 'Senior vs Oakfield Athletic',
      before: { date: '2026-11-28', time: '14:00', place: 'Home Ground', status: 'upcoming' },
      after: { date: '2026-11-28', time: '15:30', place: 'Home Ground', status: 'upcoming' },
      changedBy: 'Dave Hollins',
      staffCopy: true,
    },
    {
      kind: 'fixture',
      title: 'Under 9s vs Tiny Town',
      before: { date: '2026-11-28', time: '10:00', place: 'Home Ground', status: 'upcoming', meet_time: '09:30', kit: null },
      after: { date: '2026-11-28', time: '10:00', place: 'Home Ground', status: 'upcoming', meet_time: '09:15', kit: 'Blue away kit' },
      changedBy: 'Dave Hollins',
    },
    {
      kind: 'fixture',
      title: 'Senior vs Oakfield Athletic',
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
