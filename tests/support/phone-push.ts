/**
 * A phone's push side for the browser tests of "Notifications on this phone" (issue 35).
 *
 * - `pushManagerStandIn`: headless Chromium has no push service of its own (a subscription never
 *   resolves or fails), so the page's PushManager is replaced by one that hands out a subscription
 *   on the test's push origin, with real P-256 keys: what a phone's browser would give the page.
 * - `deliverPush`: a message arriving at the service worker as a push service delivers it, through
 *   the DevTools protocol (ServiceWorker.deliverPushMessage: the worker's own `push` event).
 * - `shownNotifications`: what the worker showed (registration.getNotifications()).
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';

/** A subscription's endpoint and keys, as a browser's push service would hand them out. */
export function phoneSubscription(pushOrigin: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${pushOrigin}/push/${randomBytes(12).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** Replaces the page's PushManager (see above); the subscription survives reloads, as a real one does. */
export async function pushManagerStandIn(context: BrowserContext, subscription: ReturnType<typeof phoneSubscription>) {
  await context.addInitScript((s) => {
    const KEY = 'test.push-subscription';
    const make = (key: ArrayBuffer) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const bytes = (key: BufferSource) => new Uint8Array(key instanceof ArrayBuffer ? key : key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength));
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const key = bytes(options!.applicationServerKey as BufferSource);
      localStorage.setItem(KEY, JSON.stringify(Array.from(key)));
      return make(key.buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(KEY);
      return saved ? (make(new Uint8Array(JSON.parse(saved) as number[]).buffer) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/** Delivers a push message (an object as JSON, a string as it is) to the page's service worker, as its push service would. */
export async function deliverPush(page: Page, message: Record<string, string> | string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrations = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const ours = list.find((r) => !r.isDeleted && r.scopeURL === new URL('/', page.url()).href);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data: typeof message === 'string' ? message : JSON.stringify(message) });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The notifications the service worker shows now: title, body and the page a tap opens. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
  });
