import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, ready, signIn, useBrowser } from '../support/browser';

// ADR 021: the header fits the narrowest phone (and a 1280 px window at 400 % zoom, which
// is 320 CSS px), names the club in full at 390 px, makes Join Us the primary action for visitors,
// and its menus close with Escape and after a link is chosen, with or without React.

const b = useBrowser();
const NARROWEST = { width: 320, height: 640 };

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const menuOpen = (page: Page, label: string) =>
  page.getByRole('banner').locator(`summary[aria-label^="${label}"]`).evaluate((s) => (s.parentElement as HTMLDetailsElement).open);

describe('The site header', () => {
  it('Fits 320 px (400 % zoom of a 1280 px window) with no sideways scroll, menu closed or open', async () => {
    const page = await b.newPage({ viewport: NARROWEST });
    for (const path of ['/', '/fixtures', '/shop', '/join-us']) {
      await page.goto(path);
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
      const header = await page.getByRole('banner').boundingBox();
      expect(header!.width).toBeLessThanOrEqual(NARROWEST.width);
    }
    await page.getByRole('banner').getByLabel('Menu').click();
    const panel = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await panel.getByRole('link', { name: 'News' }).waitFor();
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROWEST.width);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'menu open at 320 px');
  });

  it('Shows the full club name at 390 px, with Join Us as the gold button and the menu beside it', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await page.goto('/');
    const banner = page.getByRole('banner');
    const wordmark = banner.getByTestId('wordmark');
    expect(await wordmark.textContent()).toBe('Riverside Rovers FC');
    const name = (await wordmark.boundingBox())!;
    const join = banner.getByRole('link', { name: 'Join Us', exact: true });
    const joinBox = (await join.boundingBox())!;
    // On one line, whole, and clear of the button.
    expect(name.height).toBeLessThan(32);
    expect(await wordmark.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(name.x + name.width).toBeLessThanOrEqual(joinBox.x);
    expect(joinBox.height).toBeGreaterThanOrEqual(44);
    // Gold: the primary action for a visitor.
    expect(await join.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(250, 204, 21)');
    // Players' Area is a quieter link: in the menu on a phone, beside Join Us on wider screens.
    await banner.getByLabel('Menu').click();
    expect(await banner.getByRole('link', { name: "Players' Area" }).getAttribute('href')).toBe('/login');
  });

  it('On a desktop, Players\' Area is a plain sign-in link and Join Us the only button', async () => {
    const page = await b.newPage();
    await page.goto('/');
    const banner = page.getByRole('banner');
    const signInLink = banner.getByRole('link', { name: "Players' Area" });
    expect(await signInLink.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(await banner.getByRole('link', { name: 'Join Us', exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(250, 204, 21)');
  });

  it('Escape closes the phone menu and returns focus to its button; choosing a link closes it', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await page.goto('/');
    await ready(page);
    const summary = page.getByRole('banner').getByLabel('Menu');
    await summary.click();
    expect(await menuOpen(page, 'Menu')).toBe(true);
    await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).focus();
    await page.keyboard.press('Escape');
    expect(await menuOpen(page, 'Menu')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');

    await summary.click();
    await Promise.all([page.waitForURL('**/news'), page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click()]);
    expect(await menuOpen(page, 'Menu')).toBe(false);
  });

  it('Escape works on a page whose React never starts (header.js is plain JavaScript)', async () => {
    const page = await b.newPage({ viewport: PHONE });
    // The app's bundles fail to load: no hydration, as on a page served without React.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/fixtures');
    await page.getByRole('banner').getByLabel('Menu').click();
    expect(await menuOpen(page, 'Menu')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menuOpen(page, 'Menu')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  it('The account menu closes with Escape, and after navigating from it', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/');
    await ready(page);
    const account = page.getByRole('banner').locator('summary[aria-label^="Account menu"]');
    await account.click();
    expect(await menuOpen(page, 'Account menu')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menuOpen(page, 'Account menu')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Account menu/);

    await account.click();
    await Promise.all([page.waitForURL('**/admin'), page.getByRole('banner').getByRole('link', { name: 'Admin Panel' }).click()]);
    expect(await menuOpen(page, 'Account menu')).toBe(false);
  });
});
