import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { bornYearsAgo } from '../support/ages';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';
import { PRIVACY_NOTICE_LINK_TEXT } from '../../shared/privacy-notice';

// Issue 34, point 6, on the production build: every form that collects personal data links the
// privacy notice (which says its version and date at its foot), and a parent withdraws a consent
// with one click in the Players' Area: the public squad page stops showing the photo at once.
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;

async function setUp(base: string) {
  const tag = unique();
  const PHOTO = `/images/seed/news-team.svg?junior=${tag}`;
  const FULL = `Isla Quinn${tag}`;
  const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
  // A junior team needs a welfare officer with an address.
  const officer = await registerPlayer(base, 'welf', { full_name: `Jo Welfare ${tag}` });
  const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
  await admin.post('/api/admin/club-roles', { user_id: logins.find((l) => l.username === officer.username)!.user_id, role: 'welfare_officer' });
  const { welfare_officer: _name, ...editable } = (await admin.get('/api/settings')).body;
  expect((await admin.put('/api/settings', { ...editable, welfare_email: 'welfare@riversiderovers.club' })).status).toBe(200);
  const team = await admin.post('/api/teams', { name: `U11 Swifts ${tag}`, age_group: 'U11', format: '7v7' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const child = await admin.post('/api/players', {
    full_name: FULL,
    position: 'Forward',
    team_type: 'Senior',
    photo_url: PHOTO,
    date_of_birth: bornYearsAgo(10),
    team_ids: [team.body.id],
  });
  expect(child.status, JSON.stringify(child.body)).toBe(201);
  // The parent: a login of their own (with a player record, so My Profile has its edit form), linked as primary.
  const parent = await registerPlayer(base, 'par', { full_name: `Pat Quinn ${tag}` });
  const asParent = await apiAs(base, parent.username, parent.password);
  const asked = await asParent.post('/api/guardian-requests', { child_name: FULL, child_date_of_birth: child.body.date_of_birth, relationship: 'Father' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  expect((await admin.post(`/api/guardian-requests/${asked.body.id}/approve`, { player_id: child.body.id, level: 'primary' })).status).toBe(200);
  // An invitation, not used: its page has the form to accept it.
  const email = `grandma-${tag}@example.com`;
  expect((await admin.post('/api/guardian-invitations', { player_id: child.body.id, email, level: 'secondary', relationship: 'Grandmother' })).status).toBe(201);
  await waitFor(() => smtp.received.some((m) => m.to.includes(email)), 20_000, 'the invitation');
  const invitation = /(\/guardian-invitation\?token=[\w-]+)/.exec(smtp.received.find((m) => m.to.includes(email))!.text)![1]!;
  const product = await admin.post('/api/products', { name: `Scarf ${tag}`, description: 'A warm scarf.', category: 'Accessories', price: 12, stock: 10, sizes: [], images: [] });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  return { tag, full: FULL, childId: child.body.id as string, parent, asParent, invitation, productId: product.body.id as string };
}

/** The one privacy notice link, reachable by keyboard, 44 px tall, opening /privacy. */
async function expectNoticeLink(page: Page, where: string) {
  // The one in view (the shop also keeps the order dialog's copy, closed).
  const link = page.locator('[data-testid="privacy-notice-link"] a:visible');
  await link.first().waitFor({ state: 'visible' }).catch(() => undefined);
  expect(await link.count(), where).toBeGreaterThanOrEqual(1);
  expect(await link.first().innerText(), where).toContain(PRIVACY_NOTICE_LINK_TEXT);
  expect(await link.first().getAttribute('href'), where).toBe('/privacy');
  // Measured once it has settled (React taking over the page may replace it for a moment).
  await expect.poll(async () => (await link.first().boundingBox())?.height ?? 0, { message: where, timeout: 10_000 }).toBeGreaterThanOrEqual(44);
  await link.first().focus();
  expect(await link.first().evaluate((el) => el === document.activeElement), where).toBe(true);
}

describe('The privacy notice', () => {
  it('is linked from every form that collects personal data, and says its version and date at its foot', async () => {
    const world = await setUp(mailing.server.baseURL);
    const visitor = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    // The forms a visitor fills in.
    const publicForms = ['/join-us', '/register', '/register/parent', `/shop/product/${world.productId}?buy=1`, world.invitation];
    for (const path of publicForms) {
      await visitor.goto(path);
      await expectNoticeLink(visitor, path);
      // The version the form showed goes back with it.
      expect(Number(await visitor.locator('input[name="notice_version"]').first().inputValue()), path).toBeGreaterThanOrEqual(1);
    }
    // The forms of a signed-in parent and member: My Profile's edit, the child's details, the consents, "I am a parent".
    const parent = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(parent, world.parent.username, world.parent.password);
    const memberForms = ['/players-area/profile?edit', `/players-area/children/${world.childId}`, `/players-area/children/${world.childId}/consents`, '/players-area/children'];
    for (const path of memberForms) {
      await parent.goto(path);
      await expectNoticeLink(parent, path);
    }
    // /initialize collects the first admin's e-mail; it carries the same link, but shows its form only before the first run.

    await visitor.goto('/privacy');
    expect(await visitor.getByTestId('privacy-notice-version').innerText()).toMatch(/^Version \d+, updated \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expectNoAxeViolations(visitor, 'the privacy notice with its version');
  });
});

describe('Withdrawing a consent', () => {
  it('is one click at 390 px; the public squad page, cached with the photo a moment before, shows none right after', async () => {
    const world = await setUp(mailing.server.baseURL);
    const { tag, full: FULL } = world;
    const base = mailing.server.baseURL;
    for (const kind of ['photo', 'full_name']) expect((await world.asParent.put(`/api/players/${world.childId}/consents`, { kind, given: true })).status).toBe(200);
    const squad = async () => (await fetch(`${base}/squad`)).text();
    await waitFor(async () => (await squad()).includes(`junior=${tag}`), 10_000, 'the photo on /squad');
    await squad(); // served from the public cache now

    const page = await b.newPage({ baseURL: base, viewport: PHONE });
    await signIn(page, world.parent.username, world.parent.password);
    // The family home lists the consents given this season, each with its Withdraw button.
    await page.goto('/players-area');
    await hydrated(page);
    await expectNoAxeViolations(page, 'the family home with its consents');
    await noSidewaysScroll(page, 'the family home with its consents');
    await page.getByTestId('family-consent-photo').getByRole('button', { name: /^Withdraw/ }).click();
    // One click: withdrawn, and the consents page says so, with an Undo.
    await page.getByTestId('consent-withdrawn-photo').waitFor();
    expect(await page.getByTestId('consent-state-photo').innerText()).toMatch(/^Not given/);
    expect(await page.getByTestId('consent-withdrawn-photo').innerText()).toContain('Withdrawn.');
    await expectNoAxeViolations(page, 'a consent just withdrawn');
    await noSidewaysScroll(page, 'a consent just withdrawn');

    // The very next public request: no photo on the squad page or the child's profile; the name stays (its consent stands).
    const after = await squad();
    expect(after).not.toContain(`junior=${tag}`);
    expect(after).toContain(FULL);
    expect(await (await fetch(`${base}/player/${world.childId}`)).text()).not.toContain(`junior=${tag}`);
    const visitor = await b.newPage({ baseURL: base, viewport: PHONE });
    await visitor.goto('/squad');
    expect(await visitor.locator(`img[src*="junior=${tag}"]`).count()).toBe(0);

    // Undo gives it again, one click too.
    await page.getByRole('button', { name: 'Undo withdrawing: Photos on the public website' }).click();
    await waitFor(async () => (await page.getByTestId('consent-state-photo').innerText()).startsWith('Given'), 10_000, 'the consent given again');
    await waitFor(async () => (await squad()).includes(`junior=${tag}`), 10_000, 'the photo back on /squad');
  });
});
