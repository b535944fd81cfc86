import { EMAIL_CHANGE_HOURS } from '../../../shared/email-change';
import { hello, type MailTemplate } from '../template';

/** To the new address: a single-use link that makes it the account's address (always sent). */
export const emailChangeConfirm: MailTemplate<{ token: string; username: string }> = {
  kind: 'email_change_confirm',
  policy: 'account',
  write: ({ token, username }, to) => ({
    subject: 'Confirm your new e-mail address',
    greeting: hello(to),
    paragraphs: [
      `Someone (we hope you) asked to use this address for the club account ${username}.`,
      `Follow the link within ${EMAIL_CHANGE_HOURS} hours to confirm it. If it was not you, ignore this e-mail: nothing changes.`,
    ],
    action: { label: 'Confirm this address', path: `/confirm-email?token=${token}` },
  }),
  samples: [{ token: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts', username: 'sam.sample' }],
};

/** To the old address: the account's address is being changed (always sent). */
export const emailChangeNotice: MailTemplate<{ newEmail: string; username: string }> = {
  kind: 'email_change_notice',
  policy: 'account',
  write: ({ newEmail, username }, to) => ({
    subject: 'Your e-mail address is being changed',
    greeting: hello(to),
    paragraphs: [
      `Someone signed in as ${username} asked to change the account's e-mail address to ${newEmail}. It changes once the link sent there is followed.`,
      'If that was not you, change your password now and tell the club.',
    ],
    action: { label: 'Sign in', path: '/login' },
  }),
  samples: [{ newEmail: 'sam.new@example.com', username: 'sam.sample' }],
};
