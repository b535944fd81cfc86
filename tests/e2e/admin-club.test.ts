import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, unique } from '../support/admin';
import { fetchJson } from '../support/api-client';
import { signIn, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { useOwnSampleClub } from '../support/own-server';

const b = useBrowser();

async function adminPage(baseURL?: string) {
  const page = await b.newPage({ baseURL });
  await signIn(page, 'admin', baseURL ? E2E_ADMIN_PASSWORD : b.adminPassword);
  return page;
}

async function placeOrder(baseURL: string, extra: Record<string, unknown> = {}) {
  const products = (await (await fetch(`${baseURL}/api/products`)).json()) as any[];
  const product = products.find((p) => p.stock > 2 && p.sizes.length > 0);
  const res = await fetchJson(baseURL, '/api/orders', {
    body: {
      product_id: product.id,
      quantity: 2,
      size: product.sizes[0],
      customer_name: `Olive Order ${unique()}`,
      customer_email: 'olive@example.com',
      customer_phone: '07700 900456',
      customer_address: '12 Long Address Road, Riverside Village, RV1 2AB',
      notes: 'Leave with the groundsman',
      ...extra,
    },
  });
  expect(res.status).toBeLessThan(300);
  return { order: res.body, product };
}

describe('Admin dashboard', () => {
  it('The dashboard shows the six counts, and a tile opens its tab', async () => {
    const page = await adminPage();
    await openAdminTab(page, '/admin');
    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const counts = (await api.get('/api/admin/dashboard')).body;
    const tiles = page.getByRole('list', { name: 'Club counts' });
    for (const label of ['Orders', 'Players', 'Products', 'Fixtures', 'Join-us submissions', 'Sponsors']) {
      const tile = tiles.getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });
      expect(await tile.textContent()).toMatch(/^\d+/);
    }
    // Other test files change this shared server's data, so the numbers are not compared exactly.
    const products = tiles.getByRole('link', { name: /Products$/ });
    expect(Number((await products.textContent())!.match(/^\d+/)![0])).toBeGreaterThan(0);
    expect(counts.needs_initialization).toBe(false);
    expect(await page.getByRole('button', { name: 'Initialize Database' }).count()).toBe(0);
    await tiles.getByRole('link', { name: /Sponsors$/ }).click();
    await page.waitForURL('**/admin/sponsors');
    await page.getByRole('heading', { name: 'Sponsors' }).waitFor();
  });

  it('When the database needs initialization the dashboard lists the counts and offers Initialize Database; a refusal shows the error toast', async () => {
    const page = await adminPage();
    // The shared database is initialized, so the dashboard's answer is altered to say it is not;
    // the Initialize Database call then reaches the real server, which refuses it (409).
    await page.route('**/api/admin/dashboard', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, needs_initialization: true, users_count: 1, products_count: 0, news_count: 0, fixtures_count: 0 } });
    });
    await openAdminTab(page, '/admin');
    const notice = page.getByRole('region', { name: 'The database needs initialization' });
    await notice.waitFor();
    const text = (await notice.textContent())!;
    for (const label of ['Users', 'Products', 'News', 'Fixtures']) expect(text).toContain(label);
    await notice.getByRole('button', { name: 'Initialize Database' }).click();
    await expectToast(page, 'Error initializing database');
  });
});

