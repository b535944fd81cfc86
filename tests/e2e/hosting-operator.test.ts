import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { shot } from '../support/admin';
import { DESKTOP, PHONE, hydrated, noSidewaysScroll, useBrowser } from '../support/browser';
import { freePort, startServer, type RunningServer } from '../support/server';

// Issue 36, "The host's operator": on a hosted install the bare hosting domain shows the host's own
// page; the operator signs in there, creates a club and sees it listed with its figures, at 390 px
// and 1280 px. Axe clean, nothing scrolls sideways, taps of at least 44 px. Chromium resolves every
// *.localhost name to this machine, so the hosting domain is clubs.localhost.
const DOMAIN = 'clubs.localhost';
const OPERATOR = { username: 'host-operator', password: 'operator e2e password' };
const b = useBrowser();
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://${DOMAIN}:${port}`;
  server = await startServer({
    port,
    env: { HOSTING_DOMAIN: DOMAIN, OPERATOR_USERNAME: OPERATOR.username, OPERATOR_PASSWORD: OPERATOR.password, PUBLIC_URL: origin },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await server?.cleanup();
});

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
}

async function tappable(control: Locator) {
  const box = await control.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

describe("The host's operator", () => {
  it('signs in on the hosting domain at 390 px, creates a club with the sample content and sees it listed with its figures', async () => {
    const page = await b.newPage({ baseURL: origin, viewport: PHONE, phone: true });
    const landing = await page.goto('/');
    expect(landing!.status()).toBe(200);
    await page.getByRole('heading', { name: 'Football club websites, hosted together' }).waitFor();
    await checkPage(page, 'the landing page');
    await shot(page, 'hosting-landing');
    const signInLink = page.getByRole('link', { name: 'Sign in' });
    await tappable(signInLink);
    await signInLink.click();

    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    await hydrated(page);
    await checkPage(page, 'the operator sign-in');
    await page.getByLabel('Username').fill(OPERATOR.username);
    await page.getByLabel('Password').fill(OPERATOR.password);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await tappable(signIn);
    await signIn.click();
    await page.getByRole('heading', { name: 'Clubs', exact: true }).waitFor();
    await hydrated(page);

    await page.getByLabel('Club name').fill('Ashdown Rovers');
    await page.getByLabel('Address (the first part of its host name)').fill('ashdown');
    await page.getByLabel("First admin's e-mail").fill('secretary@ashdown.test');
    await page.getByLabel("First admin's password (optional)").fill('ashdown admin pass');
    await page.getByLabel("Start with the sample club's content").check();
    const create = page.getByRole('button', { name: 'Create club' });
    await tappable(create);
    await create.click();
    await page.getByText(`Club made at ashdown.${DOMAIN}.`).waitFor({ timeout: 30_000 });

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ashdown Rovers' }) });
    await card.waitFor();
    expect(await card.textContent()).toContain(`ashdown.${DOMAIN}`);
    expect(await card.textContent()).toMatch(/Members\s*1/);
    expect(await card.textContent()).toMatch(/Teams\s*2/);
    for (const name of ['Suspend Ashdown Rovers', 'Delete Ashdown Rovers']) await tappable(card.getByRole('button', { name }));
    await tappable(card.getByRole('link', { name: 'Export Ashdown Rovers' }));
    await checkPage(page, 'the clubs listed');
    await shot(page, 'hosting-operator-clubs');

    // Delete asks first; "Keep it" keeps it.
    await card.getByRole('button', { name: 'Delete Ashdown Rovers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Ashdown Rovers?' });
    await dialog.waitFor();
    await checkPage(page, 'the delete dialog');
    await shot(page, 'hosting-operator-delete-dialog');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const wide = await b.newPage({ baseURL: origin, viewport: DESKTOP });
    await wide.context().addCookies(await page.context().cookies());
    await wide.goto('/operator');
    await wide.getByRole('heading', { name: 'Ashdown Rovers' }).waitFor();
    await checkPage(wide, 'the clubs at 1280 px');
    await shot(wide, 'hosting-operator-clubs');

    // The new club answers on its own host; an unknown host gets the landing page with 404.
    const club = await page.goto(`http://ashdown.${DOMAIN}:${new URL(origin).port}/`);
    expect(club!.status()).toBe(200);
    expect(await page.title()).toContain('Ashdown Rovers');
    const nowhere = await page.goto(`http://nowhere.${DOMAIN}:${new URL(origin).port}/`);
    expect(nowhere!.status()).toBe(404);
    await page.getByText('There is no club at this address').waitFor();
  }, 180_000);
});
