/** The shop page and a product page: search, stock labels, the stepper, the gallery, sharing, accessibility (ordering is in shop-order.test.ts). */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, hydrated, PHONE, useBrowser } from '../support/browser';
import { cardNames, uniqueTag, useShop } from '../support/shop';

const b = useBrowser();
const { api, createProduct } = useShop(b);

describe('The shop page', () => {
  it('Visitors search by name or description and filter by category', async () => {
    const page = await b.newPage();
    await page.goto('/shop');
    await hydrated(page);
    expect(await page.title()).toBe('Club Shop | Riverside Rovers FC');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('kit');

    await page.getByLabel('Search products').fill('SCARF');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('search') === 'SCARF'), page.getByRole('button', { name: 'Search' }).click()]);
    await expect.poll(async () => (await cardNames(page)).filter((n) => !n.startsWith('Test '))).toEqual(['Bar Scarf']);

    // Description matches count too (the water bottle's text mentions the dishwasher).
    await page.getByLabel('Search products').fill('dishwasher');
    await page.waitForURL((url) => url.searchParams.get('search') === 'dishwasher');
    // The URL changes as the search starts; the cards change when its results arrive.
    await expect.poll(() => cardNames(page)).toEqual(['Club Water Bottle']);

    await page.getByLabel('Search products').fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await Promise.all([page.waitForURL((url) => url.searchParams.get('category') === 'Kit'), page.getByLabel('Category').selectOption('Kit')]);
    await expect.poll(async () => (await cardNames(page)).includes('Club Mug')).toBe(false);
    const kit = await cardNames(page);
    expect(kit).toEqual(expect.arrayContaining(['Home Shirt 2025/26', 'Away Shirt 2025/26', 'Match Shorts']));
    expect(kit).not.toContain('Club Mug');
    const categories = await page.getByRole('main').getByRole('listitem').locator('p.uppercase').allTextContents();
    expect(new Set(categories.map((c) => c.toLowerCase()))).toEqual(new Set(['kit']));
    expect(await page.getByTestId('price').first().textContent()).toMatch(/^£\d+\.\d{2}$/);
  });

  it('Search and filter work without JavaScript, as a plain GET form', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await page.goto('/shop');
    await page.getByLabel('Search products').fill('mug');
    await page.getByLabel('Category').selectOption('Accessories');
    await Promise.all([page.waitForURL(/search=mug/), page.getByRole('button', { name: 'Search' }).click()]);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Accessories');
    expect(await cardNames(page)).toEqual(['Club Mug']);
    await page.goto('/shop?search=no-such-thing-at-all');
    await expect(page.getByText('No products match your search.').isVisible()).resolves.toBe(true);
  });

  it("Cards say 'Only N left!' from 5 down to 1 and 'Out of stock' at 0", async () => {
    const tag = uniqueTag();
    await createProduct({ name: `Low ${tag}`, stock: 3 });
    await createProduct({ name: `Edge ${tag}`, stock: 5 });
    await createProduct({ name: `Plenty ${tag}`, stock: 6 });
    const gone = await createProduct({ name: `Gone ${tag}`, stock: 0 });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop?search=${tag}`);
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    expect(await card(`Low ${tag}`).getByTestId('stock-label').textContent()).toBe('Only 3 left!');
    expect(await card(`Edge ${tag}`).getByTestId('stock-label').textContent()).toBe('Only 5 left!');
    expect(await card(`Plenty ${tag}`).getByTestId('stock-label').count()).toBe(0);
    expect(await card(`Gone ${tag}`).getByTestId('stock-label').textContent()).toBe('Out of stock');
    expect(await card(`Low ${tag}`).getByTestId('price').textContent()).toBe('£10.50');

    // The product page of a sold-out item says so and offers no Buy Now (docs/product.md#shop: a WhatsApp link instead).
    await page.goto(`/shop/product/${gone.id}`);
    expect(await page.getByTestId('stock-label').textContent()).toBe('Out of stock');
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
  });
});

describe('The product page', () => {
  it('The quantity stepper stays between 1 and the stock, and the total follows it', async () => {
    const product = await createProduct({ stock: 3, price: 10.5 });
    const page = await b.newPage();
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    const minus = page.getByRole('button', { name: 'Decrease quantity' });
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    expect(await quantity.inputValue()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);
    expect(await plus.isEnabled()).toBe(true);
    expect(await page.getByTestId('total').textContent()).toBe('£10.50');
    await plus.click();
    await plus.click();
    expect(await quantity.inputValue()).toBe('3');
    expect(await plus.isDisabled()).toBe(true);
    expect(await minus.isEnabled()).toBe(true);
    expect(await page.getByTestId('total').textContent()).toBe('£31.50');
    // Typing beyond the stock is clamped too.
    await quantity.fill('99');
    await quantity.blur();
    expect(await quantity.inputValue()).toBe('3');
    await minus.click();
    expect(await page.getByTestId('total').textContent()).toBe('£21.00');
  });

  it('The gallery shows the first image large and thumbnails switch it; sizes default to the first', async () => {
    const images = ['a', 'b', 'c', 'd', 'e', 'f'].map((x, i) => `/images/seed/${['home-shirt-front', 'home-shirt-back', 'home-shirt-crest', 'home-shirt-collar', 'home-shirt-hanger', 'club-mug'][i]}.svg?${x}`);
    const product = await createProduct({ images, sizes: ['S', 'M', 'L'] });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    const main = page.getByTestId('main-image');
    expect(await main.getAttribute('src')).toBe(images[0]);
    const thumbs = page.getByRole('list', { name: 'More photos' }).getByRole('link');
    // The first image and up to 4 more: a sixth image is never shown.
    expect(await thumbs.count()).toBe(5);
    await thumbs.nth(2).click();
    expect(await main.getAttribute('src')).toBe(images[2]);
    expect(await thumbs.nth(2).getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('radio', { name: 'S' }).isChecked()).toBe(true);
  });

  it('Out of stock: an "Ask on WhatsApp when it\'s back" link with the product name, and no live quantity controls', async () => {
    const product = await createProduct({ stock: 0, sizes: ['S', 'M'] });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/shop/product/${product.id}`);
    await hydrated(page);
    const ask = page.getByRole('link', { name: /Ask on WhatsApp when it's back/ });
    const href = (await ask.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href)).toContain(product.name);
    for (const name of ['Buy Now', 'Increase quantity', 'Decrease quantity']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByTestId('order-bar').count()).toBe(0);
    // ?buy=1 on a sold-out product opens nothing.
    await page.goto(`/shop/product/${product.id}?buy=1`);
    await hydrated(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByLabel('Full name').count()).toBe(0);
  });

  it('The shop, a product, the order dialog and the order page are axe clean at 390 and 1280 px', async () => {
    const product = await createProduct({ stock: 3, sizes: ['S', 'M'] });
    const sold = await createProduct({ stock: 0 });
    const placed = await api('/api/orders', { body: { product_id: product.id, quantity: 1, fulfilment: 'collect', customer_name: 'Axe Shopper', customer_email: 'axe@example.com', customer_phone: '07700 900999' } });
    expect(placed.status).toBe(201);
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await b.newPage({ viewport });
      await page.goto('/shop');
      await hydrated(page);
      await expectNoAxeViolations(page);
      await page.goto(`/shop/product/${sold.id}`);
      await hydrated(page);
      await expectNoAxeViolations(page, 'out of stock');
      await page.goto(`/shop/product/${product.id}`);
      await hydrated(page);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Buy Now' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Complete your order' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'order dialog');
      await dialog.getByRole('radio', { name: /Delivery to my address/ }).check();
      await dialog.getByRole('button', { name: 'Place Order' }).click();
      await dialog.locator('[data-error-summary]').waitFor();
      await expectNoAxeViolations(page, 'order dialog with errors');
      await page.goto(`/shop/orders/${placed.body.token}`);
      await hydrated(page);
      await expectNoAxeViolations(page, 'order page');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    }
  });

  it('Product pages carry Open Graph tags for sharing', async () => {
    const product = await createProduct({ name: `Sharable ${uniqueTag()}`, price: 24.99 });
    const page = await b.newPage();
    await page.goto(`/shop/product/${product.id}`);
    const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
    expect(await page.title()).toBe(`${product.name} | Riverside Rovers FC`);
    expect(await og('og:title')).toBe(product.name);
    expect(await og('og:description')).toContain('£24.99');
    expect(await og('og:image')).toBe(new URL('/images/seed/bar-scarf.svg', b.baseURL).href);
    expect(await og('og:url')).toBe(new URL(`/shop/product/${product.id}`, b.baseURL).href);
  });

  it("Unknown products get a 'Product Not Found' page with a 404 status", async () => {
    const page = await b.newPage({ viewport: DESKTOP });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const response = await page.goto(`/shop/product/${id}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Product Not Found');
      expect(await page.getByRole('link', { name: 'Back to Shop' }).getAttribute('href')).toBe('/shop');
    }
  });
});
