import { formatClubDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';
import { howToPay, type PaymentDetails } from '../payment-details';

/** A reminder of a charge still unpaid, 3, 10 and 21 days after its due date (server/jobs/payment-reminders.ts). */
export const paymentReminder: MailTemplate<{ description: string; outstanding: number; dueDate: string; memberName?: string; last: boolean } & PaymentDetails> =
  {
    kind: 'payment',
    write: ({ description, outstanding, dueDate, memberName, last, ...details }, to) => ({
      subject: `Reminder: ${description} is unpaid`,
      greeting: hello(to),
      paragraphs: [
        `${formatPounds(outstanding)} for "${description}"${memberName && memberName !== to.name ? ` for ${memberName}` : ''} was due on ${formatClubDate(dueDate)} and we have not received it yet.`,
        howToPay(details),
        last
          ? 'This is our last reminder. If you have paid already, or cannot pay just now, please reply or speak to the treasurer.'
          : 'If you have paid in the last few days, thank you: please ignore this reminder.',
      ],
      action: { label: 'See your payments', path: '/players-area/payments' },
    }),
    samples: [
      {
        description: 'October subs',
        outstanding: 25,
        dueDate: '2026-10-01',
        last: false,
        reference: 'RRFC7KQ2MX',
        account_name: 'Riverside Rovers FC',
        sort_code: '309174',
        account_number: '12345678',
      },
      {
        description: 'Kit',
        outstanding: 12.5,
        dueDate: '2026-10-01',
        memberName: 'Alfie Jones',
        last: true,
        reference: 'RRFC3HJ8KW',
        account_name: '',
        sort_code: '',
        account_number: '',
      },
    ],
  };
