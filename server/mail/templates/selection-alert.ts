import type { SelectionRole } from '../../../shared/availability';
import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { SAMPLE_MATCH, type MatchMailEvent } from './match-event';

export interface SelectionAlertMail {
  /** A selected player declined the selection, or changed their availability to unavailable. */
  change: 'declined' | 'unavailable';
  playerName: string;
  role: SelectionRole;
  shirtNumber: number;
  event: MatchMailEvent & { id: string };
}

/** To every staff member and admin: the squad has a gap (always sent). */
export const selectionAlert: MailTemplate<SelectionAlertMail> = {
  kind: 'selection-alert',
  write: ({ change, playerName, role, shirtNumber, event }, to) => ({
    subject: change === 'declined' ? `${playerName} declined: ${event.title}` : `${playerName} dropped out: ${event.title}`,
    greeting: hello(to),
    paragraphs: [
      change === 'declined'
        ? `${playerName} (${role}, shirt ${shirtNumber}) declined the selection for ${event.title} on ${formatClubDate(event.date)}.`
        : `${playerName} (${role}, shirt ${shirtNumber}) is now unavailable for ${event.title} on ${formatClubDate(event.date)}.`,
    ],
    action: { label: 'Open Match week', path: `/admin/matchweek?fixture=${event.id}` },
  }),
  samples: (['declined', 'unavailable'] as const).map((change) => ({
    change,
    playerName: 'Stan Striker',
    role: 'starter',
    shirtNumber: 9,
    event: { ...SAMPLE_MATCH, id: '5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11' },
  })),
};
