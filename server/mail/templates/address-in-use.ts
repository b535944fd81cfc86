import { hello, type MailTemplate } from '../template';

const ATTEMPT = {
  registration: 'Someone tried to register on the club website with this e-mail address.',
  email_change: 'Someone signed in to another club account asked to use this e-mail address for it.',
} as const;

/**
 * To the owner of an address someone else tried to use (issue 30, finding 14): the site answers them
 * as it would for a new address, so it never tells a stranger who is a member; the owner hears
 * about it here instead (always sent; at most one a day).
 */
export const addressInUse: MailTemplate<{ attempt: keyof typeof ATTEMPT; username: string }> = {
  kind: 'address_in_use',
  policy: 'account',
  write: ({ attempt, username }, to) => ({
    subject: 'Someone tried to use your e-mail address',
    greeting: hello(to),
    paragraphs: [
      `${ATTEMPT[attempt]} It already belongs to your account ${username}, so nothing has changed.`,
      'If it was you, sign in with your username or this address; if you have forgotten your password, use "Forgot password?" on the sign-in page. If it was not you, you need do nothing.',
    ],
    action: { label: 'Sign in', path: '/login' },
  }),
  samples: [
    { attempt: 'registration', username: 'sam.sample' },
    { attempt: 'email_change', username: 'sam.sample' },
  ],
};
