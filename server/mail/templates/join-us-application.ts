import { INTEREST_TYPES } from '../../../shared/content';
import type { MailTemplate } from '../template';

export interface JoinUsApplicationMail {
  fullName: string;
  email: string;
  phoneNumber: string;
  message: string | null;
  /** Interest ids ('player', 'volunteer', …), spelt out with their labels. */
  interestTypes: string[];
}

/** The interests an applicant ticked, in words: "Player, Volunteer/Staff". */
export const interestLabels = (ids: string[]) => ids.map((id) => INTEREST_TYPES.find((t) => t.id === id)?.label ?? id).join(', ');

/** A join-us application, to the club's sales e-mail (else the general one). */
export const joinUsApplication: MailTemplate<JoinUsApplicationMail> = {
  kind: 'join_us',
  policy: 'always',
  write: (application) => ({
    subject: `New Join Us application: ${application.fullName}`,
    paragraphs: [
      `${application.fullName} applied to join the club (${interestLabels(application.interestTypes)}).`,
      `E-mail: ${application.email}\nPhone: ${application.phoneNumber}`,
      ...(application.message ? [`Message: ${application.message}`] : []),
    ],
    action: { label: 'See applications', path: '/admin/join-us' },
  }),
  samples: [
    { fullName: 'Jo Applicant', email: 'jo@example.com', phoneNumber: '+44 7700 900456', message: 'Sundays please.', interestTypes: ['player', 'volunteer'] },
    { fullName: 'Max Quiet', email: 'max@example.com', phoneNumber: '07700 900789', message: null, interestTypes: ['player'] },
  ],
};
