import { formatCalendarDate, formatClubDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';
import { howToPay, type PaymentDetails } from '../payment-details';

/**
 * The club asks a payer to pay a charge (a charge recorded as already paid asks for nothing), with
 * their reference and the club's bank details. For a junior, it goes to their guardian and names the child.
 */
export const paymentRequest: MailTemplate<{ description: string; amount: number; paymentType: string; dueDate: string; memberName?: string } & PaymentDetails> =
  {
    kind: 'payment',
    policy: { optional: 'payment' },
    write: ({ description, amount, paymentType, dueDate, memberName, ...details }, to) => {
      const forWhom = memberName && memberName !== to.name ? ` for ${memberName}` : '';
      return {
        // Whom and how much in the subject: a parent charged for two children gets two different subjects (issue 31).
        subject: `Payment request: ${description}${forWhom}, ${formatPounds(amount)} due ${formatCalendarDate(dueDate)}`,
        greeting: hello(to),
        paragraphs: [
          `The club has asked you to pay ${formatPounds(amount)} for "${description}" (${paymentType})${forWhom}, due ${formatClubDate(dueDate)}.`,
          howToPay(details),
        ],
        action: { label: 'See your payments', path: '/players-area/payments' },
      };
    },
    samples: [
      {
        description: 'Season subs',
        amount: 45,
        paymentType: 'Membership',
        dueDate: '2026-11-28',
        reference: 'HTFC7KQ2MX',
        account_name: 'Hartfield Town FC',
        sort_code: '309174',
        account_number: '12345678',
      },
      {
        description: 'U10 subs',
        amount: 25,
        paymentType: 'Subscription',
        dueDate: '2026-12-01',
        memberName: 'Alfie Jones',
        reference: 'HTFC3HJ8KW',
        account_name: '',
        sort_code: '',
        account_number: '',
      },
    ],
  };
