import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, hydrated, PHONE, signIn, useBrowser } from '../support/browser';
import { HELD, holdScripts, tag } from '../support/hydration';

// ADR 033: what a visitor does before the page's scripts load is kept when they load.
// Each test holds back the page's build scripts (as a slow phone would still be fetching them),
// chooses and types as a visitor would, lets the scripts through, waits for React to take over,
// and checks that everything is still there and goes through.
const b = useBrowser();
let admin: Awaited<ReturnType<typeof apiClient>>;

beforeAll(async () => {
  admin = await apiClient(b.baseURL, 'admin', b.adminPassword);
});


async function createProduct(overrides: Record<string, unknown> = {}) {
  return admin<{ id: string; name: string; price: number }>('/api/products', {
    body: {
      name: `Early Bird Shirt ${tag()}`,
      description: 'A product made by a browser test.',
      category: 'Test Gear',
      price: 10.5,
      stock: 6,
      sizes: ['S', 'M', 'L'],
      images: ['/images/seed/bar-scarf.svg'],
      ...overrides,
    },
  });
}

type StoredOrder = { customer_name: string; customer_email: string; size: string | null; quantity: number; fulfilment: string; notes: string | null };
const ordersBy = async (name: string) => (await admin<StoredOrder[]>('/api/orders')).filter((order) => order.customer_name === name);

