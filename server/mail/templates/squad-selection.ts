import type { SelectionRole } from '../../../shared/availability';
import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { meetAndKit, SAMPLE_MATCH, type MatchMailEvent } from './match-event';

/** "starting" or "on the bench": also the portal notification's words (server/services/selection/). */
export const selectionRoleWords = (role: SelectionRole) => (role === 'starter' ? 'starting' : 'on the bench');

/** The squad is published: each selected player hears once (a re-publish mails only players new to it). */
export const squadSelection: MailTemplate<{
  event: MatchMailEvent;
  role: SelectionRole;
  shirtNumber: number;
  /** Signed one-tap links that work signed out (issue 22); the page asks to confirm. */
  answerPaths?: { confirm: string; decline: string };
}> = {
  kind: 'selection',
  write: ({ event, role, shirtNumber, answerPaths }, to) => ({
    subject: `You're in the squad: ${event.title}, ${formatClubDate(event.date)}`,
    greeting: hello(to),
    paragraphs: [
      `You have been picked for ${event.title}: ${selectionRoleWords(role)}, shirt number ${shirtNumber}.`,
      `${formatClubDate(event.date)}, kick-off ${event.time}, ${event.place}.`,
      ...meetAndKit(event),
      answerPaths
        ? 'Please confirm or decline with a button below, so the manager knows.'
        : 'Please confirm or decline in the Players’ Area so the manager knows.',
    ],
    ...(answerPaths
      ? {
          actions: [
            { label: 'I can play', path: answerPaths.confirm },
            { label: 'I can’t play', path: answerPaths.decline },
          ],
        }
      : { action: { label: 'Confirm or decline', path: '/players-area' } }),
  }),
  samples: [
    {
      event: SAMPLE_MATCH,
      role: 'starter',
      shirtNumber: 9,
      answerPaths: { confirm: '/squad-reply?fixture=f&player=p&answer=confirm&sig=s', decline: '/squad-reply?fixture=f&player=p&answer=decline&sig=s' },
    },
    { event: { ...SAMPLE_MATCH, meet_time: null, kit: null }, role: 'substitute', shirtNumber: 14 },
  ],
};
