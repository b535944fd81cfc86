import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { apiClient, fetchJson, registerPlayer } from '../support/api-client';
import { expectToast, labelled, openAdminTab, shot, toastsGone, unique } from '../support/admin';
import { DESKTOP, PHONE, signIn, useBrowser } from '../support/browser';

/**
 * Issue 24 in the browser: the treasurer uploads the bank's CSV export, reads the preview, commits it
 * and allocates the line nobody's reference matched by hand; a member sees how to pay, with their
 * reference. At a phone's 390 px and a desktop's 1280 px, axe-clean in every state, and nothing
 * scrolls sideways at 320 px.
 */
const b = useBrowser();
const SMALL = { width: 320, height: 640 };

type Api = Awaited<ReturnType<typeof apiClient>>;
let admin: Api;
let treasurer: { username: string; password: string };
let member: { username: string; password: string; fullName: string; reference: string };

const BANK = { account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' };

async function userIdOf(username: string, password: string): Promise<string> {
  const login = await fetchJson<{ access_token: string }>(b.baseURL, '/api/auth/login', { body: { username, password } });
  const me = await fetchJson<{ id: string }>(b.baseURL, '/api/auth/me', { token: login.body.access_token });
  return me.body.id;
}

async function referenceOf(username: string, password: string): Promise<string> {
  const login = await fetchJson<{ access_token: string }>(b.baseURL, '/api/auth/login', { body: { username, password } });
  const me = await fetchJson<{ reference: string }>(b.baseURL, '/api/treasury/me', { token: login.body.access_token });
  expect(me.status, me.text).toBe(200);
  return me.body.reference;
}

/** The reference with one character of its random part changed: what a slip of the finger sends. */
function typo(reference: string): string {
  const at = reference.length - 3;
  return reference.slice(0, at) + (reference[at] === 'Q' ? 'R' : 'Q') + reference.slice(at + 1);
}

/** A Starling export, the way the bank writes it: BOM, CRLF, quoted commas, 1,234.56. */
function starlingCsv(rows: { date: string; who: string; reference: string; amount: string }[]): Buffer {
  const header = 'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category';
  let balance = 100_000;
  const lines = rows.map((row) => {
    balance += Math.round(Number(row.amount.replace(/,/g, '')) * 100);
    const pounds = `${Math.floor(balance / 100).toLocaleString('en-GB')}.${String(balance % 100).padStart(2, '0')}`;
    return `${row.date},"${row.who}","${row.reference}",FASTER PAYMENT,"${row.amount}","${pounds}",INCOME`;
  });
  return Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`, 'utf8');
}

/** What scrolls sideways at this width: the page, or a box inside it. */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const boxes = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth}>${el.clientWidth}`);
    return { page: document.documentElement.scrollWidth - window.innerWidth, boxes };
  });
}

