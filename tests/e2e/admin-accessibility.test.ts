import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, openAdminTab, unique } from '../support/admin';
import { axeViolations as violations } from '../support/axe';
import { PHONE, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

describe('Admin panel accessibility', () => {
  for (const viewport of [PHONE, undefined]) {
    it(`The dashboard, a list tab with its modal, orders and player management have no WCAG 2.2 AA violations (${viewport ? 'phone' : 'desktop'})`, async () => {
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
