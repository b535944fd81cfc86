import { hello, type MailTemplate } from '../template';

const HOW = {
  link: 'You chose it with the link the club sent to this address.',
  admin: "The club's admin set it for you.",
} as const;

/**
 * A login's first password (issue 31): a member who sets the password of a new login (the
 * invitation's link, or the club setting it before the member ever signed in) is welcomed, not
 * told their password "was changed". A real change later gets "Your password was changed".
 */
export const passwordSet: MailTemplate<{ how: keyof typeof HOW; username: string }> = {
  kind: 'password_set',
  policy: 'account',
  write: ({ how, username }, to) => ({
    subject: 'Your password is set',
    greeting: hello(to),
    paragraphs: [
      `Welcome to the club website: your account is ready. ${HOW[how]} Your username is ${username}.`,
      'If you did not expect this, use "Forgot password?" on the sign-in page and tell the club.',
    ],
    action: { label: 'Sign in', path: '/login' },
  }),
  samples: [
    { how: 'link', username: 'sam.sample' },
    { how: 'admin', username: 'sam.sample' },
  ],
};
