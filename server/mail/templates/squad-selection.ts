import type { SelectionRole } from '../../../shared/availability';
import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { SAMPLE_MATCH, type MatchMailEvent } from './match-event';

/** "starting" or "on the bench": also the portal notification's words (server/services/selection.ts). */
export const selectionRoleWords = (role: SelectionRole) => (role === 'starter' ? 'starting' : 'on the bench');

/** The squad is published: each selected player hears once (a re-publish mails only players new to it). */
export const squadSelection: MailTemplate<{ event: MatchMailEvent; role: SelectionRole; shirtNumber: number }> = {
  kind: 'matchday',
  write: ({ event, role, shirtNumber }, to) => ({
    subject: `You're in the squad: ${event.title}, ${formatClubDate(event.date)}`,
    greeting: hello(to),
    paragraphs: [
      `You have been picked for ${event.title}: ${selectionRoleWords(role)}, shirt number ${shirtNumber}.`,
      `${formatClubDate(event.date)}, kick-off ${event.time}, ${event.place}.`,
      'Please confirm or decline in the Players’ Area so the manager knows.',
    ],
    action: { label: 'Confirm or decline', path: '/players-area' },
  }),
  samples: [
    { event: SAMPLE_MATCH, role: 'starter', shirtNumber: 9 },
    { event: SAMPLE_MATCH, role: 'substitute', shirtNumber: 14 },
  ],
};
