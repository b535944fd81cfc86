import { AVAILABILITY_LABELS, AVAILABILITY_STATUSES, type AvailabilityStatus } from '../../../shared/availability';
import { formatClubDate, formatClubDateTime } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { meetAndKit, SAMPLE_MATCH, type MatchMailEvent } from './match-event';

export interface AvailabilityDigestMail {
  /** Each child still to answer for: their first name, the match, how far off it is, and their signed answer pages. */
  children: Array<{ firstName: string; event: MatchMailEvent & { locksAt: Date }; kickoffIn: string; answerPaths: Record<AvailabilityStatus, string> }>;
}

const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);

/**
 * The automatic "Can they play?" reminder to a parent or carer (issue 23): one mail for all their
 * children due a reminder in the same run, with each child's answer links.
 */
export const availabilityDigest: MailTemplate<AvailabilityDigestMail> = {
  kind: 'matchday',
  policy: { optional: 'matchday' },
  write: ({ children }, to) => ({
    subject: `Can they play? ${names(children.map((c) => c.firstName))}`,
    greeting: hello(to),
    paragraphs: [
      `We have no answer yet for ${names(children.map((c) => c.firstName))}. Choose an answer for each below; the page asks you to confirm it.`,
      ...children.map(
        (c) =>
          [
            `${c.firstName}: ${c.event.title}, ${formatClubDate(c.event.date)}, kick-off ${c.event.time} (${c.kickoffIn} away), ${c.event.place}.`,
            ...meetAndKit(c.event),
            `Answers close ${formatClubDateTime(c.event.locksAt)}.`,
          ].join(' '),
      ),
    ],
    actions: children.flatMap((c) =>
      AVAILABILITY_STATUSES.map((status) => ({ label: `${c.firstName}: ${AVAILABILITY_LABELS[status]}`, path: c.answerPaths[status] })),
    ),
  }),
  samples: [
    {
      children: ['Ruby', 'Leo'].map((firstName, i) => ({
        firstName,
        event: { ...SAMPLE_MATCH, title: i ? 'Under 14s vs Teen Town' : 'Under 10s vs Tiny Town', locksAt: new Date('2026-11-28T13:00:00Z') },
        kickoffIn: '6 days',
        answerPaths: Object.fromEntries(
          AVAILABILITY_STATUSES.map((s) => [s, `/availability?event=fixture&id=5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b1${i}&player=p${i}&status=${s}&sig=abc`]),
        ) as Record<AvailabilityStatus, string>,
      })),
    },
  ],
};
