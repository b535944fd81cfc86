/**
 * Issue 31's acceptance, in the browser, with a real mail server: a junior section's money week.
 * The treasurer (1280 px) makes a termly subs plan with a family discount and charges it to U9 and
 * U12 at once; the family with one child in each gets the discount once per term, on the second
 * child. The parent (390 px) lands on their family home and sees what the family owes with their
 * payer reference, and the same on Payments. The treasurer imports the bank statement that pays it
 * from the Money tab: the parent's charges all turn to paid and one receipt is mailed. Axe-clean in
 * every state; nothing scrolls sideways at 320 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, labelled, openAdminTab, shot } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { startJuniorClub } from '../support/junior-club';
import { bornYearsAgo } from '../support/juniors';
import { TEST_MAIL_FROM } from '../support/mail';
import { freePort, type RunningServer } from '../support/server';
import { startSmtpServer, waitFor } from '../support/smtp';
import { starlingCsv } from '../support/treasury';

const b = useBrowser();
const SMALL = { width: 320, height: 700 };
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let club: Awaited<ReturnType<typeof startJuniorClub>> | undefined;
type Login = { username: string; password: string };
let treasurer: Login;
let parent: Login & { email: string };

async function checkPhone(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(SMALL);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(PHONE);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  club = await startJuniorClub({ port, env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAIL: 'club-admin@example.org' } });
  server = club.server;
  const { people, team } = club;
  treasurer = await people.adult('Tess Treasurer', 'treasurer');
  const u9 = await team('U9 Wrens', 'U9');
  const u12 = await team('U12 Robins', 'U12');
  const aarav = await people.child('Aarav Shah', bornYearsAgo(11), u12.slug);
  const meera = await people.child('Meera Shah', bornYearsAgo(8), u9.slug);
  parent = await people.guardian('Priya Shah', [aarav, 'primary'], [meera, 'primary']);
  // Another family in U12 alone: charged in full, no discount.
  const olly = await people.child('Olly Other', bornYearsAgo(11), u12.slug);
  await people.guardian('Oscar Other', [olly, 'primary']);
}, 180_000);

afterAll(async () => {
  await club?.stop();
  await smtp?.stop();
});

const receiptsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && /^Payment received:/.test(m.subject));

describe('A junior section’s money week', () => {
  it('termly subs with a family discount charged to U9 and U12; the parent sees what they owe with their reference; the statement pays it and a receipt is mailed', async () => {
    // The treasurer at 1280 px: a termly plan, charged to both junior teams at once.
    const desk = await b.newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signIn(desk, treasurer.username, treasurer.password);
    await openAdminTab(desk, '/admin/treasury?view=plans');
    const form = desk.getByRole('form', { name: 'New plan' });
    await form.getByLabel(labelled('Name')).fill('Junior subs 2026-27');
    await form.getByLabel(labelled('How it is paid')).selectOption('termly');
    await form.getByLabel(labelled('Season’s total per member (£)')).fill('150.00');
    await form.getByLabel(labelled('First due date')).fill('2026-09-01');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expectToast(desk, 'Plan “Junior subs 2026-27” created');
    const plan = desk.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: 'Junior subs 2026-27' });
    await plan.getByRole('button', { name: /^Charge to teams…/ }).click();
    await plan.getByLabel('U9 Wrens').check();
    await plan.getByLabel('U12 Robins').check();
    await plan.getByRole('button', { name: 'Charge this plan' }).click();
    const result = plan.getByTestId('charge-result');
    await result.waitFor();
    expect(await result.getByRole('status').textContent()).toBe('9 charges made for 3 members; 2 payers sent a payment request.');
    const made = result.getByRole('listitem');
    // The discount lands once per term, on the family's second child (the younger, Meera), never on Olly's family.
    const discounted = made.filter({ hasText: 'Family discount 10%' });
    expect(await discounted.count()).toBe(3);
    for (const text of await discounted.allTextContents()) {
      expect(text).toContain('Meera Shah');
      expect(text).toContain('£45.00');
    }
    expect(await made.filter({ hasText: 'Olly Other' }).filter({ hasText: 'Family discount' }).count()).toBe(0);
    const aaravInFull = made.filter({ hasText: 'Aarav Shah' }).filter({ hasNotText: 'Family discount' });
    expect(await aaravInFull.count()).toBe(3);
    for (const text of await aaravInFull.allTextContents()) expect(text).toContain('£50.00');
    await expectNoAxeViolations(desk, 'the plan charged to U9 and U12');
    await shot(desk, 'junior-week-plan-charged');

    // The parent at 390 px lands on the family home: what the family owes (3 × £50 + 3 × £45), with the reference.
    const phone = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(phone, parent.username, parent.password);
    await phone.goto('/players-area');
    await phone.getByRole('heading', { name: 'My family', level: 2 }).waitFor();
    await expect.poll(() => phone.getByTestId('family-owed').textContent()).toBe('£285.00');
    const reference = (await phone.getByTestId('payer-reference').first().textContent())!.trim();
    expect(reference).toMatch(/^RRFC/);
    await checkPhone(phone, 'the family home, owing');
    await shot(phone, 'junior-week-family-owing');

    // Payments says the same, for both children, with the reference.
    await phone.goto('/players-area/payments');
    const banner = phone.getByTestId('payment-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('You have £285.00 outstanding');
    expect(await banner.textContent()).toContain('Aarav Shah');
    expect(await banner.textContent()).toContain('Meera Shah');
    expect(await phone.getByTestId('banner-reference').textContent()).toBe(reference);
    await checkPhone(phone, 'Payments, owing');

    // The treasurer imports the statement that pays it, from the Money tab.
    await openAdminTab(desk, '/admin/treasury');
    const csv = starlingCsv([{ date: '2026-11-20', counterparty: 'MRS P SHAH', reference, pence: 28_500 }]);
    await desk.getByLabel(labelled('Bank statement (CSV file)')).setInputFiles({ name: 'november.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await desk.getByRole('button', { name: 'Read statement' }).click();
    const preview = desk.getByTestId('import-preview');
    await preview.waitFor();
    expect((await preview.locator('dt', { hasText: 'Will be allocated' }).locator('xpath=following-sibling::dd').textContent())?.trim()).toBe('1');
    await desk.getByRole('button', { name: 'Commit import' }).click();
    await expectToast(desk, 'Statement imported');

    // Everything the parent owed is paid, and one receipt says so.
    await phone.goto('/players-area/payments');
    await phone.getByText("You're up to date with your payments").waitFor();
    const history = phone.getByRole('list', { name: 'Payment history' });
    expect(await history.getByText('Paid', { exact: true }).count()).toBe(6);
    await checkPhone(phone, 'Payments, paid');
    await phone.goto('/players-area');
    await expect.poll(() => phone.getByTestId('family-owed').textContent()).toBe('£0.00');
    await shot(phone, 'junior-week-family-paid');
    await waitFor(() => receiptsTo(parent.email).length > 0, 20_000, 'the receipt');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiptsTo(parent.email).map((m) => m.subject)).toEqual(['Payment received: £285.00, thank you']);
  });
});
