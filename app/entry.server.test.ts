import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseDownError, PoolBusyError } from '../server/db/pool';
import { deferHydration, handleError } from './entry.server';

const page = (code: string) =>
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N"/></head><body><main>Shop</main>' +
  `<script nonce="N" type="module" async="">${code}</script></body></html>`;

type Added = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string };

/** The loader of a rewritten page in a pretend browser: what it added, and the browser's controls. */
function startLoader(html: string) {
  const source = /<script nonce="N">([\s\S]*?)<\/script>/.exec(html)![1];
  const added: Added[] = [];
  const append = (e: Added) => void added.push(e);
  const document = { documentElement: { dataset: {} as Record<string, string> }, currentScript: { nonce: 'N' }, hidden: false, createElement: (tag: string) => ({ tag }) as Added, head: { appendChild: append }, body: { appendChild: append } };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const paints: string[] = [];
  let observer: (() => void) | undefined;
  const location = { pathname: '/shop/orders/abc', search: '', reloads: 0, reload: () => void location.reloads++ };
  const listeners: Record<string, (event?: unknown) => void> = {};
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'performance', 'PerformanceObserver', 'location', 'addEventListener', source)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
    { getEntriesByName: (name: string) => paints.filter((p) => p === name) },
    function (callback: () => void) {
      return { observe: () => void (observer = callback) };
    },
    location,
    (type: string, listener: (event?: unknown) => void) => void (listeners[type] = listener),
  );
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
  return {
    added,
    location,
    document,
    popstate: () => listeners.popstate(),
    /** A form submitted (method as written on the form), before React: whether the loader let it go. */
    submit(method: string | null, formTarget: string | null = null) {
      let prevented = false;
      const target = { getAttribute: (name: string) => ({ method, target: formTarget })[name] ?? null };
      listeners.submit({ target, submitter: null, defaultPrevented: false, preventDefault: () => void (prevented = true) });
      return !prevented;
    },
    /** The first frame, then the task after it. */
    frame() {
      run(frames);
      run(timers);
    },
    paint(name: string) {
      paints.push(name);
      observer?.();
    },
    timers: () => run(timers),
  };
}

/** Runs the loader the way the browser would, and returns what it added once the page had painted. */
function runLoader(html: string) {
  const browser = startLoader(html);
  browser.frame(); // after the first frame: the paint not reported yet, so nothing is loaded
  expect(browser.added).toEqual([]);
  browser.paint('first-paint');
  expect(browser.added).toEqual([]);
  browser.paint('first-contentful-paint'); // React's scripts now
  const loaded = [...browser.added];
  browser.timers(); // the half-second fallback adds nothing more
  expect(browser.added).toEqual(loaded);
  return browser.added;
}

describe('deferHydration (ADR 028)', () => {
  it('turns the modulepreloads and the module script into one loader that adds them after the first frame', () => {
    const code = 'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");';
    const html = deferHydration(page(code));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(runLoader(html)).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-B.js' },
      { tag: 'script', type: 'module', nonce: 'N', textContent: code },
    ]);
  });

  it('keeps code with "<", "$&" and quotes intact: nothing in it can close the element', () => {
    const code = 'window.x = "<b>$& $1 \\"quoted\\" <!--";';
    const html = deferHydration(page(code));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(runLoader(html).at(-1)?.textContent).toBe(code);
  });

  it('before React has taken over, Back or Forward to another page of this document loads that page, and React is not started', () => {
    const browser = startLoader(deferHydration(page('import("/assets/entry.client-A.js");')));
    browser.popstate(); // the #fragment alone changed
    expect(browser.location.reloads).toBe(0);
    browser.location.pathname = '/shop/product/1';
    browser.popstate();
    expect(browser.location.reloads).toBe(1);
    browser.frame();
    browser.paint('first-contentful-paint');
    expect(browser.added).toEqual([]);
    // Once React runs, its router answers Back and Forward.
    browser.document.documentElement.dataset.hydrated = 'true';
    browser.location.pathname = '/shop';
    browser.popstate();
    expect(browser.location.reloads).toBe(1);
  });

  it('before React has taken over, a form posted goes once: a second press while it is under way is ignored, and React waits', () => {
    const browser = startLoader(deferHydration(page('import("/assets/entry.client-A.js");')));
    browser.frame();
    expect(browser.submit('get')).toBe(true);
    expect(browser.submit('get')).toBe(true); // a search, say: sent again with what it now says
    expect(browser.submit('post')).toBe(true);
    expect(browser.submit('post')).toBe(false);
    expect(browser.submit('POST')).toBe(false);
    expect(browser.submit('post', '_blank')).toBe(true); // answered in another tab: this page stays
    browser.paint('first-contentful-paint');
    expect(browser.added).toEqual([]); // the page is being left: no React under it
    browser.timers(); // ten seconds on, nothing came of it: the page works as before, and React starts
    expect(browser.added.map((e) => e.tag)).toEqual(['link', 'link', 'script']);
    expect(browser.submit('post')).toBe(true);
  });

  it('leaves a page without React Router scripts as it is', () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"/></head><body><script src="/js/enhance.js" defer=""></script></body></html>';
    expect(deferHydration(html)).toBe(html);
  });
});

describe('handleError: a loader that met the database away or overloaded gets the 503 outage answer, not a 500', () => {
  const flagsFor = (error: unknown) => {
    const context = {} as AppLoadContext;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      handleError(error, { request: new Request('http://club.test/shop?n=1'), context, params: {} } as unknown as Parameters<typeof handleError>[1]);
      return { outage: context.databaseOutage ?? false, busy: context.databaseBusy ?? false, logged: logged.mock.calls.length };
    } finally {
      logged.mockRestore();
    }
  };
  // As Drizzle hands a failed query to a loader: DrizzleQueryError, the pool's error as its cause.
  const viaDrizzle = (cause: Error) => new DrizzleQueryError('select "id" from "products"', [], cause);

  it('a full pool queue (PoolBusyError), raw or wrapped by Drizzle: busy, not an outage', () => {
    expect(flagsFor(new PoolBusyError())).toEqual({ outage: false, busy: true, logged: 0 });
    expect(flagsFor(viaDrizzle(new PoolBusyError()))).toEqual({ outage: false, busy: true, logged: 0 });
  });

  it('no connection within the wait bound, a query timeout, the database found down, a lock timeout: 503 too', () => {
    expect(flagsFor(viaDrizzle(new Error('timeout exceeded when trying to connect')))).toEqual({ outage: true, busy: false, logged: 0 });
    expect(flagsFor(viaDrizzle(new Error('Query read timeout')))).toEqual({ outage: true, busy: false, logged: 0 });
    expect(flagsFor(viaDrizzle(new DatabaseDownError()))).toEqual({ outage: true, busy: false, logged: 0 });
    expect(flagsFor(viaDrizzle(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' })))).toEqual({ outage: false, busy: true, logged: 0 });
  });

  it('any other error is logged and stays a 500', () => {
    expect(flagsFor(viaDrizzle(Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' })))).toEqual({ outage: false, busy: false, logged: 1 });
  });
});
