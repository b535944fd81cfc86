import { hello, type MailTemplate } from '../template';

/** The club approved a registration: the player is in a team now (always sent). */
export const registrationApproved: MailTemplate<{ username: string; team: string | null }> = {
  kind: 'registration_approved',
  policy: 'account',
  write: ({ username, team }, to) => ({
    subject: 'You are in: your registration is approved',
    greeting: hello(to),
    paragraphs: [
      team ? `The club approved your registration: you play for ${team} now.` : 'The club approved your registration.',
      `Sign in as ${username} to answer availability for matches and training, and to see your schedule, payments and messages.`,
    ],
    action: { label: "Open the Players' Area", path: '/players-area' },
  }),
  samples: [
    { username: 'sam.sample', team: 'Senior' },
    { username: 'sam.sample', team: null },
  ],
};

/** The club turned a registration down, saying why; the account is gone (always sent). */
export const registrationRejected: MailTemplate<{ reason: string }> = {
  kind: 'registration_rejected',
  policy: 'account',
  write: ({ reason }, to) => ({
    subject: 'About your registration',
    greeting: hello(to),
    paragraphs: [
      'The club could not approve your registration, and the account made with it has been removed. The club says:',
      reason,
      'If you think this is a mistake, reply to the club through the contact details on the website.',
    ],
    action: { label: 'Contact the club', path: '/about' },
  }),
  samples: [{ reason: 'We already have you on our books: ask the secretary to link your login to your record.' }],
};
