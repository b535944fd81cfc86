import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_DEVICES,
  PHONE_NOTIFICATIONS_TITLE,
  PHONE_OFF,
  PHONE_ON,
  STATE_TEXTS,
  TURN_OFF,
  TURN_ON,
  TURNED_OFF,
  TURNED_ON,
} from '../../app/components/phone-notifications';
import { PUSH_CHOICES_TITLE } from '../../app/components/portal/push-choices';
import { NOT_ALLOWED } from '../../app/lib/push-device';
import { shot } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, launchBrowser, noSidewaysScroll, signIn } from '../support/browser';
import { deliverPush, phoneSubscription, pushManagerStandIn, shownNotifications } from '../support/phone-push';
import { freePort, initializeDatabase, startServer, type RunningServer } from '../support/server';

// Issue 35, "Notifications on this phone": a member at 390 px turns notifications on in their
// account, sees this phone in their devices, gets a pushed message as a notification, keeps the
// subscription on every app open, removes the phone; and is told what to do where the phone cannot.
// Axe clean in every state, 44 px targets, nothing sideways at 320 px.
const ACCOUNT = '/players-area/account';
const SMALL = { width: 320, height: 700 };
let server: RunningServer;
let browser: Browser;
let pushOrigin: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The phone's push service lives on this origin (tests/support/phone-push.ts); the club accepts its endpoints.
  pushOrigin = `http://127.0.0.1:${await freePort()}`;
  server = await startServer({ env: { PUSH_ALLOWED_ORIGINS: pushOrigin, VAPID_SUBJECT: 'mailto:secretary@riverside-rovers.org.uk' } });
  await initializeDatabase(server.baseURL);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await server?.cleanup();
});

