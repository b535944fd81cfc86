import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE, hydrated, noSidewaysScroll, signIn } from '../support/browser';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

// Issue 36, "Custom domains with TLS": on a hosted install, a club's admin opens Settings at 390 px,
// adds the club's own domain, reads the two DNS records to create, checks, and removes it. Axe clean,
// nothing scrolls sideways, taps of at least 44 px. The browser reaches `club.clubs.test` (the
// install's first club) through a host-resolver rule; the DNS check itself meets no such domain.
const HOSTING_DOMAIN = 'clubs.test';
const DOMAIN = 'www.ashdown-rovers-e2e.org';
let server: RunningServer;
let browser: Browser;
let clubURL: string;

/** A request to the server for a host name the machine's DNS does not know. */
function post(port: number, host: string, path: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await startServer({ env: { HOSTING_DOMAIN } });
  const port = Number(new URL(server.baseURL).port);
  clubURL = `http://club.${HOSTING_DOMAIN}:${port}`;
  expect(await post(port, `club.${HOSTING_DOMAIN}:${port}`, '/api/admin/initialize-database')).toBe(200);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP *.${HOSTING_DOMAIN} 127.0.0.1`],
    headless: true,
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await server?.cleanup();
});

async function checkPage(page: Page, where: string, shot: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
  // The panel itself, at the phone's width (the whole Settings page is long).
  await page
    .getByRole('heading', { name: 'Your own web address' })
    .locator('..')
    .screenshot({ path: `test-results/club-domains-${shot}.png` });
}

async function tappable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

describe('A club’s own web address', () => {
  it('An admin adds the club’s domain at 390 px, sees the two DNS records, checks, and removes it', async () => {
    const context = await browser.newContext({ baseURL: clubURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] page error: ${error.message}`));
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/admin/settings');
    await hydrated(page);
    const panel = page.getByTestId('club-domains');
    await page.getByRole('heading', { name: 'Your own web address' }).waitFor();
    await panel.getByText(`club.${HOSTING_DOMAIN}`).first().waitFor();

    // A mistake is said beside the field, in the server's words.
    const field = panel.getByLabel('Your domain');
    await field.fill(`https://${DOMAIN}/`);
    const add = panel.getByRole('button', { name: 'Add domain' });
    await tappable(add);
    await add.click();
    await panel.getByText('Type the address alone, without http:// or https://, like www.yourclub.org.').waitFor();
    await checkPage(page, 'Settings, own web address refused', 'refused');

    await field.fill(DOMAIN);
    await add.click();
    const item = panel.getByTestId('club-domain');
    await item.getByText('Waiting for DNS').waitFor();
    expect(await item.textContent()).toContain(`club.${HOSTING_DOMAIN}`);
    expect(await item.textContent()).toContain(`_clubsite-verify.${DOMAIN}`);
    await checkPage(page, 'Settings with a domain waiting for DNS', 'records');

    const check = item.getByRole('button', { name: 'Check now' });
    await tappable(check);
    await check.click();
    await item.getByRole('status').waitFor({ timeout: 30_000 });
    expect(await item.getByRole('status').textContent()).toMatch(/No TXT record at|got no answer/);
    await checkPage(page, 'Settings after a check', 'checked');

    const remove = item.getByRole('button', { name: `Remove ${DOMAIN}` });
    await tappable(remove);
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await panel.getByTestId('club-domain').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 320, height: 700 });
    await noSidewaysScroll(page, 'Settings at 320 px');
    await context.close();
  }, 180_000);
});
