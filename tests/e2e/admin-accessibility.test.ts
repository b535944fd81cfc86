import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminTab } from '../support/admin';
import { PHONE, signIn, useBrowser } from '../support/browser';

const b = useBrowser();
// Evaluated through the DevTools protocol: the page's Content-Security-Policy rightly refuses injected <script>s.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2 A/AA violations axe finds on the page as it is now. */
async function violations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

describe('Admin panel accessibility', () => {
  for (const viewport of [PHONE, undefined]) {
    it(`The dashboard, a list tab with its modal, orders and player management have no WCAG A/AA violations (${viewport ? 'phone' : 'desktop'})`, async () => {
      const page = await b.newPage({ viewport });
      await signIn(page, 'admin', b.adminPassword);

      await openAdminTab(page, '/admin');
      expect(await violations(page)).toEqual([]);

      await openAdminTab(page, '/admin/products');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await page.getByRole('dialog', { name: 'Add Product' }).waitFor();
      expect(await violations(page)).toEqual([]);

      await openAdminTab(page, '/admin/orders');
      const details = page.getByRole('button', { name: /^Details of order/ }).first();
      if (await details.count()) await details.click();
      expect(await violations(page)).toEqual([]);

      await openAdminTab(page, '/admin/player-management');
      await page.getByRole('navigation', { name: 'Players' }).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Season stats' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  }

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

  it('Without JavaScript the panel is still guarded, titled, and says it needs JavaScript', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/admin/products');
    expect(await page.title()).toMatch(/^Products · Admin \| /);
    expect(await page.getByRole('main').textContent()).toContain('The admin panel needs JavaScript');
  });
});
