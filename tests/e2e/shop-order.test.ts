/** Ordering from a product page: the order dialog, collection and delivery, errors, no JavaScript, desktop and phone layouts. */
import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, PHONE, useBrowser } from '../support/browser';
import { fillOrderForm, useShop } from '../support/shop';

const b = useBrowser();
const { api, createProduct, adminToken } = useShop(b);

describe('Ordering from a product page: collection and delivery', () => {
  it('A visitor orders through the dialog for collection, lands on the order page with its reference, and reloading shows the same order', async () => {
    const product = await createProduct({ stock: 5, price: 12, sizes: ['S', 'M'] });
    const page = await b.newPage();
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    expect(await page.getByTestId('stock-label').textContent()).toBe('Only 5 left!');
    await page.getByText('M', { exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();

    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.waitFor();
    // Escape closes the modal, Buy Now opens it again; focus is inside while it is open.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await dialog.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    expect(await dialog.getByLabel('Phone number').getAttribute('type')).toBe('tel');
    expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await dialog.getByLabel('Special instructions').getAttribute('required')).toBeNull();
    expect(await dialog.getByTestId('order-summary').textContent()).toContain('£24.00');
    // Collection or delivery is chosen explicitly (nothing preselected); the address appears only for delivery.
    expect(await dialog.getByRole('radio', { name: /Collect from the club/ }).isChecked()).toBe(false);
    expect(await dialog.getByRole('radio', { name: /Delivery to my address/ }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('Delivery address').count()).toBe(0);
    await dialog.getByRole('radio', { name: /Delivery to my address/ }).check();
    await dialog.getByLabel('Delivery address').waitFor();
    await dialog.getByRole('radio', { name: /Collect from the club/ }).check();
    await dialog.getByLabel('Delivery address').waitFor({ state: 'detached' });

    await fillOrderForm(page, `Robin ${product.id.slice(0, 6)}`);
    await dialog.getByLabel('Special instructions').fill('Name on the back please');
    // Hold the order request briefly so the busy state can be seen.
    await page.route('**/shop/product/**', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await expect(dialog.getByRole('button', { name: 'Placing Order...' }).isDisabled()).resolves.toBe(true);

    // The order's own page: /shop/orders/{22-character token}, neither the reference nor the id.
    await page.waitForURL(/\/shop\/orders\/[A-Za-z0-9_-]{22}$/);
    const url = page.url();
    const reference = (await page.getByTestId('order-reference').textContent())!;
    expect(reference).toMatch(/^RR-\d+$/);
    expect(url).not.toContain(reference.slice(3));
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully!' }).waitFor();
    const text = (await page.getByTestId('order-success').textContent()) ?? '';
    expect(text).toContain("We'll message you on WhatsApp when it's ready to collect from the club");
    expect(text).toContain('bank transfer or a card payment link');
    expect(text).not.toContain('3-5 working days');
    expect(text).toContain('2 × ');
    expect(text).toContain('£24.00');
    expect(await page.getByTestId('order-fulfilment').textContent()).toBe('Collect from the club');
    const whatsapp = await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(whatsapp!)).toContain(`order ${reference}`);
    expect(decodeURIComponent(whatsapp!)).toContain('Size: M');

    const orders = await api('/api/orders', { token: adminToken() });
    const stored = orders.body.find((o: { customer_name: string }) => o.customer_name === `Robin ${product.id.slice(0, 6)}`);
    expect(stored).toMatchObject({ reference, product_id: product.id, size: 'M', quantity: 2, total_amount: 24, fulfilment: 'collect', customer_address: null, status: 'pending' });

    // Reload-safe: the same order again, not a new one.
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toContain('no-store');
    expect(await page.getByTestId('order-reference').textContent()).toBe(reference);
    expect((await api('/api/orders', { token: adminToken() })).body.filter((o: { product_id: string }) => o.product_id === product.id)).toHaveLength(1);

    // Back leaves the order page for the product (the filled-in form is not in the history), which shows the stock left.
    await page.goBack();
    await page.waitForURL(`**/shop/product/${product.id}`);
    await page.getByTestId('stock-label').filter({ hasText: 'Only 3 left!' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // An unknown token is a 404 that shows no order.
    const unknown = await page.goto('/shop/orders/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We could not find that order');
    expect(await page.getByTestId('order-reference').count()).toBe(0);
  });

  it('Delivery needs an address; the order page then says what happens for a delivery', async () => {
    const product = await createProduct({ stock: 3 });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await fillOrderForm(page);
    await dialog.getByRole('radio', { name: /Delivery to my address/ }).check();
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    const summary = dialog.locator('[data-error-summary]');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Enter the delivery address, or choose collection from the club');
    await dialog.getByLabel('Delivery address').fill('1 Mill Lane\nRiverside RV1 2AB');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/shop\/orders\//);
    expect(await page.getByTestId('order-fulfilment').textContent()).toBe('Delivery to my address');
    const steps = (await page.getByTestId('order-next-steps').textContent()) ?? '';
    expect(steps).toContain('The club will contact you within 24 hours to confirm your order.');
    expect(steps).toContain('agree the delivery and its cost');
    expect(steps).toContain('3-5 working days');
    expect(steps).not.toContain('ready to collect');
  });
});

describe('Ordering from a product page: error summaries', () => {
  it('An empty order form shows an error summary whose links move focus to each field, in plain words', async () => {
    const product = await createProduct({ stock: 3 });
    const page = await b.newPage({ viewport: DESKTOP });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    const summary = dialog.locator('[data-error-summary]');
    await summary.waitFor();
    expect(await summary.getByRole('heading').textContent()).toBe('There are 4 problems');
    // The summary takes focus so it is read out first.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true);
    const links = summary.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Please enter your full name',
      'Please enter your phone number',
      'Please enter your email address',
      'Choose collection from the club or delivery',
    ]);
    const targets = ['field-customer_name', 'field-customer_phone', 'field-customer_email', 'field-fulfilment'];
    for (const [index, id] of targets.entries()) {
      await links.nth(index).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    // The message is beside each field too, and no raw field name shows anywhere.
    expect(await dialog.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('Please enter your full name').count()).toBe(2);
    expect(await page.locator('body').innerText()).not.toMatch(/[a-z]+_[a-z_]+:/);
    expect((await api('/api/orders', { token: adminToken() })).body.some((o: { product_id: string }) => o.product_id === product.id)).toBe(false);
  });

  it("When the server refuses, the error summary shows the server's detail", async () => {
    const product = await createProduct({ stock: 1 });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    // Someone else buys the last one while this visitor is looking.
    const other = await api('/api/orders', {
      body: { product_id: product.id, quantity: 1, customer_name: 'Quick Buyer', customer_email: 'quick@example.com', customer_phone: '07700 900456' },
    });
    expect(other.status).toBe(201);
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    await fillOrderForm(page);
    await page.getByRole('dialog').getByRole('radio', { name: /Collect from the club/ }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('There is a problemSorry, this item is out of stock.');
    expect((await api(`/api/products/${product.id}`)).body.stock).toBe(0);
    // The product reloaded behind the dialog: it now says it is sold out.
    await page.getByTestId('stock-label').filter({ hasText: 'Out of stock' }).waitFor();
  });
});

describe('Ordering from a product page: without JavaScript, and by screen size', () => {
  it('Ordering works without JavaScript: Buy Now shows the form on the page and the action goes to the order page', async () => {
    const product = await createProduct({ stock: 4, sizes: ['M', 'L'] });
    const page = await b.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await page.getByText('L', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await Promise.all([page.waitForURL(/buy=1/), page.locator('#buy-form').getByRole('button', { name: 'Buy Now' }).click()]);
    const form = page.locator('#order');
    // Without JavaScript the address is always there, marked as only for delivery.
    expect(await form.getByText('Only for delivery').count()).toBe(1);
    await form.getByRole('button', { name: 'Place Order' }).click();
    await form.locator('[data-error-summary]').waitFor();
    expect(await form.locator('[data-error-summary]').getByRole('link').count()).toBe(4);
    await form.getByLabel('Full name').fill('No Script');
    await form.getByLabel('Phone number').fill('+44 7700 900789');
    await form.getByLabel('Email').fill('noscript@example.com');
    await form.getByRole('radio', { name: /Collect from the club/ }).check();
    await form.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/shop\/orders\/[A-Za-z0-9_-]{22}$/);
    expect(await page.getByTestId('order-success').textContent()).toContain('(size L)');
    expect(await page.getByTestId('order-reference').textContent()).toMatch(/^RR-\d+$/);
    expect((await api(`/api/products/${product.id}`)).body.stock).toBe(2);
  });

  it('At 1280 x 800 the dialog shows Place Order without scrolling the page, and Back closes the dialog', async () => {
    const product = await createProduct({ stock: 3, sizes: ['S', 'M'] });
    const page = await b.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('buy')).toBe('1');
    const inViewport = async () => {
      const box = await dialog.getByRole('button', { name: 'Place Order' }).boundingBox();
      return Boolean(box && box.y >= 0 && box.y + box.height <= 800);
    };
    expect(await inViewport()).toBe(true);
    // Still in view with every error shown and the address open.
    await dialog.getByRole('radio', { name: /Delivery to my address/ }).check();
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await dialog.locator('[data-error-summary]').waitFor();
    expect(await dialog.locator('[data-error-summary]').getByRole('link').allTextContents()).toContain('Enter the delivery address, or choose collection from the club');
    expect(await inViewport()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The browser's Back button closes the dialog and stays on the product.
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(new URL(`/shop/product/${product.id}`, b.baseURL).href);
    // A reload of ?buy=1 opens it again; closing it then drops ?buy=1 from the address.
    await page.goto(`/shop/product/${product.id}?buy=1&size=M&quantity=2`);
    await hydrated(page);
    await dialog.waitFor();
    expect(await dialog.getByTestId('order-summary').textContent()).toContain('Size M');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('buy')).toBe(false);
  });

  it('On a 390 px phone a sticky order bar shows the total and Buy Now', async () => {
    const product = await createProduct({ stock: 4, price: 7.5 });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    const bar = page.getByTestId('order-bar');
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    expect(await bar.textContent()).toContain('£7.50');
    const button = bar.getByRole('button', { name: 'Buy Now' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Where the form's own Buy Now is in view, the bar steps aside; it follows the quantity chosen there.
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.locator('#buy-form').getByRole('button', { name: 'Buy Now' }).scrollIntoViewIfNeeded();
    await bar.waitFor({ state: 'hidden' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor();
    expect(await bar.textContent()).toContain('£15.00');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('order-summary').textContent()).toContain('£15.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

});
