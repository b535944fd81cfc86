import { formatClubDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';

/** The club asks a player to pay (a payment recorded as already paid asks for nothing). */
export const paymentRequest: MailTemplate<{ description: string; amount: number; paymentType: string; dueDate: string }> = {
  kind: 'payment',
  write: ({ description, amount, paymentType, dueDate }, to) => ({
    subject: `New payment request: ${description}`,
    greeting: hello(to),
    paragraphs: [`The club has asked you to pay ${formatPounds(amount)} for "${description}" (${paymentType}), due ${formatClubDate(dueDate)}.`],
    action: { label: 'See your payments', path: '/players-area/payments' },
  }),
  samples: [{ description: 'Season subs', amount: 45, paymentType: 'Membership', dueDate: '2026-11-28' }],
};
