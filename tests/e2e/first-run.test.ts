import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_SAMPLE, START_EMPTY } from '../../app/components/setup/start-choice';
import { FIRST_STEPS, FIRST_STEPS_TITLE } from '../../app/components/admin/first-steps';
import { EMPTY_CLUB_STARTED, SAMPLE_ADDED } from '../../app/routes/setup/initialize';
import { CLUB_NAME_NEEDED } from '../../app/components/setup/club-name-fields';
import { NEWS_EMPTY } from '../../app/routes/public/news';
import { SHOP_EMPTY } from '../../app/routes/shop/shop';
import { apiClient } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, hydrated, noSidewaysScroll, ready, signIn, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

// Issue 33, point 3: a real club starts empty at /initialize, then the Today page walks it through its first steps.
const b = useBrowser();
let server: RunningServer;
let sampleServer: RunningServer;

beforeAll(async () => {
  [server, sampleServer] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await Promise.all(
    [server, sampleServer].map(async (s) => {
      await s?.stop();
      await s?.cleanup();
    }),
  );
});

const SMALL = { width: 320, height: 640 };
const CLUB = 'Ashdown Athletic Juniors';
const CREST_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 48"><script>alert(1)</script><path d="M20 2 38 8v16c0 12-8 20-18 22C10 44 2 36 2 24V8z" fill="#1e3a8a" onload="alert(2)"/></svg>';

/** Every public page of an empty club, with the words that say it has nothing yet (docs/product.md's texts). */
const PUBLIC_PAGES: { path: string; says: string[] }[] = [
  { path: '/', says: ['No upcoming fixtures scheduled', 'No recent results available'] },
  { path: '/squad', says: ['The squad information will be updated soon.'] },
  { path: '/fixtures', says: ['The fixture list will be updated soon.'] },
  { path: '/news', says: [NEWS_EMPTY] },
  { path: '/shop', says: [SHOP_EMPTY] },
  { path: '/sponsors', says: ['No sponsors found', 'We are looking for local businesses to support the club.'] },
  { path: '/about', says: [] },
  { path: '/join-us', says: [] },
  { path: '/login', says: [] },
  { path: '/register', says: [] },
  { path: '/register/parent', says: [] },
  { path: '/forgot-password', says: [] },
];

/** The crest typed at /initialize is the header's, stored cleaned; the colour is the club's. */
async function expectItsCrestAndColour(api: Awaited<ReturnType<typeof apiClient>>, page: Page) {
  const settings = await api<{ crest_url: string; primary_colour: string }>('/api/settings');
  expect(settings.crest_url).toMatch(/^\/uploads\/.+\.svg$/);
  expect(settings.primary_colour).toBe('#1e3a8a');
  const crest = await (await fetch(`${server.baseURL}${settings.crest_url}`)).text();
  expect(crest).not.toMatch(/script|onload|alert/);
  await page.goto('/');
  expect(await page.locator(`header img[src="${settings.crest_url}"]`).count()).toBeGreaterThan(0);
}

