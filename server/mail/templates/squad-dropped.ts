import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { SAMPLE_MATCH, type MatchMailEvent } from './match-event';

/** A republished squad no longer has them (issue 22): told kindly, so the old "Selected" is not left standing. */
export const squadDropped: MailTemplate<{ event: MatchMailEvent }> = {
  kind: 'selection',
  policy: { optional: 'selection' },
  write: ({ event }, to) => ({
    subject: `Squad update: ${event.title}, ${formatClubDate(event.date)}`,
    greeting: hello(to),
    paragraphs: [
      `The manager has changed the squad for ${event.title} on ${formatClubDate(event.date)}, and you are not in it this time.`,
      'Thank you for being available: keep your answers coming for the next matches.',
    ],
    action: { label: 'Open the Players’ Area', path: '/players-area' },
  }),
  samples: [{ event: SAMPLE_MATCH }],
};
