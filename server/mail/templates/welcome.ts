import { hello, type MailTemplate } from '../template';

/** A new registration is in: confirm the address; the club approves it before the player counts (issue 21; always sent). */
export const welcome: MailTemplate<{ username: string; confirmToken: string; parent?: boolean }> = {
  kind: 'welcome',
  policy: 'account',
  write: ({ username, confirmToken, parent }, to) => ({
    subject: 'Thanks for registering',
    greeting: hello(to),
    paragraphs: [
      `Your account is made: your username is ${username}. Please confirm that this e-mail address is yours with the link below (it works once, for 7 days).`,
      parent
        ? "The club's secretary or welfare officer checks your request as a parent or carer before you see anything about your child. You will get an e-mail when they have."
        : "The club's secretary looks at every registration before a player joins a team. You will get an e-mail when they have; until then the Players' Area shows your profile and says it is waiting.",
    ],
    action: { label: 'Confirm my e-mail address', path: `/confirm-email?token=${confirmToken}` },
  }),
  samples: [
    { username: 'sam.sample', confirmToken: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts' },
    { username: 'jane.parent', confirmToken: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts', parent: true },
  ],
};
