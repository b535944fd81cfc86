import { formatCalendarDate, formatClubDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { hello, type MailTemplate } from '../template';
import { howToPay, type PaymentDetails } from '../payment-details';

/**
 * Which reminder this is: the id of one of PAYMENT_REMINDER_STAGES (server/services/treasury/reminders.ts,
 * which says when each goes): the first reminder, "overdue", the final one. Each has its own subject
 * (issue 31). The id also ends the reminder's dedupe key: renaming one needs a migration (ADR 054).
 */
export type ReminderStage = 'reminder' | 'overdue' | 'final';

interface ReminderData extends PaymentDetails {
  description: string;
  outstanding: number;
  dueDate: string;
  memberName?: string;
  stage: ReminderStage;
}

/** "October subs for Aarav Shah" in the subject of each stage. */
function subjectOf({ outstanding, dueDate, stage }: ReminderData, what: string) {
  if (stage === 'reminder') return `Payment reminder: ${what} was due on ${formatCalendarDate(dueDate)}`;
  if (stage === 'overdue') return `Payment overdue: ${what}, ${formatPounds(outstanding)} still to pay`;
  return `Final reminder: ${what} is overdue, ${formatPounds(outstanding)} still to pay`;
}

/** A reminder of a charge still unpaid after its due date, at each of PAYMENT_REMINDER_STAGES (server/services/treasury/reminders.ts). */
export const paymentReminder: MailTemplate<ReminderData> = {
  kind: 'payment',
  policy: { optional: 'payment' },
  write: (data, to) => {
    const { description, outstanding, dueDate, memberName, stage, ...details } = data;
    const forWhom = memberName && memberName !== to.name ? ` for ${memberName}` : '';
    return {
      subject: subjectOf(data, `${description}${forWhom}`),
      greeting: hello(to),
      paragraphs: [
        `${formatPounds(outstanding)} for "${description}"${forWhom} was due on ${formatClubDate(dueDate)}. It is now overdue: we have not received it yet.`,
        howToPay(details),
        stage === 'final'
          ? 'This is our last reminder. If you have paid already, or cannot pay just now, please reply or speak to the treasurer.'
          : 'If you have paid in the last few days, thank you: please ignore this reminder.',
      ],
      action: { label: 'See your payments', path: '/players-area/payments' },
    };
  },
  samples: [
    {
      description: 'October subs',
      outstanding: 25,
      dueDate: '2026-10-01',
      stage: 'reminder',
      reference: 'HTFC7KQ2MX',
      account_name: 'Hartfield Town FC',
      sort_code: '309174',
      account_number: '12345678',
    },
    {
      description: 'October subs',
      outstanding: 25,
      dueDate: '2026-10-01',
      memberName: 'Aarav Shah',
      stage: 'overdue',
      reference: 'HTFC7KQ2MX',
      account_name: 'Hartfield Town FC',
      sort_code: '309174',
      account_number: '12345678',
    },
    {
      description: 'Kit',
      outstanding: 12.5,
      dueDate: '2026-10-01',
      memberName: 'Alfie Jones',
      stage: 'final',
      reference: 'HTFC3HJ8KW',
      account_name: '',
      sort_code: '',
      account_number: '',
    },
  ],
};
