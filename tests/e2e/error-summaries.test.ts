import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, hydrated, signIn, useBrowser } from '../support/browser';

// ADR 026: a refused form shows a summary at its top ("There are 3 problems")
// with one link per problem that moves focus to the field, the message beside each field, and
// never a raw field name ("full_name: …"). Also without JavaScript, rendered by the server.

const b = useBrowser();
const unique = () => randomBytes(4).toString('hex');
const RAW_KEY = /[a-z]+_[a-z_]+:/;

/** The page's visible text has no "field_name:" anywhere. */
async function expectNoRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull();
}

/**
 * The summary: its title counts the links; there is one link per field marked invalid; each link
 * (by click, or by Enter from the keyboard, alternately) moves focus to its field, whose own
 * message says the same. Returns the links' texts.
 */
async function expectWorkingSummary(page: Page, scope = page.locator('body')) {
  const summary = scope.locator('[data-error-summary]');
  await summary.waitFor();
  const links = summary.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  expect(await summary.getByRole('heading').textContent()).toBe(count === 1 ? 'There is a problem' : `There are ${count} problems`);
  // The summary has focus when it appears (JavaScript on).
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-error-summary') ?? false, null, { timeout: 5000 });
  expect(await scope.locator('[aria-invalid="true"]').count() + (await scope.locator('fieldset[id^="field-"] [id$="-error"]').count())).toBe(count);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const text = (await link.textContent())!;
    texts.push(text);
    const target = (await link.getAttribute('href'))!.slice(1);
    if (i % 2 === 0) await link.click();
    else {
      await link.focus();
      await page.keyboard.press('Enter');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(target);
    // The same words beside the field.
    expect(await page.locator(`[id="${target}-error"]`).textContent()).toBe(text);
  }
  return texts;
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`Empty forms at ${viewport.width} px`, () => {
    it('Join us: every problem in one summary, each link focuses its field; axe clean', async () => {
      const page = await b.newPage({ viewport });
      await page.goto('/join-us');
      await hydrated(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      const texts = await expectWorkingSummary(page);
      expect(texts).toHaveLength(5);
      expect(texts[0]).toBe('Choose at least one area of interest');
      await expectNoRawKeys(page);
      await expectNoAxeViolations(page, 'join-us, empty');
    });

    it('Register: every problem in one summary, each link focuses its field; axe clean', async () => {
      const page = await b.newPage({ viewport });
      await page.goto('/register');
      await hydrated(page);
      await page.getByRole('button', { name: 'Register' }).click();
      const texts = await expectWorkingSummary(page);
      expect(texts).toEqual(expect.arrayContaining(['Username is required', 'Email is required', 'Password is required', 'Full name is required']));
      expect(texts.length).toBeGreaterThanOrEqual(9);
      await expectNoRawKeys(page);
      await expectNoAxeViolations(page, 'register, empty');
    });

    it('Sign in: both fields in the summary; a wrong password as a message without a link; axe clean', async () => {
      const page = await b.newPage({ viewport });
      await page.goto('/login');
      await hydrated(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await expectWorkingSummary(page)).toEqual(['Username is required', 'Password is required']);
      await expectNoRawKeys(page);
      await expectNoAxeViolations(page, 'login, empty');
    });
  });
}

describe('Error summaries in the portal and the admin panel', () => {
  it('The portal profile form: a cleared name and a bad e-mail in one summary; axe clean at 390 and 1280 px', async () => {
    const { username, password } = await registerPlayer(b.baseURL, 'summary', { full_name: 'Sam Summary', position_preference: 'Defender' });
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, username, password);
    await page.goto('/players-area/profile?edit');
    await hydrated(page);
    await page.getByLabel(/^Full name/).fill('');
    await page.getByLabel(/^Email/).fill('sam@example');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    const texts = await expectWorkingSummary(page);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe('Full name is required');
    await expectNoRawKeys(page);
    await expectNoAxeViolations(page, 'profile with errors, 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, 'profile with errors, 1280 px');
  });

  it('An admin resource dialog (Add Fixture, empty): the summary links each required field; axe clean at 390 and 1280 px', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/admin/fixtures');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add Fixture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fixture' });
    await dialog.getByRole('button', { name: 'Create Fixture' }).click();
    const texts = await expectWorkingSummary(page, dialog);
    expect(texts).toEqual(expect.arrayContaining(['Opponent is required', 'Competition is required', 'Venue is required']));
    await expectNoRawKeys(page);
    await expectNoAxeViolations(page, 'Add Fixture, empty, 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, 'Add Fixture, empty, 1280 px');
  });
});

describe('Without JavaScript, the server renders the summary', () => {
  for (const [path, button, expected] of [
    ['/join-us', 'Submit Application', 5],
    ['/login', 'Sign in', 2],
    ['/register', 'Register', 9],
  ] as const) {
    it(`${path}: a summary with links to each field's #id`, async () => {
      const page = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      const summary = page.locator('[data-error-summary]');
      await summary.waitFor();
      const hrefs = await summary.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThanOrEqual(expected);
      for (const href of hrefs) {
        expect(href).toMatch(/^#field-[a-z_]+$/);
        // The link's target is on the page and is the field (or group) marked with the error.
        expect(await page.locator(href).count()).toBe(1);
        expect(await page.locator(`${href}-error`).count()).toBe(1);
      }
      await expectNoRawKeys(page);
    });
  }
});

describe('Register succeeds: signed in and welcomed', () => {
  it('Shows the medical notes privacy notice; a complete registration lands in the Players\' Area, signed in', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await page.goto('/register');
    await hydrated(page);
    const notes = page.getByLabel('Medical notes');
    const describedBy = (await notes.getAttribute('aria-describedby'))!;
    const notice = await page.locator(`[id="${describedBy}"]`).textContent();
    expect(notice).toContain('never shown on the public site');
    expect(notice).toContain("Only you and the club's admins and coaching staff");
    expect(await page.getByTestId('medical-notes-notice').getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/players-area/profile?edit');

    const username = `e2e_${unique()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel(/^Password/).fill('welcome-pass-1');
    await page.getByLabel('Confirm password').fill('welcome-pass-1');
    await page.getByLabel('Full name').fill('Wren Welcome');
    await page.getByLabel('Phone number').fill('07700 900555');
    await page.getByLabel('Date of birth').fill('1999-12-01');
    await page.getByLabel('Preferred position').selectOption('Forward');
    await page.getByLabel('Emergency contact name').fill('Ash Welcome');
    await page.getByLabel('Emergency contact phone').fill('07700 900666');
    await notes.fill('Asthma: inhaler in my kit bag.');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/players-area' && url.searchParams.has('welcome'));
    await page.getByRole('heading', { name: 'Registration successful!' }).waitFor();
    expect(await page.getByRole('main').locator('h1').textContent()).toBe('Wren Welcome');
    // Signed in for real: the session cookie opens the other tabs too.
    await page.goto('/players-area/profile');
    expect(new URL(page.url()).pathname).toBe('/players-area/profile');
    expect(await page.getByRole('main').locator('dl').textContent()).toContain('Asthma: inhaler in my kit bag.');
    await expectNoAxeViolations(page, 'profile after registering');
  });
});