describe('A real club starts empty (issue 33)', () => {
  it('At 390 px /initialize offers an empty club first and chosen, then the sample club; axe clean; an empty club starts', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await page.goto('/initialize');
    await hydrated(page);
    const choices = page.getByRole('radio');
    expect(await choices.count()).toBe(2);
    const empty = page.getByRole('radio', { name: START_EMPTY });
    const sample = page.getByRole('radio', { name: LOAD_SAMPLE });
    expect(await empty.isChecked()).toBe(true);
    expect(await sample.isChecked()).toBe(false);
    // The empty club is the first choice.
    expect((await empty.boundingBox())!.y).toBeLessThan((await sample.boundingBox())!.y);
    // Each choice's whole card is the tap target.
    for (const name of [START_EMPTY, LOAD_SAMPLE]) {
      const card = page.locator('label', { has: page.getByRole('radio', { name }) });
      expect((await card.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    await noSidewaysScroll(page, '/initialize');
    await expectNoAxeViolations(page, 'the start choice at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, 'the start choice at 1280 px');
    // An empty club needs its name; a colour white text cannot be read on is refused with its figure.
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText(CLUB_NAME_NEEDED).first().waitFor();
    expect(await page.getByLabel('Club name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'the club name missing at 1280 px');
    await page.setViewportSize(PHONE);
    await page.getByLabel('Club name', { exact: true }).fill(CLUB);
    await page.getByLabel('Club colour').fill('#7fd3ff');
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText(/White text on #7fd3ff has a contrast of 1\.\d:1; it needs 4\.5:1/).first().waitFor();
    await expectNoAxeViolations(page, 'a light colour refused at 390 px');
    await page.getByLabel('Club colour').fill('#1e3a8a');
    // The crest comes with the form (optional); an SVG is cleaned of its script on the server.
    await page.getByLabel('Crest (optional)').setInputFiles({ name: 'crest.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(CREST_SVG) });
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText('Database initialized successfully!').waitFor();
    expect(await page.getByText(EMPTY_CLUB_STARTED).isVisible()).toBe(true);
    const api = await apiClient(server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    await expectItsCrestAndColour(api, page);
    for (const list of ['/api/products', '/api/fixtures', '/api/news', '/api/sponsors', '/api/squad', '/api/teams']) {
      expect(await api(list), list).toEqual([]);
    }
  });

  it('Every public page of the empty club answers 200 with its empty state, axe clean, no sideways scroll at 390 or 320 px', async () => {
    for (const { path, says } of PUBLIC_PAGES) {
      for (const viewport of [PHONE, SMALL]) {
        const page = await b.newPage({ baseURL: server.baseURL, viewport });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await ready(page);
        for (const text of says) expect(await page.getByText(text).first().isVisible(), `${path}: ${text}`).toBe(true);
        // The club's own name, never the sample club's.
        expect(await page.title(), path).toContain(CLUB);
        expect(await page.content(), path).not.toMatch(/Riverside|Rovers/);
        await noSidewaysScroll(page, path);
        if (viewport === PHONE) await expectNoAxeViolations(page, `${path} of an empty club`);
        expect(errors, `${path}: errors in the browser`).toEqual([]);
        await page.close();
      }
    }
    // The sitemap lists the pages there are, and none of anyone else's.
    const sitemap = await fetch(`${server.baseURL}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls).toContain('/');
    expect(urls.filter((u) => /^\/(player|fixtures|news|shop\/product)\/./.test(u))).toEqual([]);
  });

  it('At 390 px the Today page lists the first steps, each linking to its screen; they tick as the club adds them and go when all are done', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/admin');
    const list = page.getByRole('region', { name: FIRST_STEPS_TITLE });
    await list.waitFor();
    for (const step of FIRST_STEPS) {
      const link = list.getByRole('link', { name: `To do: ${step.title}` });
      expect(await link.getAttribute('href'), step.title).toBe(step.to);
      expect((await link.boundingBox())!.height, step.title).toBeGreaterThanOrEqual(44);
    }
    expect(await list.textContent()).toContain('0 of 4 done');
    await noSidewaysScroll(page, '/admin');
    await expectNoAxeViolations(page, 'the first steps at 390 px');

    const api = await apiClient(server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const team = await api('/api/teams', { method: 'POST', body: { name: 'Ashdown Saturday XI' } });
    await api('/api/fixtures', {
      method: 'POST',
      body: { away_team: 'Hartfield', match_date: '2099-05-01', match_time: '10:30', venue: 'Home ground', competition: 'League', is_home: true, team_id: team.id },
    });
    await page.reload();
    await list.waitFor();
    expect(await list.textContent()).toContain('2 of 4 done');
    expect(await list.getByRole('link', { name: 'Done: Add your teams' }).count()).toBe(1);
    expect(await list.getByRole('link', { name: 'Done: Add your first fixture' }).count()).toBe(1);
    expect(await list.getByRole('link', { name: 'To do: Add your kit' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'two first steps done');

    await api('/api/products', {
      method: 'POST',
      body: { name: 'Home Shirt', description: 'Our home shirt.', category: 'Kit', price: 30, stock: 10, sizes: ['M'], images: [] },
    });
    // The committee: a member with a login, given the secretary's role.
    const member = await api('/api/players', { method: 'POST', body: { full_name: 'Sam Secretary', position: 'Staff', team_type: 'Staff', team_ids: [team.id] } });
    const account = await api('/api/admin/create-player-account', {
      method: 'POST',
      body: { player_id: member.id, username: 'sam_secretary', email: 'sam@example.com', password: 'a sturdy passphrase' },
    });
    await api('/api/admin/club-roles', { method: 'POST', body: { user_id: account.user.id, role: 'secretary' } });
    await page.reload();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    await page.getByRole('list', { name: 'Today' }).waitFor();
    expect(await page.getByRole('region', { name: FIRST_STEPS_TITLE }).count()).toBe(0);
  });
});

describe('The sample club stays a choice (issue 33)', () => {
  it('Without JavaScript, choosing Load the sample club initializes the sample club', async () => {
    const page = await b.newPage({ baseURL: sampleServer.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/initialize');
    await page.getByRole('radio', { name: LOAD_SAMPLE }).check();
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText('Database initialized successfully!').waitFor();
    expect(await page.getByText(SAMPLE_ADDED).isVisible()).toBe(true);
    const api = await apiClient(sampleServer.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    expect((await api<unknown[]>('/api/products')).length).toBeGreaterThan(0);
    expect((await api<unknown[]>('/api/squad')).length).toBeGreaterThan(0);
    // A club that looks around has teams, fixtures, kit and more than one person: no first steps on Today.
    const today = await api('/api/admin/dashboard');
    expect(today.today.first_steps).toMatchObject({ teams: true, fixture: true, kit: true });
  });
});
