import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { fetchJson } from '../support/api-client';
import { DESKTOP, PHONE, ready, signIn, useBrowser } from '../support/browser';
import { outageResponse } from '../../server/outage-page';

// Every public, shop, auth and portal page in its main states has no WCAG 2.2 AA
// violations (axe-core), at desktop and phone widths; the order flow and join-us work from the
// keyboard alone. (The admin panel has its own checks in tests/e2e/admin-*.test.ts.)


/** The refused submission has settled: the page's loaders revalidated and the submit button is live again (not faded). */
async function formSettled(page: import('playwright-core').Page) {
  await page.waitForFunction(() => !Array.from(document.querySelectorAll<HTMLButtonElement>('main button[type="submit"]')).some((b) => b.disabled));
}

const b = useBrowser();
const unique = () => randomBytes(4).toString('hex');

async function api<T = any>(path: string, init: Parameters<typeof fetchJson>[2] = {}): Promise<T> {
  const res = await fetchJson<T>(b.baseURL, path, init);
  if (!res.ok) throw new Error(`${res.method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

const token = async (username: string, password: string) =>
  (await api<{ access_token: string }>('/api/auth/login', { body: { username, password } })).access_token;

let playerId: string;
let articleId: string;
let productId: string;
const portal = { username: `a11y_${unique()}`, password: 'a11y-portal-pass' };

beforeAll(async () => {
  playerId = (await api<{ id: string }[]>('/api/squad'))[0].id;
  articleId = (await api<{ id: string }[]>('/api/news'))[0].id;
  const products = await api<{ id: string; stock: number; sizes: string[] }[]>('/api/products');
  productId = (products.find((p) => p.stock > 5 && p.sizes.length > 0) ?? products[0]).id;

  // A player with something on every portal tab, published through the API as the admin panel does.
  await api('/api/players/register', {
    body: {
      ...portal,
      email: `${portal.username}@example.com`,
      full_name: 'Avery Access',
      phone_number: '07700 900321',
      date_of_birth: '1994-03-12',
      position_preference: 'Defender',
      emergency_contact_name: 'Sam Access',
      emergency_contact_phone: '07700 900654',
    },
  });
  const admin = await token('admin', b.adminPassword);
  const me = await api<{ id: string }>('/api/players/me', { token: await token(portal.username, portal.password) });
  // The club approves the registration (issue 21), so the player is in a team with a schedule.
  await api(`/api/admin/registrations/${me.id}/approve`, { token: admin, body: {} });
  await api(`/api/players/${me.id}/payments`, { token: admin, body: { description: 'Match fees', amount: 12.5, due_date: '2026-10-01' } });
  await api(`/api/players/${me.id}/feedback`, { token: admin, body: { category: 'Training', feedback: 'Strong in the air.', rating: 4 } });
  await api(`/api/players/${me.id}/stats`, {
    method: 'PUT',
    token: admin,
    body: { matches_played: 5, matches_started: 4, goals: 1, assists: 2, minutes_played: 380, training_attendance: 90, yellow_cards: 0, red_cards: 0 },
  });
  await api('/api/documents', { token: admin, body: { title: 'Club handbook', url: 'https://example.org/handbook', player_id: me.id } });
  await api('/api/messages', { token: admin, body: { subject: 'Kit collection', body: 'Collect your kit on Thursday.', player_id: me.id } });
});

/** Opens a page and waits until it is interactive (its script, and React where it loads), so what axe sees is what a visitor gets. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(nothing)';
    const control = el as HTMLInputElement;
    const name = el.getAttribute('aria-label') ?? control.labels?.[0]?.textContent ?? el.textContent;
    const type = el instanceof HTMLInputElement || el instanceof HTMLButtonElement ? `[${control.type}]` : '';
    return `${el.tagName.toLowerCase()}${type} ${(name ?? '').trim().replace(/\s+/g, ' ')}`;
  });
const focusInsideDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

/** Presses Tab until the focused element matches (a keyboard user's way of getting somewhere). */
async function tabTo(page: Page, matches: (description: string) => boolean, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (matches(await focused(page))) return;
  }
  throw new Error(`Tab never reached the element; last focused: ${await focused(page)}`);
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`WCAG 2.2 AA at ${viewport.width} px`, () => {
    it('The public pages have no axe violations', async () => {
      const page = await b.newPage({ viewport });
      for (const path of ['/', '/squad', `/player/${playerId}`, '/fixtures', '/news', `/news/${articleId}`, '/about', '/sponsors', '/join-us', '/privacy']) {
        await open(page, path);
        await expectNoAxeViolations(page);
      }
      await open(page, '/no-such-page');
      await expectNoAxeViolations(page, '404');
    });

    it('Open states have no axe violations: a fixture card expanded, a long report opened, the phone menu', async () => {
      const page = await b.newPage({ viewport });
      await open(page, '/fixtures');
      const card = page.getByTestId('fixture').first();
      await card.locator('summary').first().click();
      await expect.poll(() => card.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      const readMore = page.getByTestId('fixture').locator('summary', { hasText: 'Read More' }).first();
      if (await readMore.count()) {
        await readMore.locator('xpath=ancestor::details[1]').locator('xpath=ancestor::details[1]/summary').click();
        await readMore.click();
      }
      await expectNoAxeViolations(page, 'a fixture card expanded');

      if (viewport === PHONE) {
        await page.getByRole('banner').getByLabel('Menu').click();
        await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).waitFor();
        await expectNoAxeViolations(page, 'menu open');
      }
    });

    it('The shop, a product and its open order dialog have no axe violations', async () => {
      const page = await b.newPage({ viewport });
      await open(page, '/shop');
      await expectNoAxeViolations(page);
      await open(page, `/shop/product/${productId}`);
      await expectNoAxeViolations(page);
      // On a phone the order bar has a Buy Now too (docs/product.md#shop).
      await page.getByRole('button', { name: 'Buy Now' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Complete your order' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'order dialog open');
      // The dialog with a refused order: the server's field errors.
      await dialog.getByLabel('Full name').fill('Robin Access');
      await dialog.getByLabel('Phone number').fill('07700 900123');
      await dialog.getByLabel('Email').fill('robin@example');
      await dialog.getByRole('button', { name: 'Place Order' }).click();
      await dialog.getByRole('alert').waitFor();
      await expectNoAxeViolations(page, 'order dialog with errors');
    });

    it('Join us, sign-in and registration with their errors shown have no axe violations', async () => {
      const page = await b.newPage({ viewport });
      await open(page, '/join-us');
      await page.getByLabel(/^Player/).check();
      await page.getByLabel('Full name').fill('   ');
      await page.getByLabel('Email').fill('pat@example');
      await page.getByLabel('Phone number').fill('07700 900111');
      await page.getByLabel('Message').fill('   ');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('alert').waitFor();
      await formSettled(page);
      await expectNoAxeViolations(page, 'errors shown');

      await open(page, '/login');
      await expectNoAxeViolations(page);
      await page.getByLabel('Username').fill('nobody');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      await formSettled(page);
      await expectNoAxeViolations(page, 'errors shown');

      await open(page, '/register');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('alert').first().waitFor();
      await formSettled(page);
      await expectNoAxeViolations(page, 'errors shown');

      await open(page, '/initialize');
      await expectNoAxeViolations(page);
    });

    it("Every players' area tab, and the profile form with errors, have no axe violations", async () => {
      const page = await b.newPage({ viewport });
      await signIn(page, portal.username, portal.password);
      for (const tab of ['', '/profile', '/payments', '/feedback', '/schedule', '/documents', '/messages', '/stats']) {
        await open(page, `/players-area${tab}`);
        await expectNoAxeViolations(page);
      }
      await open(page, '/players-area/profile?edit');
      await expectNoAxeViolations(page, 'editing');
      await page.getByLabel('Email').fill('avery@example');
      await page.getByRole('button', { name: /^Save/ }).click();
      await page.getByRole('alert').first().waitFor();
      await expectNoAxeViolations(page, 'editing with errors');
    });
  });
}

describe('Keyboard only', () => {
  it('A visitor orders from a product page with Tab, Space, Enter and Escape; focus follows the dialog', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await open(page, `/shop/product/${productId}`);
    const total = page.getByTestId('total');
    const before = await total.textContent();

    // One more with the stepper, then Buy Now.
    await tabTo(page, (f) => f.startsWith('button[button] Increase quantity'));
    await page.keyboard.press('Space');
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
    expect(await total.textContent()).not.toBe(before);
    await tabTo(page, (f) => f.startsWith('button[submit] Buy Now'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.waitFor();
    // Focus starts in the dialog, on its first field.
    expect(await focusInsideDialog(page)).toBe(true);
    expect(await focused(page)).toMatch(/^input\[text\] Full name/);

    // Escape closes it and gives focus back to Buy Now; Enter opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button[submit] Buy Now');
    await page.keyboard.press('Enter');
    await dialog.waitFor();

    // Focus stays in the modal however far a keyboard user tabs.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')) || document.activeElement === document.body)).toBe(true);
    }
    await tabTo(page, (f) => /^input\[text\] Full name/.test(f));
    await page.keyboard.type('Kim Keyboard');
    await page.keyboard.press('Tab');
    await page.keyboard.type('07700 900456');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`kim.${unique()}@example.com`);
    // Collection or delivery: Tab reaches the radio group, Space picks collection.
    await tabTo(page, (f) => /^input\[radio\] Collect from the club/.test(f));
    await page.keyboard.press('Space');
    await tabTo(page, (f) => f.startsWith('button[submit] Place Order'));
    await page.keyboard.press('Enter');

    // The order's own page (ADR 023): its heading has focus, so it is read out; the next Tab stops are its actions.
    await page.waitForURL(/\/shop\/orders\//);
    await page.getByTestId('order-reference').waitFor();
    await expect.poll(() => focused(page)).toMatch(/^h1 Order Placed Successfully!/);
    await tabTo(page, (f) => f.startsWith('a Send order on WhatsApp'), 5);
    await tabTo(page, (f) => f.startsWith('a Order Another Item'), 5);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/shop\/product\//);
  });

  it('A visitor applies on /join-us with the keyboard alone: an interest with Space, the fields, Enter to send', async () => {
    const page = await b.newPage({ viewport: DESKTOP });
    await open(page, '/join-us');
    await tabTo(page, (f) => /^input\[checkbox\] Volunteer\/Staff/.test(f));
    await page.keyboard.press('Space');
    expect(await page.getByLabel(/^Volunteer\/Staff/).isChecked()).toBe(true);

    // A mistake first: the error summary takes focus (ADR 026); its link, with Enter, goes to the field to fix.
    await tabTo(page, (f) => f.startsWith('input[text] Full name'));
    await page.keyboard.type('Lee Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lee@example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('07700 900222');
    await page.keyboard.press('Tab');
    await page.keyboard.type('I can help on match days.');
    await tabTo(page, (f) => f.startsWith('button[submit] Submit Application'));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await focused(page)).toMatch(/^div There is a problem/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^a Please enter a valid email address/);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^input\[email\] Email/);

    await page.keyboard.press('End');
    await page.keyboard.type('.com');
    await tabTo(page, (f) => f.startsWith('button[submit] Submit Application'));
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { name: 'Application Submitted!' });
    await done.waitFor();
    // Focus moves to the confirmation, so a screen reader user hears it.
    expect(await focused(page)).toBe('h2 Application Submitted!');
  });
});

describe('The outage page (database away, no cached copy)', () => {
  it('is accessible, fits a 320 px phone and offers one clear next step, at phone and desktop widths', async () => {
    for (const viewport of [{ width: 320, height: 640 }, PHONE, DESKTOP]) {
      const page = await b.newPage({ viewport });
      // The exact answer the server sends for a page it cannot render (server/outage-page.ts).
      const outage = outageResponse('/fixtures');
      const html = await outage.text();
      await page.route('**/fixtures', (route) => route.fulfill({ status: outage.status, contentType: 'text/html; charset=utf-8', body: html }));
      const res = await page.goto('/fixtures');
      expect(res?.status()).toBe(503);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("We'll be back in a moment");
      const tryAgain = page.getByRole('link', { name: 'Try again' });
      expect(await tryAgain.getAttribute('href')).toBe('/fixtures');
      const box = await tryAgain.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page, `outage page at ${viewport.width} px`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `/tmp/outage-${viewport.width}.png`, fullPage: true });
    }
  });
});
