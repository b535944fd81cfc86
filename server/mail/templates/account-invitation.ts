import { INVITATION_DAYS } from '../../../shared/members';
import { hello, type MailTemplate } from '../template';

/** A login the club made for someone: choose your own password with the link (always sent). */
export const accountInvitation: MailTemplate<{ token: string; username: string }> = {
  kind: 'account_invitation',
  policy: 'account',
  write: ({ token, username }, to) => ({
    subject: 'Your club login is ready: choose your password',
    greeting: hello(to),
    paragraphs: [
      `The club made a login for you: your username is ${username} (you can also sign in with this e-mail address).`,
      `Choose your own password with the link below. It works once, for ${INVITATION_DAYS} days; after that, use "Forgot password?" on the sign-in page.`,
    ],
    action: { label: 'Choose my password', path: `/reset-password?token=${token}` },
  }),
  samples: [{ token: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts', username: 'sam.sample' }],
};
