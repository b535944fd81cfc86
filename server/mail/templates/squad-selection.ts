import type { SelectionRole } from '../../../shared/availability';
import { formatClubDate } from '../../../shared/dates';
import { hello, type Addressee, type MailBody, type MailTemplate } from '../template';
import { meetAndKit, SAMPLE_MATCH, type MatchMailEvent } from './match-event';

/** "starting" or "on the bench": also the portal notification's words (server/services/selection/). */
export const selectionRoleWords = (role: SelectionRole) => (role === 'starter' ? 'starting' : 'on the bench');

/** One child picked, in their parent's mail (issue 31). */
export interface SquadSelectionChild {
  name: string;
  role: SelectionRole;
  shirtNumber: number;
  answerPaths: { confirm: string; decline: string };
}

interface SquadSelectionMail {
  event: MatchMailEvent;
  role: SelectionRole;
  shirtNumber: number;
  /** Signed one-tap links that work signed out (issue 22); the page asks to confirm. */
  answerPaths?: { confirm: string; decline: string };
  /** A parent's mail about two or more children picked: each child's place and answers, in one mail (issue 31). */
  children?: SquadSelectionChild[];
}

/** Several children picked for one match: one mail naming each, with each child's buttons. */
function forChildren(event: MatchMailEvent, children: SquadSelectionChild[], to: Addressee): MailBody {
  return {
    subject: `You're in the squad: ${event.title}, ${formatClubDate(event.date)}`,
    greeting: hello(to),
    paragraphs: [
      ...children.map((c) => `${c.name} has been picked for ${event.title}: ${selectionRoleWords(c.role)}, shirt number ${c.shirtNumber}.`),
      `${formatClubDate(event.date)}, kick-off ${event.time}, ${event.place}.`,
      ...meetAndKit(event),
      'Please confirm or decline for each with the buttons below, so the manager knows.',
    ],
    actions: children.flatMap((c) => [
      { label: `${c.name} can play`, path: c.answerPaths.confirm },
      { label: `${c.name} can’t play`, path: c.answerPaths.decline },
    ]),
  };
}

/** The squad is published: each selected player hears once (a re-publish mails only players new to it). */
export const squadSelection: MailTemplate<SquadSelectionMail> = {
  kind: 'selection',
  policy: { optional: 'selection' },
  write: ({ event, role, shirtNumber, answerPaths, children }, to) =>
    children && children.length > 1 ? forChildren(event, children, to) : ({
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
    {
      event: SAMPLE_MATCH,
      role: 'starter',
      shirtNumber: 3,
      children: [
        { name: 'Aarav', role: 'starter', shirtNumber: 3, answerPaths: { confirm: '/squad-reply?fixture=f&player=a&answer=confirm&sig=s', decline: '/squad-reply?fixture=f&player=a&answer=decline&sig=s' } },
        { name: 'Meera', role: 'substitute', shirtNumber: 12, answerPaths: { confirm: '/squad-reply?fixture=f&player=m&answer=confirm&sig=s', decline: '/squad-reply?fixture=f&player=m&answer=decline&sig=s' } },
      ],
    },
  ],
};
