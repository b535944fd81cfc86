import { formatCalendarDate, formatClubDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';
import { howToPay, type PaymentDetails } from '../payment-details';

/**
 * The club asks a payer to pay a charge (a charge recorded as already paid asks for nothing), with
 * their reference and the club's bank details. For a junior, it goes to their guardian and names the child.
 */
export const paymentRequest: MailTemplate<
  { description: string; amount: number; paymentType: string; dueDate: string; memberName?: string; fromCredit?: number } & PaymentDetails
> =
  {
    kind: 'payment',
    policy: { optional: 'payment' },
    write: ({ description, amount, paymentType, dueDate, memberName, fromCredit = 0, ...details }, to) => {
      const forWhom = memberName && memberName !== to.name ? ` for ${memberName}` : '';
      // Part of it paid at once from the payer's credit: the mail asks for what is left, and says so.
      const left = Math.round((amount - fromCredit) * 100) / 100;
      return {
        // Whom and how much in the subject: a parent charged for two children gets two different subjects (issue 31).
        subject: `Payment request: ${description}${forWhom}, ${formatPounds(left)} due ${formatCalendarDate(dueDate)}`,
        greeting: hello(to),
        paragraphs: [
          fromCredit > 0
            ? `The club has charged ${formatPounds(amount)} for "${description}" (${paymentType})${forWhom}. ${formatPounds(fromCredit)} of it is paid from the money you had already paid (your credit): please pay the other ${formatPounds(left)} by ${formatClubDate(dueDate)}.`
            : `The club has asked you to pay ${formatPounds(amount)} for "${description}" (${paymentType})${forWhom}, due ${formatClubDate(dueDate)}.`,
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

/**
 * A new charge the payer's credit paid in full at once (issue 31's follow-up): nothing to pay, but the
 * payer is told what the money went to, and what credit is left.
 */
export const chargePaidFromCredit: MailTemplate<{ description: string; amount: number; paymentType: string; memberName?: string; creditLeft: number }> = {
  kind: 'payment',
  policy: { optional: 'payment' },
  write: ({ description, amount, paymentType, memberName, creditLeft }, to) => {
    const forWhom = memberName && memberName !== to.name ? ` for ${memberName}` : '';
    return {
      subject: `Paid from your credit: ${description}${forWhom}, ${formatPounds(amount)}`,
      greeting: hello(to),
      paragraphs: [
        `The club has charged ${formatPounds(amount)} for "${description}" (${paymentType})${forWhom}, and paid it from the money you had already paid (your credit). There is nothing to pay.`,
        creditLeft > 0 ? `You have ${formatPounds(creditLeft)} of credit left: it pays your next charge.` : 'Your credit is now used up.',
      ],
      action: { label: 'See your payments', path: '/players-area/payments' },
    };
  },
  samples: [
    { description: 'Season subs', amount: 45, paymentType: 'Membership', creditLeft: 5 },
    { description: 'U10 subs', amount: 25, paymentType: 'Subscription', memberName: 'Alfie Jones', creditLeft: 0 },
  ],
};
