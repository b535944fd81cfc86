import { hello, type MailTemplate } from '../template';

/** A message from the club (admins and staff) to one player or all: its subject is the mail's. */
export const newMessage: MailTemplate<{ subject: string; body: string; senderName: string }> = {
  kind: 'message',
  policy: { optional: 'message' },
  write: ({ subject, body, senderName }, to) => ({
    subject,
    greeting: hello(to),
    paragraphs: [`${senderName} sent you a message:`, body],
    action: { label: 'Open your messages', path: '/players-area/messages' },
  }),
  samples: [{ subject: 'Training moved', body: 'Thursday at 7pm, on the back pitch.\nBring both kits.', senderName: 'Club Secretary' }],
};
