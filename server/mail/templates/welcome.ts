import { hello, type MailTemplate } from '../template';

/** A new player's account is ready (self-registration; always sent). */
export const welcome: MailTemplate<{ username: string }> = {
  kind: 'welcome',
  write: ({ username }, to) => ({
    subject: 'Welcome to the club',
    greeting: hello(to),
    paragraphs: [
      `Your player account is ready: your username is ${username}.`,
      "In the Players' Area you will find your profile, payments, coach feedback, the schedule, documents and messages from the club.",
    ],
    action: { label: "Open the Players' Area", path: '/players-area' },
  }),
  samples: [{ username: 'sam.sample' }],
};
