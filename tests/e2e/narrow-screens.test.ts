import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../support/api-client';
import { signIn, useBrowser } from '../support/browser';

/**
 * Phone first: every public page at 320 px (a small phone, and a 1280 px window at 400 %
 * zoom) fits without scrolling sideways, and no box inside the page scrolls sideways either.
 */
const b = useBrowser();
const SMALL = { width: 320, height: 640 };

async function json<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, b.baseURL));
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** What scrolls sideways: the page itself, and any element whose content is wider than its box. */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const boxes: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        boxes.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className.toString().split(' ').slice(0, 3).join('.')} (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return { page: root.scrollWidth - window.innerWidth, boxes };
  });
}

async function expectFits(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const found = await sidewaysScroll(page);
  expect(found.page, `${path} scrolls sideways by ${found.page} px`).toBeLessThanOrEqual(0);
  expect(found.boxes, `${path}: boxes that scroll sideways`).toEqual([]);
}

describe('Every screen fits a 320 px phone', () => {
  it('every public page, and a page of each kind (a player, a match, an article, a product)', async () => {
    const players = await json<Array<{ id: string }>>('/api/squad');
    const fixtures = await json<Array<{ id: string }>>('/api/fixtures');
    const news = await json<Array<{ id: string }>>('/api/news');
    const products = await json<Array<{ id: string }>>('/api/products');
    const paths = [
      '/',
      '/squad',
      `/player/${players[0]!.id}`,
      '/fixtures',
      `/fixtures/${fixtures[0]!.id}`,
      '/news',
      `/news/${news[0]!.id}`,
      '/about',
      '/sponsors',
      '/join-us',
      '/privacy',
      '/shop',
      `/shop/product/${products[0]!.id}`,
      '/login',
      '/register',
      '/forgot-password',
    ];
    const page = await b.newPage({ viewport: SMALL });
    for (const path of paths) await expectFits(page, path);
  });

  it("every tab of a player's portal", async () => {
    const { username, password } = await registerPlayer(b.baseURL, 'narrow', { full_name: 'Nadia Narrowscreen-Wetherington' });
    const page = await b.newPage({ viewport: SMALL });
    await signIn(page, username, password);
    for (const tab of ['', '/profile', '/payments', '/feedback', '/schedule', '/documents', '/messages', '/stats', '/account']) {
      await expectFits(page, `/players-area${tab}`);
    }
  });
});
