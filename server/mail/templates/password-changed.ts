import { hello, type MailTemplate } from '../template';

const HOW = {
  account: 'It was changed on the account page, while signed in.',
  link: 'It was changed with a "Forgot password?" link sent to this address.',
  admin: "The club's admin set a new one for you.",
} as const;

/** After every change of a password: so that a change the owner did not make does not go unnoticed (always sent). */
export const passwordChanged: MailTemplate<{ how: keyof typeof HOW }> = {
  kind: 'password_changed',
  policy: 'account',
  write: ({ how }, to) => ({
    subject: 'Your password was changed',
    greeting: hello(to),
    paragraphs: [
      `The password of your club account was just changed. ${HOW[how]} Every other device was signed out.`,
      'If this was not you, use "Forgot password?" on the sign-in page at once, and tell the club.',
    ],
    action: { label: 'Sign in', path: '/login' },
  }),
  samples: [{ how: 'account' }, { how: 'link' }, { how: 'admin' }],
};
