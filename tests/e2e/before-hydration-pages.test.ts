/** ADR 033 on every other page that hydrates, and the header: what a visitor does before the scripts load is kept (forms, products, join, sign-in and the portal are in before-hydration.test.ts). */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../support/api-client';
import { hydrated, PHONE, signIn, useBrowser } from '../support/browser';
import { HELD, holdScripts, tag } from '../support/hydration';

const b = useBrowser();

async function changeEveryControl(page: Page) {
  const controls = page.locator('main').locator('input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=file]):not([disabled]), textarea:not([disabled]), select:not([disabled])');
  const expected: { index: number; value: string | boolean }[] = [];
  const count = await controls.count();
  const radioGroups = new Set<string>();
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    if (!(await control.isVisible()) && !(await control.evaluate((el) => el.className.includes('sr-only')))) continue;
    const { tagName, type, name, checked } = await control.evaluate((el: HTMLInputElement) => ({ tagName: el.tagName, type: el.type, name: el.name, checked: el.checked }));
    if (tagName === 'SELECT') {
      const values = await control.evaluate((el: HTMLSelectElement) => Array.from(el.options, (o) => o.value));
      const current = await control.inputValue();
      const other = values.filter((v) => v !== current).at(-1);
      if (other === undefined) continue;
      await control.selectOption(other);
      expected.push({ index, value: other });
    } else if (type === 'checkbox') {
      await control.click({ force: true });
      expected.push({ index, value: !checked });
    } else if (type === 'radio') {
      if (checked || radioGroups.has(name)) continue;
      radioGroups.add(name);
      await control.click({ force: true });
      expected.push({ index, value: true });
    } else {
      const value = { email: `kept.${tag()}@example.com`, tel: '07700 900987', date: '2001-02-03', number: '2', password: `kept-pass-${tag()}`, url: 'https://example.com/kept' }[type] ?? `Kept ${tag()}`;
      await control.fill(value);
      expected.push({ index, value });
    }
  }
  return {
    expected,
    async actual() {
      return Promise.all(
        expected.map(async ({ index, value }) => ({
          index,
          value: typeof value === 'boolean' ? await controls.nth(index).isChecked() : await controls.nth(index).inputValue(),
        })),
      );
    },
  };
}

