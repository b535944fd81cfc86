import { AVAILABILITY_LABELS, AVAILABILITY_STATUSES, type AvailabilityStatus } from '../../../shared/availability';
import { formatClubDate, formatClubDateTime } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { meetAndKit, SAMPLE_MATCH, type MatchMailEvent } from './match-event';

export interface AvailabilityRequestMail {
  event: MatchMailEvent & { locksAt: Date };
  /** Who asks: the automatic reminder (kick-off is `kickoffIn` away, e.g. "6 days") or the manager's "Remind now". */
  askedBy: { reminder: string } | 'manager';
  /** The signed one-click page for each answer (server/services/availability/). */
  answerPaths: Record<AvailabilityStatus, string>;
  /** A parent asked about two or more children for the same match: one mail, each child's answers (issue 31). */
  children?: Array<{ name: string; answerPaths: Record<AvailabilityStatus, string> }>;
}

/** "Can you play?": the automatic reminders (server/jobs/availability-reminders.ts) and the manager's reminder. */
export const availabilityRequest: MailTemplate<AvailabilityRequestMail> = {
  kind: 'matchday',
  policy: { optional: 'matchday' },
  write: ({ event, askedBy, answerPaths, children = [] }, to) => ({
    subject: `Can you play? ${event.title}, ${formatClubDate(event.date)}`,
    greeting: hello(to),
    paragraphs: [
      askedBy === 'manager'
        ? 'The manager is picking the squad and has not heard from you yet. Can you play?'
        : `Kick-off is ${askedBy.reminder} away and we have no answer from you yet. Can you play?`,
      `${event.title}: ${formatClubDate(event.date)}, kick-off ${event.time}, ${event.place}.`,
      ...meetAndKit(event),
      `Answers close ${formatClubDateTime(event.locksAt)} (club time). ${children.length > 1 ? 'Choose an answer for each below' : 'Choose your answer below'}; the page asks you to confirm it.`,
    ],
    actions:
      children.length > 1
        ? children.flatMap((c) => AVAILABILITY_STATUSES.map((status) => ({ label: `${c.name}: ${AVAILABILITY_LABELS[status]}`, path: c.answerPaths[status] })))
        : AVAILABILITY_STATUSES.map((status) => ({ label: AVAILABILITY_LABELS[status], path: answerPaths[status] })),
  }),
  samples: (['6 days', 'manager', 'two children'] as const).map((who) => ({
    event: { ...SAMPLE_MATCH, locksAt: new Date('2026-11-28T13:00:00Z') },
    askedBy: who === '6 days' ? { reminder: who } : ('manager' as const),
    ...(who === 'two children'
      ? {
          children: ['Aarav', 'Meera'].map((name) => ({
            name,
            answerPaths: Object.fromEntries(AVAILABILITY_STATUSES.map((s) => [s, `/availability?event=fixture&id=f&player=${name}&status=${s}&sig=abc`])) as Record<
              AvailabilityStatus,
              string
            >,
          })),
        }
      : {}),
    answerPaths: {
      available: '/availability?event=fixture&id=5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11&player=0d7f4a9c-2b3e-4c1d-8e5f-6a7b8c9d0e1f&status=available&sig=abc',
      maybe: '/availability?event=fixture&id=5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11&player=0d7f4a9c-2b3e-4c1d-8e5f-6a7b8c9d0e1f&status=maybe&sig=abc',
      unavailable: '/availability?event=fixture&id=5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11&player=0d7f4a9c-2b3e-4c1d-8e5f-6a7b8c9d0e1f&status=unavailable&sig=abc',
    },
  })),
};
