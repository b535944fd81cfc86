import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_BASE_ARGS, CHROMIUM_PATH } from './chromium';

export { CHROMIUM_PATH };
/** The shared flags, plus --disable-dev-shm-usage (Chromium's shared memory in /tmp, not /dev/shm). */
export const CHROMIUM_ARGS = [...CHROMIUM_BASE_ARGS, '--disable-dev-shm-usage'];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium (.ci/run does).`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * One browser per test file; `newPage()` gives a fresh context (no cookies) on the shared server.
 * Pass a baseURL to drive another server (one a test started itself).
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get baseURL() {
      return inject('baseURL');
    },
    adminPassword: inject('adminPassword'),
    async newPage(
      options: {
        baseURL?: string;
        viewport?: { width: number; height: number };
        javaScriptEnabled?: boolean;
        /** A phone: a touch screen and no mouse (the media queries say hover: none, pointer: coarse). */
        phone?: boolean;
        userAgent?: string;
        /**
         * 'block' for tests that hold or intercept the page's own requests (page.route): a service
         * worker answering from its cache (issue 35: signed-in pages register one) bypasses them.
         */
        serviceWorkers?: 'allow' | 'block';
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: options.baseURL ?? inject('baseURL'),
        viewport: options.viewport ?? DESKTOP,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        ...(options.phone ? { hasTouch: true, isMobile: true } : {}),
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
        ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[browser] page error: ${error.message}`));
      return page;
    },
  };
}

/** Signs in through the real /login form and waits for the redirect. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Waits until public/js/enhance.js has run (every page loads it, with or without React): content
 * pages are sent without React (ADR 025), so their copy buttons and filters work from then on.
 */
export async function enhanced(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === 'true');
}

/** Waits until the page is interactive: enhance.js has run and, on a page that loads React, React has hydrated. */
export async function ready(page: Page) {
  await enhanced(page);
  if (await page.evaluate(() => '__reactRouterContext' in window)) await hydrated(page);
}

/** Fails when the page scrolls sideways at its current viewport width (`where` names the page in the message). */
export const noSidewaysScroll = async (page: Page, where: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
