import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { hydrated, PHONE, signIn, useBrowser } from '../support/browser';

/**
 * The club's site as an app on a phone (issue 35, point 1 and the acceptance's install criteria), in
 * Chromium at 390 px: the manifest is valid with every installability field, its icons load, the
 * service worker controls a signed-in page after a reload, and the offer to add the app to the home
 * screen shows once per device (Chromium's prompt, or iPhone instructions), keyboard-dismissible
 * and axe clean.
 */
const b = useBrowser();

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Manifest = { short_name: string; icons: { src: string; sizes: string; type: string; purpose: string }[] } & Record<string, unknown>;

async function signedInMember(options: { userAgent?: string } = {}) {
  const member = await registerPlayer(b.baseURL, 'pwa');
  const page = await b.newPage({ viewport: PHONE, phone: true, ...options });
  await signIn(page, member.username, member.password);
  await hydrated(page);
  return page;
}

/** What Chromium does when its install criteria are met: fires beforeinstallprompt (a test's own, with a prompt() it can see called). */
const fireInstallPrompt = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });

const offer = (page: Page) => page.getByTestId('install-offer');

async function expectTapTargets(page: Page) {
  for (const button of await offer(page).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }
}

describe('Installable (issue 35)', () => {
  it('the manifest is valid with every install field, its icons load, and the service worker controls the page after a reload', async () => {
    const page = await signedInMember();
    expect(new URL(page.url()).pathname).toBe('/players-area');

    const cdp = await page.context().newCDPSession(page);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as Manifest;
    expect(manifest).toMatchObject({ id: '/start', start_url: '/start?source=pwa', scope: '/', display: 'standalone' });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // Each icon loads as an image of the size the manifest says; the iPhone's too.
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const sizes = await page.evaluate(
      (srcs) =>
        Promise.all(
          srcs.map(
            (src) =>
              new Promise<string>((resolve) => {
                const image = new Image();
                image.onload = () => resolve(`${image.naturalWidth}x${image.naturalHeight}`);
                image.onerror = () => resolve(`${src} did not load`);
                image.src = src;
              }),
          ),
        ),
      [...pngs.map((i) => i.src), appleIcon!],
    );
    expect(sizes).toEqual([...pngs.map((i) => i.sizes), '180x180']);
    expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content')).toBe('yes');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(/^#[0-9a-f]{6}$/i);

    // The worker registered by the signed-in page controls it once reloaded.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${b.baseURL}/sw.js`);

    // Chromium's own install check finds nothing missing (a test's browser context is never a
    // normal profile: the "incognito" answer is the context, not the site).
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // The app opens on the member's own page.
    await page.goto('/start?source=pwa');
    expect(new URL(page.url()).pathname).toBe('/players-area');

    // Signing out (and in again) works with the worker in control.
    await hydrated(page);
    await page.getByRole('banner').getByLabel('Account menu for Pat Player').click();
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.getByRole('button', { name: 'Sign Out' }).click()]);
    await page.goto('/players-area');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('content pages register nothing: a visitor has no service worker', async () => {
    const page = await b.newPage({ viewport: PHONE, phone: true });
    await page.goto('/');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

});

describe('The offer to add the app to the home screen (issue 35)', () => {
  it("on Chromium the offer comes with the browser's install prompt, once per device: Install opens the prompt, Escape closes it", async () => {
    const page = await signedInMember();
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(await offer(page).count()).toBe(0);

    await fireInstallPrompt(page);
    await expect.poll(() => offer(page).isVisible()).toBe(true);
    await expect.poll(() => offer(page).getByRole('heading').textContent()).toBe(`Add ${manifest.short_name} to your home screen`);
    await expectTapTargets(page);
    await expectNoAxeViolations(page, 'the install offer');
    await page.keyboard.press('Escape');
    await expect.poll(() => offer(page).count()).toBe(0);

    // Shown once on this device: not again after a reload, even when the browser fires its event again.
    await page.reload();
    await hydrated(page);
    await fireInstallPrompt(page);
    await page.waitForTimeout(300);
    expect(await offer(page).count()).toBe(0);

    // Another phone: Install asks the browser to show its prompt.
    const other = await signedInMember();
    await fireInstallPrompt(other);
    await offer(other).getByRole('button', { name: 'Install' }).click();
    await expect.poll(() => other.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    expect(await offer(other).count()).toBe(0);
  });

  it('on an iPhone (no prompt) it says how: Share, then Add to Home Screen; once', async () => {
    const page = await signedInMember({ userAgent: IPHONE_SAFARI });
    await expect.poll(() => offer(page).isVisible()).toBe(true);
    expect(await offer(page).textContent()).toContain('Tap Share');
    expect(await offer(page).textContent()).toContain('then Add to Home Screen');
    expect(await offer(page).locator('svg[aria-hidden="true"]').count()).toBe(1);
    await expectTapTargets(page);
    await expectNoAxeViolations(page, 'the iPhone instructions');
    await offer(page).getByRole('button', { name: 'Got it' }).click();
    expect(await offer(page).count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(await offer(page).count()).toBe(0);
  });

  it('on a computer there is no offer', async () => {
    const member = await registerPlayer(b.baseURL, 'pwa');
    const page = await b.newPage();
    await signIn(page, member.username, member.password);
    await hydrated(page);
    await fireInstallPrompt(page);
    await page.waitForTimeout(300);
    expect(await offer(page).count()).toBe(0);
  });
});