/** A signed-in member's phone: 390 px, notifications allowed unless said, on the account page. */
async function memberPhone(options: { permission?: boolean; userAgent?: string; noPush?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  if (options.permission !== false) await context.grantPermissions(['notifications'], { origin: server.baseURL });
  await pushManagerStandIn(context, phoneSubscription(pushOrigin));
  // A browser without the Push API (an iPhone's Safari outside the Home Screen, an old browser).
  if (options.noPush) await context.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] page error: ${error.message}`));
  const member = await registerPlayer(server.baseURL, 'push');
  await signIn(page, member.username, member.password);
  await page.goto(ACCOUNT);
  await hydrated(page);
  await section(page).getByText(/Checking what this phone can do/).waitFor({ state: 'detached' });
  return page;
}

const section = (page: Page) => page.getByTestId('phone-notifications');
const devices = (page: Page) => section(page).getByTestId('push-devices').getByRole('listitem');
const apiDevices = async (page: Page) => {
  const res = await page.request.get('/api/push/subscriptions');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as unknown[] | { items: unknown[] };
  return Array.isArray(body) ? body : body.items;
};

/** Axe clean, every button at least 44 px high, nothing sideways at 390 or 320 px. */
async function checkState(page: Page, state: string) {
  // From the top, as the page is read: scrolled, the sticky header covers the e-mail choices' boxes, which axe counts as small targets.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page, state);
  for (const button of await section(page).getByRole('button').all()) {
    expect((await button.boundingBox())!.height, `${state}: ${await button.textContent()}`).toBeGreaterThanOrEqual(44);
  }
  await noSidewaysScroll(page, state);
  await shot(page, `phone-notifications-${state}`);
  await page.setViewportSize(SMALL);
  await noSidewaysScroll(page, state);
  await page.setViewportSize(PHONE);
}

describe('Notifications on this phone', () => {
  it('A member turns notifications on, sees this phone listed, gets a pushed message as a notification, and removes the phone', async () => {
    const page = await memberPhone();
    await page.getByRole('heading', { name: PHONE_NOTIFICATIONS_TITLE }).waitFor();
    expect(await section(page).getByTestId('phone-state').textContent()).toBe(PHONE_OFF);
    await section(page).getByText(NO_DEVICES).waitFor();
    // What comes as a notification is asked only once a device has them on.
    expect(await page.getByRole('heading', { name: PUSH_CHOICES_TITLE }).count()).toBe(0);
    await checkState(page, 'off');

    await section(page).getByRole('button', { name: TURN_ON }).click();
    await section(page).getByText(TURNED_ON).waitFor();
    expect(await section(page).getByTestId('phone-state').textContent()).toBe(PHONE_ON);
    await devices(page).first().waitFor();
    expect(await devices(page).count()).toBe(1);
    expect(await devices(page).first().textContent()).toContain('This phone');
    expect(await apiDevices(page)).toHaveLength(1);
    await page.getByRole('heading', { name: PUSH_CHOICES_TITLE }).waitFor();
    await checkState(page, 'on');

    // A message pushed to this phone shows as a notification, whose tap opens its page.
    await deliverPush(page, { title: 'Team sheet published', body: 'Open to see it.', url: '/players-area/schedule', tag: 'sheet-1' });
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([{ title: 'Team sheet published', body: 'Open to see it.', url: '/players-area/schedule' }]);
    // Even a push whose payload cannot be read shows something (a browser revokes a push that shows nothing).
    await deliverPush(page, 'not json');
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 10_000 }).toContain('New from the club');

    // Every app open sends the subscription again: the club answers with the same device.
    const resent = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST');
    await page.reload();
    expect((await resent).status()).toBe(200);
    await hydrated(page);
    await devices(page).first().waitFor();
    expect(await apiDevices(page)).toHaveLength(1);

    await devices(page).first().getByRole('button', { name: /^Remove/ }).click();
    await section(page).getByText(NO_DEVICES).waitFor();
    expect(await section(page).getByTestId('phone-state').textContent()).toBe(PHONE_OFF);
    expect(await apiDevices(page)).toHaveLength(0);
    await expect.poll(() => page.getByRole('heading', { name: PUSH_CHOICES_TITLE }).count(), { timeout: 10_000 }).toBe(0);
    await checkState(page, 'removed');
  });

  it('Turn off unsubscribes this phone and takes it off the list', async () => {
    const page = await memberPhone();
    await section(page).getByRole('button', { name: TURN_ON }).click();
    await section(page).getByText(TURNED_ON).waitFor();
    await section(page).getByRole('button', { name: TURN_OFF }).click();
    await section(page).getByText(TURNED_OFF).waitFor();
    expect(await section(page).getByTestId('phone-state').textContent()).toBe(PHONE_OFF);
    await section(page).getByText(NO_DEVICES).waitFor();
    expect(await apiDevices(page)).toHaveLength(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBeNull();
  });

  it('A phone removed from another device stays removed when it next opens the app', async () => {
    const page = await memberPhone();
    await section(page).getByRole('button', { name: TURN_ON }).click();
    await section(page).getByText(TURNED_ON).waitFor();
    const [device] = (await apiDevices(page)) as { id: string }[];
    expect((await page.request.delete(`/api/push/subscriptions/${device!.id}`, { headers: { origin: server.baseURL } })).ok()).toBe(true);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => section(page).getByTestId('phone-state').textContent(), { timeout: 10_000 }).toBe(PHONE_OFF);
    await section(page).getByText(NO_DEVICES).waitFor();
    expect(await apiDevices(page)).toHaveLength(0);
  });

  it('Where notifications are not allowed, the member is told how to allow them', async () => {
    const page = await memberPhone({ permission: false });
    await section(page).getByRole('button', { name: TURN_ON }).click();
    // Headless Chromium answers the permission prompt "no": blocked from then on.
    await section(page).getByText(NOT_ALLOWED).waitFor();
    await expect.poll(() => section(page).getByTestId('phone-state').textContent(), { timeout: 10_000 }).toBe(STATE_TEXTS.blocked);
    await checkState(page, 'blocked');
  });

  it('An iPhone outside the Home Screen is told to add the club to it first; another browser without push is told it cannot', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const page = await memberPhone({ userAgent: iphone, noPush: true });
    expect(await section(page).getByTestId('phone-state').textContent()).toBe(STATE_TEXTS['needs-home-screen']);
    expect(await section(page).getByRole('button').count()).toBe(0);
    await checkState(page, 'iPhone in Safari');

    const other = await memberPhone({ noPush: true });
    expect(await section(other).getByTestId('phone-state').textContent()).toBe(STATE_TEXTS.unsupported);
    await checkState(other, 'no push');
  });
});
