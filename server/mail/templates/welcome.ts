import { hello, type MailTemplate } from '../template';

/** A new registration is in: the club approves it before the player counts (issue 21; always sent). */
export const welcome: MailTemplate<{ username: string }> = {
  kind: 'welcome',
  write: ({ username }, to) => ({
    subject: 'Thanks for registering',
    greeting: hello(to),
    paragraphs: [
      `Your account is made: your username is ${username}.`,
      "The club's secretary looks at every registration before a player joins a team. You will get an e-mail when they have; until then the Players' Area shows your profile and says it is waiting.",
    ],
    action: { label: "Open the Players' Area", path: '/players-area' },
  }),
  samples: [{ username: 'sam.sample' }],
};
