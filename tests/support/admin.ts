import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { hydrated } from './browser';

/** A short unique suffix, so tests on the shared server never collide. */
export const unique = () => randomBytes(3).toString('hex');

/** A REST client for setting up data as an API client would (Bearer token, no cookie). */
export async function apiAs(baseURL: string, username: string, password: string) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${username} failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  async function call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  return {
    token,
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
  };
}

/** Opens an admin tab and waits until it is interactive and its data has loaded. */
export async function openAdminTab(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' });
}

/** The toast with this text (Sonner's live region), waited for. */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await toast.waitFor({ state: 'visible' });
  return toast;
}

/** Toasts go after a few seconds: wait for them, so that axe measures the page they covered (a covered tab is "obscured"). */
export async function toastsGone(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, { timeout: 10_000 });
}

/** A toast fades and slides in: axe measures its colours once it has fully arrived. */
export async function settledToast(page: Page, text: string) {
  const toast = await expectToast(page, text);
  await page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text }).first().waitFor();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  return toast;
}

/** A full-page screenshot named for the viewport's width, when SCREENSHOT_DIR is set (for reviewing layouts). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** Matches a control's whole label, with or without the required marker ' *'. */
export const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
