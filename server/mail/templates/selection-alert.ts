import type { SelectionRole } from '../../../shared/availability';
import { formatClubDate } from '../../../shared/dates';
import { hello, type MailTemplate } from '../template';
import { SAMPLE_MATCH, type MatchMailEvent } from './match-event';

export interface SelectionAlertMail {
  /**
   * A selected player declined the selection or changed their availability to unavailable; or
   * they were taken out of the squad because they no longer play for the team, or left the club.
   */
  change: 'declined' | 'unavailable' | 'left_team' | 'left_club';
  playerName: string;
  role: SelectionRole;
  shirtNumber: number;
  event: MatchMailEvent & { id: string };
  /** What the player said (their note or decline reason), when they said something. */
  reason?: string | null;
  /** Other squads the same change took them out of (issue 31: one mail per person per change, not one per match). */
  more?: Array<{ role: SelectionRole; shirtNumber: number; event: MatchMailEvent & { id: string } }>;
}

const SUBJECTS: Record<SelectionAlertMail['change'], (name: string, title: string) => string> = {
  declined: (name, title) => `${name} declined: ${title}`,
  unavailable: (name, title) => `${name} dropped out: ${title}`,
  left_team: (name, title) => `${name} taken out of the squad: ${title}`,
  left_club: (name, title) => `${name} taken out of the squad: ${title}`,
};

const WHAT_HAPPENED: Record<SelectionAlertMail['change'], string> = {
  declined: 'declined the selection for',
  unavailable: 'is now unavailable for',
  left_team: 'no longer plays for the team and was taken out of the squad for',
  left_club: 'has left the club and was taken out of the squad for',
};

/** To the team's staff and the admins: the squad has a gap (always sent). */
export const selectionAlert: MailTemplate<SelectionAlertMail> = {
  kind: 'selection-alert',
  policy: 'always',
  write: ({ change, playerName, role, shirtNumber, event, reason, more = [] }, to) => ({
    subject: more.length ? `${playerName} taken out of ${more.length + 1} squads` : SUBJECTS[change](playerName, event.title),
    greeting: hello(to),
    paragraphs: more.length
      ? [
          `${playerName} ${WHAT_HAPPENED[change].replace(/the squad for$/, 'these squads:')}`,
          ...[{ role, shirtNumber, event }, ...more].map((p) => `${p.event.title} on ${formatClubDate(p.event.date)} (${p.role}, shirt ${p.shirtNumber})`),
        ]
      : [
          `${playerName} (${role}, shirt ${shirtNumber}) ${WHAT_HAPPENED[change]} ${event.title} on ${formatClubDate(event.date)}.`,
          ...(reason ? [`They said: “${reason}”`] : []),
        ],
    action: { label: 'Open Match week', path: more.length ? '/admin/matchweek' : `/admin/matchweek?fixture=${event.id}` },
  }),
  samples: (['declined', 'unavailable', 'left_team', 'left_club'] as const).map((change): SelectionAlertMail => ({
    change,
    playerName: 'Stan Striker',
    role: 'starter' as const,
    shirtNumber: 9,
    event: { ...SAMPLE_MATCH, id: '5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11' },
    reason: change === 'declined' ? 'Away at a wedding that weekend' : null,
  })).concat([
    {
      change: 'left_club',
      playerName: 'Stan Striker',
      role: 'starter',
      shirtNumber: 9,
      event: { ...SAMPLE_MATCH, id: '5b0e6c1e-9a51-4f7a-9d55-0c6f0e0f7b11' },
      reason: null,
      more: [{ role: 'substitute', shirtNumber: 14, event: { ...SAMPLE_MATCH, title: 'Vets vs Old Boys', date: '2026-12-05', id: '6c1f7d2f-0b62-4a8b-8e66-1d7f1f1f8c22' } }],
    },
  ]),
};
