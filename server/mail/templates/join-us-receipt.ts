import { hello, type MailTemplate } from '../template';
import { interestLabels } from './join-us-application';

/** The applicant's receipt (limited per address per day: the form is public). */
export const joinUsReceipt: MailTemplate<{ interestTypes: string[] }> = {
  kind: 'join_us_receipt',
  policy: 'always',
  write: ({ interestTypes }, to) => ({
    subject: 'We have your application',
    greeting: hello(to),
    paragraphs: [
      `Thank you for applying to join the club (${interestLabels(interestTypes)}). Someone from the club will be in touch soon.`,
      'If you did not send this application, you can ignore this e-mail.',
    ],
    action: { label: 'About the club', path: '/about' },
  }),
  samples: [{ interestTypes: ['player'] }],
};