describe('A product page before its scripts have loaded', () => {
  it('A size and quantity chosen before React arrives are kept, the total follows them, and Buy Now orders them', async () => {
    const product = await createProduct();
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    await page.goto(`/shop/product/${product.id}`, HELD);
    await scripts.requested();
    await page.getByText('L', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await scripts.release();

    expect(await page.getByRole('radio', { name: 'L' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'S' }).isChecked()).toBe(false);
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('3');
    // React's own state has them: the total it computes is for 3.
    expect(await page.getByTestId('total').textContent()).toBe('£31.50');

    await page.locator('#buy-form').getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your order' });
    await dialog.waitFor();
    const summary = (await dialog.getByTestId('order-summary').textContent()) ?? '';
    expect(summary).toContain('Size L');
    expect(summary).toContain('Qty 3');
    const name = `Early Size ${tag()}`;
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Phone number').fill('07700 900123');
    await dialog.getByLabel('Email').fill('early@example.com');
    await dialog.getByRole('radio', { name: /Collect from the club/ }).check();
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/shop\/orders\/[A-Za-z0-9_-]{22}$/);
    expect(await page.getByTestId('order-success').textContent()).toContain('3 × ');
    const stored = await ordersBy(name);
    expect(stored.map((o) => [o.size, o.quantity])).toEqual([['L', 3]]);
  });

  it('The order form opened with Buy Now before React arrives stays on the page with everything typed, and places the order chosen', async () => {
    const product = await createProduct();
    const page = await b.newPage({ viewport: DESKTOP, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    await page.goto(`/shop/product/${product.id}`, HELD);
    await page.getByText('M', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    // Without React, Buy Now loads the page again with the order form on it (?buy=1).
    await Promise.all([page.waitForURL(/buy=1/, HELD), page.locator('#buy-form').getByRole('button', { name: 'Buy Now' }).click()]);
    await scripts.requested();
    const form = page.locator('#order');
    const name = `Early Form ${tag()}`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('07700 900456');
    await form.getByLabel('Email').fill('early.form@example.com');
    await form.getByRole('radio', { name: /Collect from the club/ }).check();
    await form.getByLabel('Special instructions').fill('Name on the back please');
    await form.getByLabel('Phone number').focus();
    await scripts.release();

    // No empty dialog in its place: the same form, as it was left.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await form.getByLabel('Full name').inputValue()).toBe(name);
    expect(await form.getByLabel('Phone number').inputValue()).toBe('07700 900456');
    expect(await form.getByLabel('Email').inputValue()).toBe('early.form@example.com');
    expect(await form.getByRole('radio', { name: /Collect from the club/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Special instructions').inputValue()).toBe('Name on the back please');
    expect(await form.getByTestId('order-summary').textContent()).toContain('Size M · Qty 2');
    await expectNoAxeViolations(page, 'product page with the order form kept after React arrived');

    await form.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/shop\/orders\/[A-Za-z0-9_-]{22}$/);
    // The success page keeps SPEC's promise.
    expect(await page.getByTestId('order-next-steps').textContent()).toContain('The club will contact you within 24 hours to confirm your order.');
    const stored = await ordersBy(name);
    expect(stored.map((o) => [o.size, o.quantity, o.fulfilment, o.customer_email, o.notes])).toEqual([['M', 2, 'collect', 'early.form@example.com', 'Name on the back please']]);
  });

  it('Place Order pressed twice before React arrives places the order once', async () => {
    const product = await createProduct();
    const page = await b.newPage({ viewport: DESKTOP, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    let posts = 0;
    // The answer to the order is slow (a phone on a poor signal): the visitor presses again meanwhile.
    await page.route(
      (url) => url.pathname === `/shop/product/${product.id}`,
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        posts++;
        const response = await route.fetch({ maxRedirects: 0 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({ response }).catch(() => undefined);
      },
    );
    await page.goto(`/shop/product/${product.id}?buy=1&size=S&quantity=1`, HELD);
    await scripts.requested();
    const form = page.locator('#order');
    const name = `Early Twice ${tag()}`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('07700 900789');
    await form.getByLabel('Email').fill('twice@example.com');
    await form.getByRole('radio', { name: /Collect from the club/ }).check();
    // Pressed from the page itself, the second time 0.4 s after the first, while the answer is still awaited.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('#order button[type=submit]')!;
      setTimeout(() => button.click(), 0);
      setTimeout(() => button.click(), 400);
    });
    // On to the order page (within 15 s; a second post would have cancelled the first navigation).
    const onOrderPage = () => /\/shop\/orders\/[A-Za-z0-9_-]{22}$/.test(page.url());
    const deadline = Date.now() + 15_000;
    while (!onOrderPage() && Date.now() < deadline) await page.waitForTimeout(100);
    expect(posts, 'orders posted').toBe(1);
    expect(onOrderPage()).toBe(true);
    await scripts.release();
    expect(await page.getByTestId('order-reference').textContent()).toMatch(/^RR-\d+$/);
    expect((await ordersBy(name)).map((o) => [o.size, o.quantity])).toEqual([['S', 1]]);
  });
});

describe('Join Us before its scripts have loaded', () => {
  it('Interests ticked and details typed before React arrives are kept, and the application goes through with them', async () => {
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    await page.goto('/join-us', HELD);
    await scripts.requested();
    const name = `Early Joiner ${tag()}`;
    await page.getByRole('checkbox', { name: 'Player' }).check();
    await page.getByRole('checkbox', { name: 'Volunteer/Staff' }).check();
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill('early.joiner@example.com');
    await page.getByLabel('Phone number').fill('07700 900321');
    await page.getByLabel('Message').fill('Happy to help on match days.');
    await scripts.release();

    expect(await page.getByRole('checkbox', { name: 'Player' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Volunteer/Staff' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Sponsor' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Full name').inputValue()).toBe(name);
    expect(await page.getByLabel('Message').inputValue()).toBe('Happy to help on match days.');
    // React knows an interest is chosen: the "select at least one" hint is gone.
    expect(await page.getByText('Please select at least one area of interest above').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    const stored = (await admin<{ full_name: string; interest_types: string[]; email: string }[]>('/api/join-us')).filter((a) => a.full_name === name);
    expect(stored.map((a) => [[...a.interest_types].sort(), a.email])).toEqual([[['player', 'volunteer'], 'early.joiner@example.com']]);
  });
});

describe('Registration and sign-in before their scripts have loaded', () => {
  it('A registration typed before React arrives is kept and registers the player with it', async () => {
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    await page.goto('/register', HELD);
    await scripts.requested();
    const username = `early_${tag()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.locator('input[name=password]').fill('early-pass-1');
    await page.getByLabel('Confirm password').fill('early-pass-1');
    await page.getByLabel('Full name').fill('Early Registrant');
    await page.getByLabel('Phone number').fill('07700 900654');
    await page.getByLabel('Date of birth').fill('1995-04-03');
    await page.getByLabel('Preferred position').selectOption('Defender');
    await page.getByLabel('Emergency contact name').fill('Sam Registrant');
    await page.getByLabel('Emergency contact phone').fill('07700 900655');
    await scripts.release();

    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    expect(await page.getByLabel('Confirm password').inputValue()).toBe('early-pass-1');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1995-04-03');
    expect(await page.getByLabel('Preferred position').inputValue()).toBe('Defender');
    await Promise.all([page.waitForURL(/\/players-area/), page.getByRole('button', { name: 'Register', exact: true }).click()]);
    const me = await (await apiClient(b.baseURL, username, 'early-pass-1'))<{ full_name: string; position_preference: string; date_of_birth: string }>('/api/players/me');
    expect([me.full_name, me.position_preference, me.date_of_birth.slice(0, 10)]).toEqual(['Early Registrant', 'Defender', '1995-04-03']);
  });

  it('A username and password typed on the sign-in page before React arrives are kept and sign in', async () => {
    const player = await registerPlayer(b.baseURL, 'earlysignin');
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    const scripts = await holdScripts(page);
    await page.goto('/login', HELD);
    await scripts.requested();
    await page.getByLabel('Username').fill(player.username);
    await page.getByLabel('Password').fill(player.password);
    await scripts.release();
    expect(await page.getByLabel('Username').inputValue()).toBe(player.username);
    expect(await page.getByLabel('Password').inputValue()).toBe(player.password);
    await Promise.all([page.waitForURL(/\/players-area/), page.getByRole('button', { name: 'Sign in' }).click()]);
  });
});

describe("The Players' Area before its scripts have loaded", () => {
  it('A profile edited before React arrives keeps every change, notes over their old text included, and saves them', async () => {
    const player = await registerPlayer(b.baseURL, 'earlyedit', { medical_notes: 'Asthma: inhaler in kit bag' });
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    await signIn(page, player.username, player.password);
    await hydrated(page);
    const scripts = await holdScripts(page);
    await page.goto('/players-area/profile?edit', HELD);
    await scripts.requested();
    // React writes a textarea's default text back over what was typed: the notes had text already.
    await page.getByLabel('Medical notes').fill('Asthma: inhaler in kit bag. Mild hay fever.');
    await page.getByRole('checkbox', { name: 'Tuesday' }).check();
    await page.getByLabel('Preferred position').selectOption('Goalkeeper');
    await page.getByLabel('Address').fill('4 Early Road, Riverside');
    await scripts.release();

    expect(await page.getByLabel('Medical notes').inputValue()).toBe('Asthma: inhaler in kit bag. Mild hay fever.');
    expect(await page.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Preferred position').inputValue()).toBe('Goalkeeper');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('4 Early Road, Riverside').waitFor();
    const me = await (await apiClient(b.baseURL, player.username, player.password))<{ medical_notes: string; availability: string[]; position_preference: string; address: string }>('/api/players/me');
    expect([me.medical_notes, me.availability, me.position_preference, me.address]).toEqual(['Asthma: inhaler in kit bag. Mild hay fever.', ['Tuesday'], 'Goalkeeper', '4 Early Road, Riverside']);
  });
});

/** Every control in <main> a visitor can change, changed as a visitor would; returns what each should now hold. */