describe('Every other page that hydrates', () => {
  // The route modules of app/routes.ts that load React (no `hydrate: false`), and where each is
  // tested: above, here, or why nothing can be typed before React arrives.
  const COVERED: Record<string, string> = {
    'routes/shop/product.tsx': 'above',
    'routes/public/join-us.tsx': 'above',
    'routes/auth/register.tsx': 'above',
    'routes/auth/login.tsx': 'above',
    'routes/shop/shop.tsx': '/shop',
    'routes/auth/forgot-password.tsx': '/forgot-password',
    'routes/auth/reset-password.tsx': '/reset-password?token=…',
    'routes/portal/profile.tsx': '/players-area/profile?edit',
    'routes/portal/account.tsx': '/players-area/account',
    'routes/admin/account.tsx': '/admin/account',
    'routes/auth/availability.tsx': 'radios and a note, kept by the same mechanism (app/lib/visitor-input.ts); needs a mailed token',
    'routes/portal/dashboard.tsx': 'buttons only (mark read, confirm selection)',
    'routes/portal/messages.tsx': 'buttons only',
    'routes/portal/schedule.tsx': 'a button only',
    'routes/auth/unsubscribe.tsx': 'a button only',
    'routes/auth/squad-reply.tsx': 'a button and an optional note, posted as a plain form before React; needs a mailed link',
    'routes/setup/initialize.tsx': 'the setup code, e-mail and how to start (uncontrolled radios), kept by the same mechanism (app/lib/visitor-input.ts); needs a database not yet set up',
    'routes/auth/confirm-email.tsx': 'a button only',
    'routes/shop/order.tsx': 'no form',
    'routes/auth/logout.tsx': 'no page',
    'routes/not-found.tsx': 'no form',
    'routes/admin/team-sheet.tsx': 'no form',
    'routes/portal/_layout.tsx': 'layout',
    'routes/admin/_layout.tsx': 'layout',
    'routes/public/_layout.tsx': 'layout',
    'routes/portal/documents.tsx': 'no form',
    'routes/portal/feedback.tsx': 'no form',
    'routes/portal/payments.tsx': 'no form',
    'routes/portal/stats.tsx': 'no form',
    'routes/admin/player-management.tsx': 'redirects',
    // Issue 23: parents and carers.
    'routes/auth/register-parent.tsx': '/register/parent',
    'routes/auth/guardian-invitation.tsx': 'a new login (name, username, e-mail, password), kept by the same mechanism (app/lib/visitor-input.ts); needs a mailed invitation',
    'routes/portal/children.tsx': 'the ask-to-link-a-child form, a plain form post before React, its fields kept by the same mechanism; needs a signed-in parent',
    'routes/portal/child.tsx': 'answer buttons and the emergency-contact form, kept by the same mechanism; needs a parent linked to a child',
    'routes/portal/child-consents.tsx': 'buttons, and the who-may-collect note (a plain form post before React), kept by the same mechanism; needs a parent linked to a child',
    // Issue 31: the coach's match-day card.
    'routes/admin/match-day.tsx': 'no form',
    'routes/admin/match-day-card.tsx': 'no form (a Print button)',
    // Issue 35: where the app on the home screen opens: it only sends the person on to their own page.
    'routes/auth/start.tsx': 'no page (a redirect)',
    // Issue 36: the host's operator, on the hosting domain only; its forms are plain form posts before React.
    'routes/operator/home.tsx': 'the operator sign-in and the new-club form, plain form posts before React; needs a hosted install (tests/e2e/hosting-operator.test.ts)',
  };

  it('Each page that loads React is listed with how what a visitor types before it arrives is covered', () => {
    const routes = readFileSync(new URL('../../app/routes.ts', import.meta.url), 'utf8');
    const modules = Array.from(routes.matchAll(/'(routes\/[^']+\.tsx)'/g), (m) => m[1]!);
    const hydrating = modules.filter((module) => {
      const source = readFileSync(new URL(`../../app/${module}`, import.meta.url), 'utf8');
      // Admin tabs render their loading state on the server (HydrateFallback): nothing to type into before React.
      return !/hydrate: false/.test(source) && !/export function HydrateFallback/.test(source);
    });
    expect(hydrating.filter((module) => !(module in COVERED))).toEqual([]);
  });

  const PAGES: { path: string; as?: 'player' | 'admin' }[] = [
    { path: '/shop' },
    { path: '/forgot-password' },
    { path: '/register/parent' },
    { path: `/reset-password?token=${'a'.repeat(43)}` },
    { path: '/players-area/profile?edit', as: 'player' },
    { path: '/players-area/account', as: 'player' },
    { path: '/admin/account', as: 'admin' },
  ];
  it.for(PAGES)('$path: every control changed before React arrives is still as the visitor left it after', async ({ path, as }) => {
    const page = await b.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    if (as) {
      const who = as === 'admin' ? { username: 'admin', password: b.adminPassword } : await registerPlayer(b.baseURL, 'earlyall', { medical_notes: 'Asthma: inhaler in kit bag' });
      await signIn(page, who.username, who.password);
      await hydrated(page);
    }
    const scripts = await holdScripts(page);
    await page.goto(path, HELD);
    await scripts.requested();
    const changes = await changeEveryControl(page);
    expect(changes.expected.length, 'controls changed').toBeGreaterThan(0);
    await scripts.release();
    expect(await changes.actual()).toEqual(changes.expected);
  });
});

describe('The header before the scripts have loaded', () => {
  it.for(['/join-us', '/shop'])('%s: the phone menu opened before React arrives stays open after, and still closes when a link is chosen', async (path) => {
    const page = await b.newPage({ viewport: { width: 320, height: 640 } });
    const scripts = await holdScripts(page);
    await page.goto(path, HELD);
    await scripts.requested();
    const banner = page.getByRole('banner');
    await banner.getByLabel('Menu').click();
    const menu = banner.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'News' }).waitFor();
    await scripts.release();
    expect(await menu.getByRole('link', { name: 'News' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    expect(await menu.isVisible()).toBe(false);
  });
});
