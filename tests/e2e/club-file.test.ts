import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

// Issue 36, "Take your club and leave": at 390 px the admin downloads the whole club from Settings,
// and a new, empty install's first-run screen takes that file; the club's admin then signs in there
// with their own password. Axe clean, nothing scrolls sideways, taps of at least 44 px.
const b = useBrowser();
let newInstall: RunningServer;

beforeAll(async () => {
  // No ADMIN_PASSWORD: the new install's owner reads the setup code in its log.
  newInstall = await startServer({ env: { ADMIN_PASSWORD: '' } });
}, 120_000);
afterAll(async () => {
  await newInstall?.stop();
  await newInstall?.cleanup();
});

function setupCodeOf(s: RunningServer) {
  const code = /enter this setup code: (\S+)/.exec(s.output())?.[1];
  if (!code) throw new Error(`No setup code in the server log:\n${s.output()}`);
  return code;
}

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
}

async function tappable(control: Locator) {
  const box = await control.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

describe('Take your club and leave', () => {
  it('An admin downloads the whole club at 390 px, and a new install’s first run brings it in; the admin signs in there', async () => {
    const page = await b.newPage({ viewport: PHONE, phone: true });
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/admin/settings');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Your club’s data' }).waitFor();
    expect(await page.getByTestId('club-file-warning').textContent()).toContain('everyone’s personal data');
    const link = page.getByRole('link', { name: 'Download everything' });
    await link.scrollIntoViewIfNeeded();
    await tappable(link);
    await checkPage(page, 'Settings with the club file');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.club\.tar\.gz$/);
    const file = (await download.path())!;
    // The download is listed under the button (read again a moment after the click).
    await page.getByTestId('club-file-downloads').getByText(/^Downloaded by /).first().waitFor({ timeout: 15_000 });

    const first = await b.newPage({ baseURL: newInstall.baseURL, viewport: PHONE, phone: true });
    await first.goto('/initialize');
    await hydrated(first);
    await first.getByRole('heading', { name: 'Moving from another install? Bring your club file' }).waitFor();
    await first.getByLabel('The code from the server log').fill(setupCodeOf(newInstall));
    await first.locator('input#club_file').setInputFiles(file);
    const bring = first.getByRole('button', { name: 'Bring the club file' });
    await tappable(bring);
    await checkPage(first, 'the first-run screen with the club file chosen');
    await bring.click();
    await first.getByTestId('club-file-brought').waitFor({ timeout: 60_000 });
    expect(await first.getByRole('heading', { name: 'The database needs initialization' }).count()).toBe(0);
    await checkPage(first, 'the club brought in');

    await signIn(first, 'admin', b.adminPassword);
    expect(new URL(first.url()).pathname).toBe('/admin');
  }, 180_000);
});
