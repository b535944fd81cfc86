import { formatCalendarDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';
import { howToPay, type PaymentDetails } from '../payment-details';

/** One charge a payment went to: what, for whom, how much of this payment, and what is left of it. */
export interface ReceiptItem {
  description: string;
  memberName?: string;
  paid: number;
  left: number;
}

export interface PaymentReceiptData extends PaymentDetails {
  /** Pounds received in this payment (several transfers of one statement together). */
  amount: number;
  /** The day (or days) it reached the club. */
  receivedOn: string[];
  /** A bank transfer matched from the statement, or recorded by hand (cash, or paid another way). */
  how: 'bank' | 'hand';
  items: ReceiptItem[];
  /** Pounds beyond what was owed, kept as credit. */
  credit: number;
  /** Pounds the payer still owes in all, after this payment. */
  stillOwed: number;
}

/** "3 October 2026", or "2 October 2026 and 9 October 2026". */
const days = (dates: string[]) => {
  const words = dates.map(formatCalendarDate);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
};

const forWhom = (memberName: string | undefined, to: { name?: string }) => (memberName && memberName !== to.name ? ` for ${memberName}` : '');

/**
 * A receipt to the payer when money is matched to them (issue 31): a statement line matched by their
 * reference, a line the treasurer allocated, or a payment recorded by hand. Sent once per payment.
 */
export const paymentReceipt: MailTemplate<PaymentReceiptData> = {
  kind: 'payment',
  policy: { optional: 'payment' },
  write: ({ amount, receivedOn, how, items, credit, stillOwed, ...details }, to) => ({
    subject: `Payment received: ${formatPounds(amount)}, thank you`,
    greeting: hello(to),
    paragraphs: [
      how === 'bank'
        ? `Thank you: your payment${receivedOn.length > 1 ? 's' : ''} of ${formatPounds(amount)} reached the club’s bank account on ${days(receivedOn)}.`
        : `Thank you: the club has recorded your payment of ${formatPounds(amount)} on ${days(receivedOn)}.`,
      ...(items.length > 0
        ? [
            `It paid:\n${items
              .map(
                (item) =>
                  `• ${item.description}${forWhom(item.memberName, to)}: ${formatPounds(item.paid)}${item.left > 0 ? `, ${formatPounds(item.left)} of it still to pay` : ', now paid in full'}`,
              )
              .join('\n')}`,
          ]
        : []),
      ...(credit > 0 ? [`${formatPounds(credit)} was more than you owed: the club keeps it as credit, and it pays your next charge.`] : []),
      stillOwed > 0 ? `You still have ${formatPounds(stillOwed)} outstanding in all. ${howToPay(details)}` : 'You have nothing left to pay. Thank you.',
    ],
    action: { label: 'See your payments', path: '/players-area/payments' },
  }),
  samples: [
    {
      amount: 25,
      receivedOn: ['2026-10-02'],
      how: 'bank',
      items: [{ description: 'October subs', paid: 25, left: 0 }],
      credit: 0,
      stillOwed: 0,
      reference: 'HTFC7KQ2MX',
      account_name: 'Hartfield Town FC',
      sort_code: '309174',
      account_number: '12345678',
    },
    {
      amount: 60,
      receivedOn: ['2026-10-02', '2026-10-09'],
      how: 'bank',
      items: [
        { description: 'Autumn term subs', memberName: 'Aarav Shah', paid: 37.5, left: 0 },
        { description: 'Autumn term subs', memberName: 'Meera Shah', paid: 22.5, left: 11.25 },
      ],
      credit: 0,
      stillOwed: 11.25,
      reference: 'HTFC3HJ8KW',
      account_name: 'Hartfield Town FC',
      sort_code: '309174',
      account_number: '12345678',
    },
    {
      amount: 40,
      receivedOn: ['2026-10-12'],
      how: 'hand',
      items: [{ description: 'Kit', memberName: 'Alfie Jones', paid: 25, left: 0 }],
      credit: 15,
      stillOwed: 0,
      reference: 'HTFC3HJ8KW',
      account_name: '',
      sort_code: '',
      account_number: '',
    },
  ],
};
