import { describe, expect, it } from 'vitest';
import { composeMail } from '../template';
import { paymentReceipt } from './payment-receipt';
import { paymentReminder, type ReminderStage } from './payment-reminder';
import { paymentRequest } from './payment-request';

// Issue 31: "two payment mails with the same subject". The request, each reminder and the receipt
// say in their subject what they are, for whom and how much; "overdue" means past the due date.
const SITE = 'https://club.example.org';
const links = { siteUrl: SITE, settingsUrl: `${SITE}/players-area/account`, unsubscribeUrl: `${SITE}/unsubscribe?user=u&kind=payment&sig=s` };
const to = { name: 'Priya Shah' };
const bank = { reference: 'RRFC7KQ2MX', account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' };
const charge = { description: 'Autumn term subs', dueDate: '2026-10-01', memberName: 'Aarav Shah' };

const request = (memberName: string) => composeMail(paymentRequest, { ...charge, ...bank, memberName, amount: 37.5, paymentType: 'Subscription' }, to, links);
const reminder = (stage: ReminderStage) => composeMail(paymentReminder, { ...charge, ...bank, outstanding: 37.5, stage }, to, links);
const receipt = composeMail(
  paymentReceipt,
  { ...bank, amount: 37.5, receivedOn: ['2026-10-03'], how: 'bank', items: [{ description: 'Autumn term subs', memberName: 'Aarav Shah', paid: 37.5, left: 0 }], credit: 0, stillOwed: 0 },
  to,
  links,
);

describe('payment mails', () => {
  it('each kind has its own subject, naming whom it is for', () => {
    expect(request('Aarav Shah').subject).toBe('Payment request: Autumn term subs for Aarav Shah, £37.50 due 1 October 2026');
    expect(reminder('reminder').subject).toBe('Payment reminder: Autumn term subs for Aarav Shah was due on 1 October 2026');
    expect(reminder('overdue').subject).toBe('Payment overdue: Autumn term subs for Aarav Shah, £37.50 still to pay');
    expect(reminder('final').subject).toBe('Final reminder: Autumn term subs for Aarav Shah is overdue, £37.50 still to pay');
    expect(receipt.subject).toBe('Payment received: £37.50, thank you');
    const subjects = [request('Aarav Shah'), request('Meera Shah'), reminder('reminder'), reminder('overdue'), reminder('final'), receipt].map((m) => m.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('every one links to the Payments page, which lists what the payer owes and paid', () => {
    for (const mail of [request('Aarav Shah'), reminder('reminder'), reminder('final'), receipt]) expect(mail.text).toContain(`${SITE}/players-area/payments`);
  });

  it('reminders say the payment is overdue (past its due date); the request says when it is due', () => {
    for (const stage of ['reminder', 'overdue', 'final'] as const) expect(reminder(stage).text).toMatch(/It is now\s+overdue/);
    expect(request('Aarav Shah').text).not.toMatch(/overdue/i);
  });
});