describe('Admin orders', () => {
  it('An order opens into its details row and moves through its lifecycle with toasts', async () => {
    const { order, product } = await placeOrder(b.baseURL);
    const page = await adminPage();
    await openAdminTab(page, '/admin/orders');
    const short = order.reference;
    const toggle = page.getByRole('button', { name: `Details of order ${short}` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`#order-${order.id}-details`);
    await details.waitFor();
    const text = (await details.textContent())!;
    expect(text).toContain(short);
    expect(text).not.toContain(order.id);
    expect(text).toContain(order.customer_name);
    expect(text).toContain('olive@example.com');
    expect(text).toContain('07700 900456');
    expect(text).toContain(product.name);
    expect(text).toContain(product.sizes[0]);
    expect(text).toContain('Quantity2');
    // The address is cut at 30 characters.
    expect(text).toContain('12 Long Address Road, Riverside Village, RV1 2AB'.slice(0, 30) + '…');
    expect(text).not.toContain('RV1 2AB');
    expect(text).toContain(`£${(product.price * 2).toFixed(2)}`);
    expect(text).toContain('Pending');
    expect(text).toContain('Leave with the groundsman');

    await details.getByRole('button', { name: 'Mark confirmed' }).click();
    await expectToast(page, 'Order updated successfully!');
    await details.getByRole('button', { name: 'Mark paid' }).waitFor();
    expect(await details.textContent()).toContain('Confirmed');
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order updated successfully!');
    await details.getByText('no further changes').waitFor();
    expect(await details.getByRole('button').count()).toBe(0);
  });
});

describe('Admin join-us submissions', () => {
  it('A submission shows its contact details, interest chips and a 50-character preview that expands; the admin can delete it', async () => {
    const name = `Jamie Joiner ${unique()}`;
    const message = 'I played at school and would love to get back into football on Thursday nights.';
    const res = await fetch(`${b.baseURL}/api/join-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: name, email: 'jamie@example.com', phone_number: '07700 900789', message, interest_types: ['player', 'sponsor'] }),
    });
    expect(res.status).toBeLessThan(300);

    const page = await adminPage();
    await openAdminTab(page, '/admin/join-us');
    const card = page.getByRole('article', { name });
    await card.waitFor();
    const text = (await card.textContent())!;
    expect(text).toContain('jamie@example.com');
    expect(text).toContain('07700 900789');
    expect(await card.getByRole('list', { name: 'Interested in' }).getByRole('listitem').allTextContents()).toEqual(['Player', 'Sponsor']);
    expect(text).toContain(`${message.slice(0, 50)}…`);
    expect(text).not.toContain(message);

    await card.getByRole('button', { name: 'Read full message' }).click();
    expect(await card.textContent()).toContain(message);
    await card.getByRole('button', { name: 'Show less' }).waitFor();

    await card.getByRole('button', { name: `Delete submission from ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this item?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Submission deleted successfully!');
    await card.waitFor({ state: 'detached' });
  });
});

describe('Admin settings (own server: they change every page)', () => {
  const own = useOwnSampleClub();

  it('Invalid settings are refused in the form; saved settings show in the public footer, on the shop and in a new order\'s WhatsApp link', async () => {
    const page = await adminPage(own.server.baseURL);
    await openAdminTab(page, '/admin/settings');
    const email = page.getByLabel(labelled('General email'));
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Club email must be a valid email address').first().waitFor();

    await page.getByLabel('WhatsApp number').fill('+44 7700 900123');
    await email.fill('hello@rovers-test.example');
    await page.getByLabel('Sales email').fill('shop@rovers-test.example');
    await page.getByLabel('Club address').fill('1 Test Ground, Testville TV1 1AA');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved successfully!');

    // A reload shows what was saved.
    await openAdminTab(page, '/admin/settings');
    expect(await page.getByLabel(labelled('General email')).inputValue()).toBe('hello@rovers-test.example');

    // The public site uses them.
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain('hello@rovers-test.example');
    expect(await footer.textContent()).toContain('1 Test Ground, Testville TV1 1AA');
    // The sales e-mail is the shop's contact (decision 1 in docs/architecture.md).
    await page.goto('/shop');
    expect(await page.getByRole('link', { name: 'shop@rovers-test.example' }).getAttribute('href')).toBe('mailto:shop@rovers-test.example');

    const { order } = await placeOrder(own.server.baseURL);
    expect(order.whatsapp_url).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);
  });

  it('The home page photo: uploaded in Settings, it replaces the placeholder artwork; cleared, the artwork is back', async () => {
    const page = await adminPage(own.server.baseURL);
    await openAdminTab(page, '/admin/settings');
    const field = page.getByLabel('Home page photo', { exact: true });
    await field.fill('team-photo.jpg');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Home page photo must be a web address (https://…) or a path starting with /').first().waitFor();

    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Upload image for Home page photo').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => field.inputValue()).toMatch(/^\/uploads\/\S+$/);
    const url = await field.inputValue();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved successfully!');

    await page.goto('/');
    const hero = page.locator('main img').first();
    expect(await hero.getAttribute('src')).toBe(url);
    expect(await hero.getAttribute('srcset')).toBeNull();

    await openAdminTab(page, '/admin/settings');
    await field.fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved successfully!');
    await page.goto('/');
    expect(await page.locator('main img').first().getAttribute('src')).toBe('/images/hero-pitch-1600.webp');
  });
});
