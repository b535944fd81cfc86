import { describe, expect, it } from 'vitest';
import { deferHydration } from './entry.server';

const page = (code: string) =>
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N"/></head><body><main>Shop</main>' +
  `<script nonce="N" type="module" async="">${code}</script></body></html>`;

/** Runs the loader the way the browser would, after the first frame, and returns what it added. */
function runLoader(html: string) {
  const source = /<script nonce="N">([\s\S]*?)<\/script>/.exec(html)![1];
  const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const element = (tag: string) => ({ tag }) as (typeof added)[number];
  const document = { documentElement: { dataset: {} as Record<string, string> }, currentScript: { nonce: 'N' }, hidden: false, createElement: element, head: { appendChild: (e: (typeof added)[number]) => added.push(e) }, body: { appendChild: (e: (typeof added)[number]) => added.push(e) } };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const paints: string[] = [];
  let observer: (() => void) | undefined;
  const performance = { getEntriesByName: (name: string) => paints.filter((p) => p === name) };
  const PerformanceObserver = function (callback: () => void) {
    return { observe: () => void (observer = callback) };
  };
  const location = { pathname: '/shop/orders/abc', search: '', reloads: 0, reload: () => void location.reloads++ };
  const listeners: Record<string, () => void> = {};
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'performance', 'PerformanceObserver', 'location', 'addEventListener', source)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
    performance,
    PerformanceObserver,
    location,
    (type: string, listener: () => void) => void (listeners[type] = listener),
  );
  // Back to an entry of this document before React has taken over: the browser loads that page;
  // a change of the #fragment alone, or once React runs, is left alone.
  location.search = '';
  location.pathname = '/shop/orders/abc';
  listeners.popstate();
  expect(location.reloads).toBe(0);
  location.pathname = '/shop/product/1';
  listeners.popstate();
  expect(location.reloads).toBe(1);
  document.documentElement.dataset.hydrated = 'true';
  listeners.popstate();
  expect(location.reloads).toBe(1);
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
  run(frames);
  run(timers); // after the first frame: the paint not reported yet, so nothing is loaded
  expect(added).toEqual([]);
  paints.push('first-paint');
  observer?.();
  expect(added).toEqual([]);
  paints.push('first-contentful-paint');
  observer?.(); // the first contentful paint: React's scripts now
  const loaded = [...added];
  run(timers); // the half-second fallback adds nothing more
  expect(added).toEqual(loaded);
  return added;
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

  it('leaves a page without React Router scripts as it is', () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"/></head><body><script src="/js/enhance.js" defer=""></script></body></html>';
    expect(deferHydration(html)).toBe(html);
  });
});
