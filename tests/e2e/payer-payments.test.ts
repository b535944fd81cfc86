import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, shot, unique } from '../support/admin';
import { bornYearsAgo } from '../support/ages';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, noSidewaysScroll, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

// Issue 31: one money model, seen by the parent who pays. Two children in two junior teams are
// charged; the payment mails link to the Players' Area's Payments, which shows the parent (who has
// no member record of their own) both charges, whom each is for, the total and the reference. A
// statement that pays it turns both to paid and sends one receipt.
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
const SMALL = { width: 320, height: 700 };
const BANK = { account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' };

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(SMALL);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(PHONE);
}

/** A Starling export of one line in. */
const statement = (reference: string, amount: string) =>
  `Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category\r\n03/10/2026,"MRS P SHAH","${reference}",FASTER PAYMENT,${amount},,INCOME\r\n`;

describe('A parent who pays for two children', () => {
  it('follows the payment mail to Payments, sees both charges, the total and the reference; a matched statement turns both to paid with one receipt', async () => {
    const tag = unique();
    const base = mailing.server.baseURL;
    const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
    const settings = await admin.get('/api/settings');
    expect((await admin.put('/api/settings', { ...settings.body, ...BANK })).status).toBe(200);
    const team = async (name: string) => (await admin.post('/api/teams', { name: `${name} ${tag}` })).body.id as string;
    const child = async (full_name: string, years: number, teamId: string) => {
      const res = await admin.post('/api/players', {
        full_name,
        date_of_birth: bornYearsAgo(years),
        position: 'Midfielder',
        team_type: 'Senior',
        nationality: 'English',
        team_ids: [teamId],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const aarav = await child(`Aarav Shah ${tag}`, 8, await team('Under 9s'));
    const meera = await child(`Meera Shah ${tag}`, 11, await team('Under 12s'));
    const email = `priya-${tag}@example.com`;
    for (const id of [aarav, meera]) {
      const invited = await admin.post('/api/guardian-invitations', { player_id: id, email, level: 'primary', relationship: 'Mother' });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    }
    await waitFor(() => smtp.received.filter((m) => m.to.includes(email) && /parent or carer link/.test(m.subject)).length === 2, 20_000, 'both invitations');
    const links = smtp.received.filter((m) => m.to.includes(email) && /parent or carer link/.test(m.subject)).map((m) => /(\/guardian-invitation\?token=[\w-]+)/.exec(m.text)![1]!);

    const page = await b.newPage({ baseURL: base, viewport: PHONE });
    await page.goto(links[0]!);
    await hydrated(page);
    await page.getByLabel('Your full name').fill('Priya Shah');
    await page.getByLabel('Username').fill(`priya_${tag}`);
    await page.getByLabel('Password').fill('a sturdy passphrase');
    await page.getByRole('button', { name: 'Create login and accept' }).click();
    await page.waitForURL('**/players-area/children');
    await page.goto(links[1]!);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL('**/players-area/children');

    // The club charges a term's subs for each child (the admin runs the treasury too).
    const charged = await admin.post('/api/treasury/charges', {
      member_ids: [aarav, meera],
      category: 'subs',
      description: 'Autumn term subs',
      amount_pence: 3750,
      due_date: '2026-10-01',
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    await waitFor(() => smtp.received.filter((m) => m.to.includes(email) && /^Payment request:/.test(m.subject)).length === 2, 20_000, 'both requests');
    const requests = smtp.received.filter((m) => m.to.includes(email) && /^Payment request:/.test(m.subject));
    expect(new Set(requests.map((m) => m.subject)).size).toBe(2);
    const link = /(https?:\/\/\S+\/players-area\/payments)\b/.exec(requests[0]!.text)![1]!;

    // The mail's link: Payments, with what is owed for both children, the total and the reference.
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    const banner = page.getByTestId('payment-banner');
    expect(await banner.textContent()).toContain('You have £75.00 outstanding (2 payments, 2 overdue)');
    expect(await banner.textContent()).toContain(`For Aarav Shah ${tag} and Meera Shah ${tag}.`);
    const reference = (await page.getByTestId('payer-reference').textContent())!.trim();
    expect(reference).toMatch(/^RRFC/);
    expect(await page.getByTestId('banner-reference').textContent()).toBe(reference);
    expect(await page.getByText('30-91-74').count()).toBeGreaterThan(0);
    const history = page.getByRole('list', { name: 'Payment history' });
    expect(await history.getByRole('listitem').count()).toBe(2);
    expect(await history.textContent()).toContain(`for Aarav Shah ${tag}`);
    expect(await history.textContent()).toContain(`for Meera Shah ${tag}`);
    // Payments is one of the parent's own sections (the phone's menu names it as the current one).
    expect(await page.getByRole('navigation', { name: "Players' Area sections" }).locator('summary').textContent()).toContain('Section: Payments');
    await shot(page, 'parent-payments-owed');
    await checkPage(page, 'a parent’s Payments, owing');

    // The family home (where a parent lands) says the same, with the reference.
    await page.goto('/players-area');
    await expect.poll(() => page.getByTestId('family-owed').textContent()).toBe('£75.00');
    expect((await page.getByTestId('payer-reference').first().textContent())?.trim()).toBe(reference);
    await shot(page, 'parent-dashboard-owed');

    // The treasurer imports the bank statement: the reference pays both.
    const form = new FormData();
    form.append('file', new File([statement(reference, '75.00')], 'october.csv', { type: 'text/csv' }));
    const uploaded = await fetch(`${base}/api/treasury/imports`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    const preview = (await uploaded.json()) as { id: string; allocated: number };
    expect(preview.allocated).toBe(1);
    expect((await admin.post(`/api/treasury/imports/${preview.id}/commit`)).status).toBe(200);

    await page.goto('/players-area/payments');
    await page.getByText("You're up to date with your payments").waitFor();
    expect(await history.getByText('Paid', { exact: true }).count()).toBe(2);
    await shot(page, 'parent-payments-paid');
    await checkPage(page, 'a parent’s Payments, paid');
    await waitFor(() => smtp.received.some((m) => m.to.includes(email) && /^Payment received:/.test(m.subject)), 20_000, 'the receipt');
    const receipts = smtp.received.filter((m) => m.to.includes(email) && /^Payment received:/.test(m.subject));
    expect(receipts.map((m) => m.subject)).toEqual(['Payment received: £75.00, thank you']);
  });
});
