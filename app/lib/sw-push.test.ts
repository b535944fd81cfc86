/**
 * public/sw-push.js, the service worker's push half, run in a stand-in worker scope: the browser
 * test (tests/e2e/phone-notifications.test.ts) shows it in Chromium; these pin every branch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.join(import.meta.dirname, '../../public/sw-push.js'), 'utf8');
const ORIGIN = 'https://club.example';

type Listener = (event: Record<string, unknown>) => void;

interface Shown {
  title: string;
  options: { body?: string; tag?: string; renotify?: boolean; icon?: string; data?: { url: string } };
}

/** Loads sw-push.js into a fresh worker scope; returns what it registered and what it did. */
function worker(options: { refuseOptions?: boolean; windows?: { url: string }[]; fetch?: (url: string, init?: RequestInit) => Promise<Response> } = {}) {
  const listeners: Record<string, Listener> = {};
  const shown: Shown[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const subscribed: unknown[] = [];
  const unsubscribed: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    atob,
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    fetch: options.fetch ?? (() => Promise.reject(new Error('offline'))),
    registration: {
      showNotification: (title: string, o: Shown['options']) => {
        if (options.refuseOptions && o.icon) return Promise.reject(new TypeError('bad icon'));
        shown.push({ title, options: o });
        return Promise.resolve();
      },
      pushManager: {
        subscribe: (o: unknown) => {
          subscribed.push(o);
          return Promise.resolve({ toJSON: () => ({ endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'P', auth: 'A' } }) });
        },
        getSubscription: () => Promise.resolve({ unsubscribe: () => (unsubscribed.push('https://push.example/old'), Promise.resolve(true)) }),
      },
    },
    clients: {
      matchAll: () => Promise.resolve((options.windows ?? []).map((w) => ({ url: w.url, focus: () => (focused.push(w.url), Promise.resolve()) }))),
      openWindow: (url: string) => (opened.push(url), Promise.resolve()),
    },
  };
  vm.runInNewContext(SOURCE, { self, URL, Uint8Array, setTimeout, clearTimeout });
  /** Fires an event and waits for what it asked the worker to wait for. */
  async function fire(type: string, event: Record<string, unknown> = {}) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  }
  const push = (data: unknown) => fire('push', { data: data === undefined ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
  return { fire, push, shown, opened, focused, subscribed, unsubscribed };
}

describe('public/sw-push.js: every push shows a notification', () => {
  it('shows the title and body, keeps the page to open, and replaces an older notification with the same tag (buzzing again)', async () => {
    const w = worker();
    await w.push({ title: 'Team sheet published', body: 'Open to see it.', url: '/players-area/schedule', tag: 'sheet-42' });
    expect(w.shown).toEqual([
      {
        title: 'Team sheet published',
        options: { body: 'Open to see it.', icon: '/favicon.svg', data: { url: '/players-area/schedule' }, tag: 'sheet-42', renotify: true },
      },
    ]);
  });

  it("shows the club's 192 px app icon, read from its manifest (the icons' addresses change with the crest)", async () => {
    const manifest = {
      icons: [
        { src: '/favicon.svg', sizes: 'any' },
        { src: '/icons/abc/maskable-512.png', sizes: '512x512', purpose: 'maskable' },
        { src: '/icons/abc/icon-192.png', sizes: '192x192', purpose: 'any' },
      ],
    };
    const w = worker({ fetch: (url) => Promise.resolve(new Response(url === '/manifest.webmanifest' ? JSON.stringify(manifest) : '{}')) });
    await w.push({ title: 'Kick-off moved', url: '/players-area' });
    expect(w.shown[0]!.options.icon).toBe('/icons/abc/icon-192.png');
  });

  it('shows the generic message for a push with no data, data that is not JSON, or no title', async () => {
    const w = worker();
    await w.push(undefined);
    await w.push('not json {');
    await w.push({ body: 'no title' });
    await w.push({ title: '   ' });
    expect(w.shown.map((s) => [s.title, s.options.body, s.options.data?.url])).toEqual(Array(4).fill(['New from the club', 'Open to see it.', '/']));
  });

  it('opens only pages of this site: an address elsewhere becomes the home page', async () => {
    const w = worker();
    await w.push({ title: 'A', url: 'https://evil.example/phish' });
    await w.push({ title: 'B', url: '//evil.example/x' });
    await w.push({ title: 'C', url: `${ORIGIN}/players-area?x=1#top` });
    expect(w.shown.map((s) => s.options.data?.url)).toEqual(['/', '/', '/players-area?x=1#top']);
  });

  it('still shows the notification, plainly, when the browser refuses its options', async () => {
    const w = worker({ refuseOptions: true });
    await w.push({ title: 'Kick-off moved', body: 'Open to see it.', url: '/players-area' });
    expect(w.shown).toEqual([{ title: 'Kick-off moved', options: { body: 'Open to see it.', data: { url: '/players-area' } } }]);
  });
});

describe('public/sw-push.js: tapping a notification', () => {
  const click = (w: ReturnType<typeof worker>, url: string) => {
    let closed = false;
    return w.fire('notificationclick', { notification: { data: { url }, close: () => (closed = true) } }).then(() => closed);
  };

  it('focuses a window already on that page', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/players-area/schedule` }] });
    expect(await click(w, '/players-area/schedule')).toBe(true);
    expect(w.focused).toEqual([`${ORIGIN}/players-area/schedule`]);
    expect(w.opened).toEqual([]);
  });

  it('opens the page when no window shows it', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/` }] });
    await click(w, '/players-area/schedule');
    expect(w.opened).toEqual([`${ORIGIN}/players-area/schedule`]);
  });
});

