/** Browser-test helpers for ADR 033: holding a page's build scripts back, as a slow phone would still be fetching them. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A short random tag for values no other test types. */
export const tag = () => randomBytes(3).toString('hex');
/** Navigations while the scripts are held: the load event waits for them (the loader preloads them after the first paint). */
export const HELD = { waitUntil: 'domcontentloaded' } as const;

/** Holds every build script (/assets/*.js) until `release()`, which then waits for React to have taken over (30 s at most). */
export async function holdScripts(page: Page) {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    // A request of a document the visitor has left is gone by now.
    await route.continue().catch(() => undefined);
  });
  return {
    /** Resolves once the page has asked for its scripts: React would be on its way now. */
    async requested() {
      const until = Date.now() + 10_000;
      while (held.length === 0 && Date.now() < until) await page.waitForTimeout(50);
      expect(held.length, 'the page asked for its scripts').toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    },
    async release() {
      await this.requested();
      open();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 30_000 });
      // The replay runs right after React's first commit; one more frame for any render it caused.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    },
  };
}
