import { RESET_TOKEN_HOURS } from '../../../shared/mail';
import { hello, type MailTemplate } from '../template';

/** "Forgot password?": a single-use link to choose a new password (always sent). */
export const passwordReset: MailTemplate<{ token: string }> = {
  kind: 'password_reset',
  policy: 'account',
  write: ({ token }, to) => ({
    subject: 'Choose a new password',
    greeting: hello(to),
    paragraphs: [
      'Someone (we hope you) asked to choose a new password for your account.',
      `The link below works once, for ${RESET_TOKEN_HOURS} hour. If you did not ask, ignore this e-mail: your password stays as it is.`,
    ],
    action: { label: 'Choose a new password', path: `/reset-password?token=${token}` },
  }),
  samples: [{ token: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts' }],
};
