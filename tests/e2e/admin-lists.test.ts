import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, unique } from '../support/admin';
import { PHONE, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

async function adminPage(viewport?: { width: number; height: number }) {
  const page = await b.newPage({ viewport });
  await signIn(page, 'admin', b.adminPassword);
  return page;
}

/** A control of the open modal by its whole label (required ones end with a marked '*'). */
const field = (page: Page, label: string) => page.getByRole('dialog').getByLabel(labelled(label));
const fill = (page: Page, label: string, value: string) => field(page, label).fill(value);
const choose = (page: Page, label: string, value: string) => field(page, label).selectOption(value);

interface ListCase {
  tab: string;
  path: string;
  resource: string;
  name: string;
  fillNew: (page: Page) => Promise<void>;
  /** What the new row shows in the table (its columns). */
  rowShows: string[];
  edit: (page: Page) => Promise<void>;
  editedShows: string;
  /** The delete confirmation's title and a text it shows (the generic question unless the tab names the item). */
  confirm?: { title: string; says: string; button: string };
}

const id = unique();
const cases: ListCase[] = [
  {
    tab: 'Products',
    path: '/admin/products',
    resource: 'Product',
    name: `Test Scarf ${id}`,
    fillNew: async (page) => {
      await fill(page, 'Name', `Test Scarf ${id}`);
      await fill(page, 'Category', 'Accessories');
      await fill(page, 'Price (£)', '12.5');
      await fill(page, 'Stock', '7');
      await fill(page, 'Description', 'A warm scarf.');
      await fill(page, 'Sizes', ' S, M ,L ');
      await fill(page, 'Image URLs', '/images/seed/bar-scarf.svg , /images/seed/club-mug.svg');
    },
    rowShows: ['£12.50', '7', 'Accessories'],
    edit: (page) => fill(page, 'Price (£)', '15'),
    editedShows: '£15.00',
  },
  {
    tab: 'Players',
    path: '/admin/players',
    resource: 'Player',
    name: `Test Keeper ${id}`,
    fillNew: async (page) => {
      await fill(page, 'Full name', `Test Keeper ${id}`);
      await fill(page, 'Jersey number', '31');
      await choose(page, 'Position', 'Goalkeeper');
      await choose(page, 'Squad group', 'Vets');
      await page.getByRole('group', { name: /Teams/ }).getByRole('checkbox', { name: 'Vets' }).check();
      await page.getByRole('group', { name: /Teams/ }).getByRole('checkbox', { name: 'Senior' }).uncheck();
      await fill(page, 'Nationality', 'Welsh');
    },
    rowShows: ['31', 'Goalkeeper', 'Vets', 'Welsh'],
    edit: (page) => fill(page, 'Nationality', 'Irish'),
    editedShows: 'Irish',
    // Deleting a player names them and lists what goes (issue 21).
    confirm: { title: `Delete Test Keeper ${id}?`, says: 'Team memberships: 1', button: 'Delete for good' },
  },
  {
    tab: 'Fixtures',
    path: '/admin/fixtures',
    resource: 'Fixture',
    name: `Test Town ${id} on 14 Mar 2027`,
    fillNew: async (page) => {
      await choose(page, 'Team', 'Vets');
      await fill(page, 'Opponent', `Test Town ${id}`);
      await fill(page, 'Competition', 'Friendly');
      await fill(page, 'Date', '2027-03-14');
      await fill(page, 'Kick-off time', '10:30');
      await fill(page, 'Venue', 'Mill Lane');
    },
    rowShows: ['Vets', '14 Mar 2027', '10:30', 'Mill Lane', 'Upcoming'],
    edit: async (page) => {
      await choose(page, 'Status', 'completed');
      await fill(page, 'Home team score', '2');
      await fill(page, 'Away team score', '1');
    },
    editedShows: 'Full Time',
  },
  {
    tab: 'Sponsors',
    path: '/admin/sponsors',
    resource: 'Sponsor',
    name: `Test Bakery ${id}`,
    fillNew: async (page) => {
      await fill(page, 'Name', `Test Bakery ${id}`);
      await fill(page, 'Category', 'Local Partner');
      await fill(page, 'Logo URL', '/images/seed/sponsor-lanes-bakery.svg');
    },
    rowShows: ['Local Partner', 'No'],
    edit: (page) => fill(page, 'Website URL', 'https://bakery.example.com'),
    editedShows: 'Yes',
  },
  {
    tab: 'News',
    path: '/admin/news',
    resource: 'News article',
    name: `Test headline ${id}`,
    fillNew: async (page) => {
      await fill(page, 'Title', `Test headline ${id}`);
      await fill(page, 'Content', 'The whole story.');
      await page.getByRole('dialog').getByLabel('Published (visible on the website)').uncheck();
    },
    rowShows: ['No'],
    edit: (page) => page.getByRole('dialog').getByLabel('Published (visible on the website)').check(),
    editedShows: 'Yes',
  },
];

describe('Admin list tabs', () => {
  for (const c of cases) {
    it(`The admin adds, edits and deletes an item in the ${c.tab} tab, with toasts`, async () => {
      const page = await adminPage();
      await openAdminTab(page, c.path);
      expect(await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: c.tab, exact: true }).getAttribute('aria-current')).toBe('page');

      // Add (POST): required fields are marked, the list reloads with the new row.
      await page.getByRole('button', { name: `Add ${c.resource}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${c.resource}` });
      await dialog.waitFor();
      expect(await dialog.getByText('Fields marked * are required.').isVisible()).toBe(true);
      await c.fillNew(page);
      await dialog.getByRole('button', { name: `Create ${c.resource}` }).click();
      await expectToast(page, `${c.resource} created successfully!`);
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${c.name}`, exact: true }) });
      await row.waitFor();
      const text = await row.textContent();
      for (const shown of c.rowShows) expect(text).toContain(shown);

      // Edit (PUT).
      await page.getByRole('button', { name: `Edit ${c.name}`, exact: true }).click();
      const editDialog = page.getByRole('dialog', { name: `Edit ${c.name}` });
      await editDialog.waitFor();
      await c.edit(page);
      await editDialog.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, `${c.resource} updated successfully!`);
      await editDialog.waitFor({ state: 'hidden' });
      await row.filter({ hasText: c.editedShows }).waitFor();

      // Delete asks first; Cancel keeps the item.
      await page.getByRole('button', { name: `Delete ${c.name}`, exact: true }).click();
      const expected = c.confirm ?? { title: 'Delete item', says: 'Are you sure you want to delete this item?', button: 'Delete' };
      const confirm = page.getByRole('dialog', { name: expected.title });
      await confirm.waitFor();
      await confirm.getByText(expected.says).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await row.count()).toBe(1);
      await page.getByRole('button', { name: `Delete ${c.name}`, exact: true }).click();
      await confirm.getByRole('button', { name: expected.button, exact: true }).click();
      await expectToast(page, `${c.resource} deleted successfully!`);
      await row.waitFor({ state: 'detached' });
    });
  }
});

describe('Admin forms, toasts and the phone layout', () => {
  it('The product form sends numbers as numbers and comma-separated sizes and images as trimmed lists', async () => {
    const page = await adminPage();
    await openAdminTab(page, '/admin/products');
    const name = `List Check ${unique()}`;
    await page.getByRole('button', { name: 'Add Product' }).click();
    await fill(page, 'Name', name);
    await fill(page, 'Category', 'Kit');
    await fill(page, 'Price (£)', '9.99');
    await fill(page, 'Stock', '3');
    await fill(page, 'Description', 'Checks the payload.');
    await fill(page, 'Sizes', ' S, M ,, L ');
    await fill(page, 'Image URLs', ' /images/seed/club-mug.svg ,/images/seed/water-bottle.svg');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, 'Product created successfully!');

    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const products = (await api.get('/api/products')).body as any[];
    const saved = products.find((p) => p.name === name);
    expect(saved).toMatchObject({ price: 9.99, stock: 3, sizes: ['S', 'M', 'L'], images: ['/images/seed/club-mug.svg', '/images/seed/water-bottle.svg'] });
    await api.delete(`/api/products/${saved.id}`);
  });

  it('Required fields left blank are flagged in the form and nothing is sent; a server error shows in the form and a toast', async () => {
    const page = await adminPage();
    await openAdminTab(page, '/admin/sponsors');
    await page.getByRole('button', { name: 'Add Sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sponsor' });
    await dialog.getByRole('button', { name: 'Create Sponsor' }).click();
    // Each message twice (ADR 026): a link in the error summary and beside its field.
    expect(await dialog.getByText('Name is required').count()).toBe(2);
    expect(await dialog.getByText('Logo URL is required').count()).toBe(2);
    expect(await field(page, 'Name').getAttribute('aria-invalid')).toBe('true');

    await fill(page, 'Name', `Bad Logo ${unique()}`);
    await fill(page, 'Category', 'Partner');
    await fill(page, 'Logo URL', 'not a web address');
    await dialog.getByRole('button', { name: 'Create Sponsor' }).click();
    const toast = await expectToast(page, 'Error creating Sponsor: ');
    await dialog.getByRole('alert').waitFor();
    const detail = (await dialog.getByRole('alert').getByRole('link').first().textContent())!;
    expect(detail.length).toBeGreaterThan(0);
    expect(await toast.textContent()).toContain(detail);
    // Escape closes the modal.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Toasts go away after 3 seconds', async () => {
    const page = await adminPage();
    await openAdminTab(page, '/admin/news');
    const title = `Toast timing ${unique()}`;
    await page.getByRole('button', { name: 'Add News article' }).click();
    await fill(page, 'Title', title);
    await fill(page, 'Content', 'Short.');
    await page.mouse.move(0, 800);
    await page.getByRole('dialog').getByRole('button', { name: 'Create News article' }).press('Enter');
    const toast = await expectToast(page, 'News article created successfully!');
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const article = ((await api.get('/api/admin/news')).body as any[]).find((n) => n.title === title);
    await api.delete(`/api/news/${article.id}`);
  });

  it('On a phone the lists are cards (no table, nothing scrolls sideways) with their actions visible, and the modal fits', async () => {
    const page = await adminPage(PHONE);
    for (const path of ['/admin/fixtures', '/admin/products']) {
      await openAdminTab(page, path);
      const title = path === '/admin/fixtures' ? 'Fixtures' : 'Products';
      const cards = page.getByRole('list', { name: title }).getByRole('listitem');
      await cards.first().waitFor();
      expect(await page.getByRole('table').count(), path).toBe(0);
      // The first card's actions are visible as they are.
      expect(await cards.first().getByRole('button').first().isVisible(), path).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
    }
    await openAdminTab(page, '/admin/fixtures');
    await page.getByRole('button', { name: 'Add Fixture' }).click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
  });
});