async function expectNoSidewaysScroll(page: Page, state: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize(SMALL);
  const found = await sidewaysScroll(page);
  expect(found.page, `${state} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  expect(found.boxes, `${state}: boxes that scroll sideways at 320 px`).toEqual([]);
  await page.setViewportSize(size);
}

beforeAll(async () => {
  admin = await apiClient(b.baseURL, 'admin', b.adminPassword);
  await admin('/api/settings', { method: 'PUT', body: { ...(await admin('/api/settings')), ...BANK } });

  const t = await registerPlayer(b.baseURL, 'treasurer');
  await admin('/api/admin/club-roles', { body: { user_id: await userIdOf(t.username, t.password), role: 'treasurer' } });
  treasurer = t;

  const fullName = `Morgan Payer ${unique()}`;
  const m = await registerPlayer(b.baseURL, 'payer', { full_name: fullName });
  // Two months' subs: a payment of £25 pays the older one.
  for (const [due, description] of [
    ['2026-09-01', 'September subs'],
    ['2026-10-01', 'October subs'],
  ]) {
    await admin('/api/treasury/charges', { body: { member_id: m.playerId, category: 'subs', description, amount_pence: 2500, due_date: due } });
  }
  member = { ...m, fullName, reference: await referenceOf(m.username, m.password) };
});

describe('Money: the treasurer imports a bank statement', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`uploads, previews, commits and allocates an unmatched line by hand at ${viewport.width} px`, async () => {
      const page = await b.newPage({ viewport });
      await signIn(page, treasurer.username, treasurer.password);
      await openAdminTab(page, '/admin/treasury');
      await page.getByRole('heading', { name: 'Money' }).waitFor();
      await expectNoAxeViolations(page, 'empty');

      // One payment quoting the member's reference (spaced, as some banks print it), one with a typo in it, one from
      // a name nobody's reference is on, one payment out. Each run its own dates and amounts, so the second run's
      // file is not a duplicate of the first's.
      const pence = viewport.width === PHONE.width ? '12.34' : '1,234.56';
      const stranger = `CASH ${unique().toUpperCase()}`;
      const spaced = `${member.reference.slice(0, 4)} ${member.reference.slice(4)}`;
      const csv = starlingCsv([
        { date: viewport.width === PHONE.width ? '03/11/2026' : '04/11/2026', who: member.fullName.toUpperCase(), reference: spaced, amount: '25.00' },
        { date: '05/11/2026', who: 'A N OTHER', reference: typo(member.reference), amount: viewport.width === PHONE.width ? '7.00' : '8.00' },
        { date: '05/11/2026', who: stranger, reference: 'SUBS, THANKS', amount: pence },
        { date: '06/11/2026', who: 'Pitch Hire Ltd', reference: 'INV 22', amount: '-80.00' },
      ]);
      await page.getByLabel(labelled('Bank statement (CSV file)')).setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByRole('button', { name: 'Read statement' }).click();

      const preview = page.getByTestId('import-preview');
      await preview.waitFor();
      const figure = async (label: string) => (await preview.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent())?.trim();
      expect(await figure('Lines read')).toBe('4');
      expect(await figure('Money in')).toBe(viewport.width === PHONE.width ? '£44.34' : '£1,267.56');
      expect(await figure('Already imported')).toBe('0');
      expect(await figure('Will be allocated')).toBe('1');
      expect(await figure('Suggested')).toBe('1');
      expect(await figure('Unmatched')).toBe('1');
      await preview.getByText('See the 4 lines').click();
      const listed = preview.getByRole('list', { name: 'Statement lines' }).getByRole('listitem');
      expect(await listed.count()).toBe(4);
      expect(await listed.filter({ hasText: 'Allocated' }).textContent()).toContain(member.fullName);
      expect(await listed.filter({ hasText: 'Money out' }).textContent()).toContain('-£80.00');
      await expectNoAxeViolations(page, 'preview');
      await shot(page, 'treasury-preview');
      await expectNoSidewaysScroll(page, 'preview');

      await page.getByRole('button', { name: 'Commit import' }).click();
      await expectToast(page, 'Statement imported');
      const unmatched = page.getByRole('list', { name: 'Unmatched payments' }).getByRole('listitem').filter({ hasText: stranger });
      await unmatched.waitFor();
      await toastsGone(page);
      await expectNoAxeViolations(page, 'committed, an unmatched line');
      await expectNoSidewaysScroll(page, 'committed');
      await shot(page, 'treasury-committed');

      // The typo is suggested for the member, never allocated: the treasurer confirms it.
      const suggestion = page.getByRole('list', { name: 'Suggested matches' }).getByRole('listitem').filter({ hasText: 'A N OTHER' }).first();
      expect(await suggestion.textContent()).toContain(member.fullName);
      await suggestion.getByRole('button', { name: /^Confirm suggestion/ }).click();
      await expectToast(page, `allocated to ${member.fullName}`);

      await unmatched.getByRole('button', { name: /^Allocate to…/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Allocate a payment' });
      await dialog.getByLabel('Search payers by name').fill(member.fullName.split(' ').slice(0, 2).join(' '));
      await dialog.getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('radio', { name: new RegExp(member.fullName) }).check();
      await expectNoAxeViolations(page, 'allocate dialog');
      await shot(page, 'treasury-allocate');
      await dialog.getByRole('button', { name: `Allocate to ${member.fullName}` }).click();
      await expectToast(page, `allocated to ${member.fullName}`);
      await unmatched.waitFor({ state: 'detached' });
      await toastsGone(page);
      // The list got shorter under a page scrolled down: the tab pills may sit under the sticky header, which axe counts as obscured.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, 'allocated');
    });
  }

  it('a file in an unknown layout asks which column is which, and reads with the mapping', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, treasurer.username, treasurer.password);
    await openAdminTab(page, '/admin/treasury');
    const csv = Buffer.from(['When,Who,Ref,In,Out', `2026-11-09,SOMEONE ${unique().toUpperCase()},GIFT,5.00,`, '2026-11-09,SHOP,,,3.50', ''].join('\n'));
    await page.getByLabel(labelled('Bank statement (CSV file)')).setInputFiles({ name: 'other-bank.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByRole('button', { name: 'Read statement' }).click();
    const mapping = page.getByTestId('column-mapping');
    await mapping.waitFor();
    await expectNoAxeViolations(page, 'column mapping');
    await shot(page, 'treasury-mapping');
    await expectNoSidewaysScroll(page, 'column mapping');
    await mapping.getByLabel(labelled('Date')).selectOption('When');
    await mapping.getByLabel('Separate paid-in and paid-out columns').check();
    await mapping.getByLabel(labelled('Paid in')).selectOption('In');
    await mapping.getByLabel('Paid out').selectOption('Out');
    await mapping.getByLabel('Reference', { exact: true }).selectOption('Ref');
    await mapping.getByLabel('Name', { exact: true }).selectOption('Who');
    await mapping.getByRole('button', { name: 'Read with these columns' }).click();
    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('your column mapping');
    expect(await preview.locator('dt', { hasText: 'Lines read' }).locator('xpath=following-sibling::dd').textContent()).toBe('2');
  });
});

describe('Money: the member sees how to pay', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the club's bank details and the member's reference at ${viewport.width} px`, async () => {
      const page = await b.newPage({ viewport });
      await signIn(page, member.username, member.password);
      await page.goto('/players-area/payments');
      const card = page.getByRole('region', { name: 'How to pay' });
      await card.waitFor();
      expect(await card.getByTestId('payer-reference').textContent()).toBe(member.reference);
      const text = await card.textContent();
      expect(text).toContain(BANK.account_name);
      expect(text).toContain('30-91-74');
      expect(text).toContain(BANK.account_number);
      await expectNoAxeViolations(page, 'how to pay');
      await shot(page, 'how-to-pay');
      await expectNoSidewaysScroll(page, 'how to pay');
    });
  }

  it('without JavaScript the reference is plain text to select and copy', async () => {
    const page = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await signIn(page, member.username, member.password);
    await page.goto('/players-area/payments');
    const reference = page.getByTestId('payer-reference');
    expect(await reference.textContent()).toBe(member.reference);
    expect(await page.getByRole('button', { name: 'Copy reference' }).isVisible()).toBe(false);
  });
});
