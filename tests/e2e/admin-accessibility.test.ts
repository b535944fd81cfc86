import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, settledToast, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

/** The six list tabs (ResourceTab): a table, an Add modal, its errors, a delete confirmation. */
const LIST_TABS = [
  { path: '/admin/products', title: 'Products', resource: 'Product' },
  { path: '/admin/players', title: 'Players', resource: 'Player' },
  { path: '/admin/fixtures', title: 'Fixtures', resource: 'Fixture' },
  { path: '/admin/teams', title: 'Teams', resource: 'Team' },
  { path: '/admin/sponsors', title: 'Sponsors', resource: 'Sponsor' },
  { path: '/admin/news', title: 'News', resource: 'News article' },
];

/**
 * Data of this file's own, uniquely named, made once for both viewports through the API: an order,
 * a join-us submission, a player without a login (with a payment and feedback), a player with one,
 * and a document and a message for the first player only (nobody else's Players' Area sees them).
 */
interface Seeded {
  orderReference: string;
  applicant: string;
  player: { id: string; full_name: string };
  withLogin: { id: string; full_name: string };
  documentTitle: string;
  messageSubject: string;
}
let seeded: Seeded;
const cleanup: string[] = [];

beforeAll(async () => {
  const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
  const created = async (path: string, body: unknown) => {
    const res = await api.post(path, body);
    expect(res.status, `POST ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const tag = unique();

  // Orders and join-us submissions come from the public site, without a token.
  const publicPost = async (path: string, body: unknown) => {
    const res = await fetch(`${b.baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    expect(res.status, `POST ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  };
  const products = (await api.get('/api/products')).body as { id: string; stock: number; sizes: string[] }[];
  const product = products.find((p) => p.stock > 2);
  expect(product, 'a product in stock to order').toBeDefined();
  const order = await publicPost('/api/orders', {
    product_id: product!.id,
    quantity: 1,
    size: product!.sizes[0],
    customer_name: `Axe Order ${tag}`,
    customer_email: 'axe.order@example.com',
    customer_phone: '07700 900321',
    customer_address: '1 Accessible Lane, Riverside Village, RV1 1AA',
    notes: 'Accessibility test order',
  });
  const applicant = `Axe Applicant ${tag}`;
  const submission = await publicPost('/api/join-us', {
    full_name: applicant,
    email: 'axe.applicant@example.com',
    phone_number: '07700 900654',
    message: 'I would like to help on match days and maybe play on Thursday evenings if there is room in the squad.',
    interest_types: ['player', 'volunteer'],
  });
  cleanup.push(`/api/join-us/${submission.id}`);

  const squadPlayer = async (name: string) => {
    const player = await created('/api/players', { full_name: name, jersey_number: 42, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
    cleanup.push(`/api/players/${player.id}`);
    return player as { id: string; full_name: string };
  };
  const player = await squadPlayer(`Axe Player ${tag}`);
  const withLogin = await squadPlayer(`Axe Login ${tag}`);
  await created('/api/admin/create-player-account', {
    player_id: withLogin.id,
    username: `axe_${tag}`,
    email: `axe_${tag}@example.com`,
    password: 'axe-password-1',
  });
  await created(`/api/players/${player.id}/payments`, { description: `Subs ${tag}`, amount: 25, payment_type: 'Monthly Subscription', due_date: '2030-01-31' });
  await created(`/api/players/${player.id}/feedback`, { category: 'General', feedback: 'Good first touch; keep talking to the back line.', rating: 4 });
  const documentTitle = `Axe Handbook ${tag}`;
  const document = await created('/api/documents', { title: documentTitle, url: 'https://example.com/handbook', player_id: player.id, description: 'Read before the first match.' });
  cleanup.push(`/api/documents/${document.id}`);
  const messageSubject = `Axe Message ${tag}`;
  await created('/api/messages', { subject: messageSubject, body: 'Training moves to 7 pm on Thursday.', player_id: player.id });

  seeded = { orderReference: order.reference, applicant, player, withLogin, documentTitle, messageSubject };
});

afterAll(async () => {
  const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
  for (const path of cleanup.reverse()) await api.delete(path);
});

/** The error summary's title (ADR 026): "There is a problem" or "There are N problems". */
const SUMMARY_TITLE = /^There (is a problem|are \d+ problems)$/;

/** Clicks a form's submit button and waits for the error text it must show. */
async function submitWithErrors(page: Page, button: string, errors: (string | RegExp)[], within = page.locator('body')) {
  await within.getByRole('button', { name: button }).click();
  for (const error of errors) await within.getByText(error, { exact: true }).first().waitFor();
}

/**
 * For each width (phone, desktop), a describe named after it whose tests share one page signed in
 * as the admin; `current()` gives that page once it is open.
 */
function atEachWidth(name: string, tests: (at: string, viewport: typeof PHONE, current: () => Page) => void) {
  describe(name, () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const at = viewport === PHONE ? 'phone' : 'desktop';
      describe(at, () => {
        let page: Page;
        beforeAll(async () => {
          page = await b.newPage({ viewport });
          await signIn(page, 'admin', b.adminPassword);
        });
        tests(at, viewport, () => page);
      });
    }
  });
}

atEachWidth('Admin panel accessibility: every tab and its main states, axe WCAG 2.2 AA', (at, viewport, current) => {
  it(`Today (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin');
    await page.getByRole('list', { name: 'Today' }).waitFor();
    await page.getByRole('list', { name: 'Club counts' }).waitFor();
    await expectNoAxeViolations(page, 'dashboard');
  });

  for (const tab of LIST_TABS) {
    it(`${tab.title}: the list (cards on a phone, a table on a desktop), the Add modal, its errors, the delete confirmation (${at})`, async () => {
      const page = current();
      await openAdminTab(page, tab.path);
      if (viewport === PHONE) await page.getByRole('list', { name: tab.title }).getByRole('listitem').first().waitFor();
      else await page.getByRole('region', { name: tab.title }).getByRole('table').waitFor();
      await expectNoAxeViolations(page, 'list');

      await page.getByRole('button', { name: `Add ${tab.resource}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${tab.resource}` });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'Add modal open');

      await submitWithErrors(page, `Create ${tab.resource}`, [SUMMARY_TITLE], dialog);
      expect(await dialog.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, 'Add modal submitted empty, with errors');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /^Delete / }).first().click();
      // Players' confirmation names the person ('Delete Sam Smith?') and lists what goes, once counted.
      const confirm = page.getByRole('dialog', { name: /^Delete / });
      await confirm.waitFor();
      if (tab.resource === 'Player') await confirm.getByRole('list').waitFor();
      await expectNoAxeViolations(page, 'delete confirmation open');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
    });
  }

  it(`Orders: the list and an order's details (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/orders');
    await expectNoAxeViolations(page, 'list');
    if (viewport === PHONE) {
      // A card per order, its actions visible; the rest behind "All details".
      const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: seeded.orderReference });
      await card.getByRole('button', { name: 'Mark confirmed' }).waitFor();
      await card.getByText('All details').click();
      await card.getByText('axe.order@example.com').waitFor();
      await expectNoAxeViolations(page, 'card details open');
      return;
    }
    const toggle = page.getByRole('button', { name: `Details of order ${seeded.orderReference}` });
    await toggle.click();
    await page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).getByRole('button', { name: 'Mark confirmed' }).waitFor();
    await expectNoAxeViolations(page, 'details row expanded');
  });

  it(`Join Us: the list, a message in full, the delete confirmation (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/join-us');
    const card = page.getByRole('article', { name: seeded.applicant });
    await card.waitFor();
    await expectNoAxeViolations(page, 'list');
    await card.getByRole('button', { name: 'Read full message' }).click();
    await card.getByRole('button', { name: 'Show less' }).waitFor();
    await expectNoAxeViolations(page, 'full message expanded');
    await card.getByRole('button', { name: `Delete submission from ${seeded.applicant}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'delete confirmation open');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });
});

atEachWidth('Admin panel accessibility: settings, documents, messages and players, axe WCAG 2.2 AA', (at, viewport, current) => {
  it(`Settings: the form, and the form with a validation error (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/settings');
    await expectNoAxeViolations(page, 'form');
    // Refused in the browser before anything is sent: the shared settings stay as they are.
    await page.getByLabel(labelled('General email')).fill('not-an-email');
    await submitWithErrors(page, 'Save Settings', ['There is a problem', 'Club email must be a valid email address']);
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'form with a validation error');
  });

  it(`Documents: the list and the publish form, with its errors for a file and for a link (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/documents');
    await page.getByRole('link', { name: seeded.documentTitle }).waitFor();
    await expectNoAxeViolations(page, 'list and form');
    await submitWithErrors(page, 'Publish document', ['Title is required', 'Choose a file']);
    await expectNoAxeViolations(page, 'form with errors (file)');
    await page.getByRole('radio', { name: 'Link to a page' }).check();
    await submitWithErrors(page, 'Publish document', ['Title is required', 'Enter a link starting with https://']);
    await expectNoAxeViolations(page, 'form with errors (link)');
    await page.getByRole('button', { name: `Delete ${seeded.documentTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'delete confirmation open');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });

  it(`Messages: the list and the send form, with its errors (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/messages');
    await page.getByRole('heading', { name: seeded.messageSubject }).waitFor();
    await expectNoAxeViolations(page, 'list and form');
    await submitWithErrors(page, 'Send message', ['Subject is required', 'Message is required']);
    await expectNoAxeViolations(page, 'form with errors');
  });

  it(`Players: a player with each section (login, stats, payments, feedback), the forms with errors, a toast (${at})`, async () => {
    const page = current();
    await openAdminTab(page, '/admin/players');
    await page.getByRole('searchbox', { name: 'Search players' }).fill(seeded.player.full_name);
    await page.getByRole('link', { name: seeded.player.full_name, exact: true }).click();
    await page.getByRole('heading', { name: 'Season stats' }).waitFor();
    await page.getByRole('button', { name: 'Create login' }).waitFor();
    await page.getByRole(viewport === PHONE ? 'list' : 'region', { name: `Payments of ${seeded.player.full_name}` }).waitFor();
    await expectNoAxeViolations(page, 'player selected: login, stats, payments, feedback');

    await submitWithErrors(page, 'Create login', ['Username is required', 'Email is required']);
    await page.getByLabel(labelled('Due date')).fill('');
    await submitWithErrors(page, 'Add payment', ['Description is required', 'Amount is required', 'Due date is required']);
    await submitWithErrors(page, 'Add feedback', ['Feedback is required']);
    await expectNoAxeViolations(page, 'create-login, payment and feedback forms with errors');

    // Toasts: a success after adding a payment (to this file's own player), then an info one.
    await page.getByLabel(labelled('Description')).fill(`Kit ${unique()}`);
    await page.getByLabel(labelled('Amount (£)')).fill('12.50');
    await page.getByLabel(labelled('Due date')).fill('2030-02-28');
    await page.getByRole('button', { name: 'Add payment' }).click();
    const added = await settledToast(page, 'Payment added successfully');
    await expectNoAxeViolations(page, 'success toast visible');
    await added.getByRole('button', { name: 'Close toast' }).click();
    await added.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save stats' }).click();
    await settledToast(page, 'No changes to save');
    await expectNoAxeViolations(page, 'info toast visible');

    await openAdminTab(page, `/admin/players?player=${seeded.withLogin.id}`);
    await page.getByRole('button', { name: 'Reset password' }).waitFor();
    await submitWithErrors(page, 'Reset password', ['New password is required']);
    await expectNoAxeViolations(page, 'player with a login: reset-password form with an error');
  });
});

describe('Admin panel: keyboard use, and without JavaScript', () => {
  it('The list tabs work from the keyboard: the modal opens, traps focus, closes with Escape and gives focus back', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/sponsors');
    const add = page.getByRole('button', { name: 'Add Sponsor' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Sponsor' });
    await dialog.waitFor();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);

    // Edit and delete buttons are reachable and named after their row.
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Edit / }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('An admin edits an item with the keyboard alone: Tab to its Edit button, change a field, save, focus comes back', async () => {
    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const name = `Keyboard Sponsor ${unique()}`;
    const created = await api.post('/api/sponsors', { name, logo_url: '/images/seed/sponsor-lanes-bakery.svg', category: 'Keyboard Partner' });
    expect(created.status).toBe(201);

    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/sponsors');
    const edit = page.getByRole('button', { name: `Edit ${name}` });
    // Tab through the page until the row's Edit button has focus: no mouse, no focus() call.
    for (let i = 0; i < 400 && !(await edit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();

    // Move to the Category field with Tab and replace its text by typing.
    const category = dialog.getByLabel(/^Category/);
    for (let i = 0; i < 20 && !(await category.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await category.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard Friends');
    const save = dialog.getByRole('button', { name: 'Save changes' });
    for (let i = 0; i < 20 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    await expectToast(page, 'Sponsor updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.get(`/api/sponsors`)).body.find((s: { id: string }) => s.id === created.body.id).category).toBe('Keyboard Friends');
    // Focus went back to where the keyboard user was, not to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)).toContain(name);
  });

  it('Without JavaScript the panel is still guarded, titled, and says it needs JavaScript', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/admin/products');
    expect(await page.title()).toMatch(/^Products · Admin \| /);
    expect(await page.getByRole('main').textContent()).toContain('The admin panel needs JavaScript');
  });
});