describe('public/sw-push.js: the browser replaces the subscription', () => {
  it('subscribes again with the club key and sends the new subscription (endpoint and keys only)', async () => {
    const requests: { url: string; init?: RequestInit }[] = [];
    const fetch = (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      const body = url === '/api/push/key' ? { public_key: 'AQID' } : { id: 'd1' };
      return Promise.resolve(new Response(JSON.stringify(body), { status: url === '/api/push/key' ? 200 : 201 }));
    };
    const w = worker({ fetch });
    await w.fire('pushsubscriptionchange');
    expect(w.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) }]);
    expect(requests.map((r) => [r.url, r.init?.method ?? 'GET'])).toEqual([
      ['/api/push/key', 'GET'],
      ['/api/push/subscriptions', 'POST'],
    ]);
    expect(JSON.parse(requests[1]!.init!.body as string)).toEqual({ endpoint: 'https://push.example/new', keys: { p256dh: 'P', auth: 'A' } });
  });

  it('does not fail the event when the club cannot be reached (the next app open subscribes again)', async () => {
    const w = worker();
    await expect(w.fire('pushsubscriptionchange')).resolves.toBeUndefined();
  });
});

describe('public/sw-push.js: signing out', () => {
  const post = (url: string, method = 'POST') => ({ request: { method, url } });

  it('unsubscribes this phone on a sign-out (the form, its data request, the API), and leaves the request alone', async () => {
    for (const path of ['/logout', '/logout.data', '/api/auth/logout']) {
      const w = worker();
      const event = { ...post(`${ORIGIN}${path}`), respondWith: () => expect.fail('a sign-out is not answered here') };
      await w.fire('fetch', event);
      expect(w.unsubscribed, path).toEqual(['https://push.example/old']);
    }
  });

  it('keeps the subscription for any other request', async () => {
    const w = worker();
    await w.fire('fetch', post(`${ORIGIN}/logout`, 'GET'));
    await w.fire('fetch', post(`${ORIGIN}/login`));
    await w.fire('fetch', post(`${ORIGIN}/api/auth/login`));
    await w.fire('fetch', post('https://elsewhere.example/logout'));
    expect(w.unsubscribed).toEqual([]);
  });
});
