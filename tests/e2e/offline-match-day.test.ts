import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { apiAs, shot, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, signIn, useBrowser } from '../support/browser';

// Issue 35, match day without signal: a member with a published team sheet opens their pages once
// with signal (the service worker /sw.js keeps them); with the network cut (Playwright offline) the
// match, the venue with its map link and the team sheet open from the phone with "Saved at …, you
// are offline"; an answer given offline reaches the club when the signal returns; a public page is
// never kept; after Sign Out nothing of theirs is left and the pages no longer open offline.
const b = useBrowser();
type Api = Awaited<ReturnType<typeof apiAs>>;
const VENUE = 'Mill Lane Rec, Riverside RV1 2AB';

async function setUp(admin: Api) {
  const teamName = `Offline ${unique()}`;
  const team = await admin.post<{ id: string }>('/api/teams', { name: teamName });
  expect(team.status).toBe(201);
  const at = new Date(Date.now() + 5 * 24 * 3_600_000);
  const fixture = await admin.post<{ id: string }>('/api/fixtures', {
    team_id: team.body.id, away_team: 'Far Town', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: VENUE, competition: 'County Cup',
  });
  expect(fixture.status).toBe(201);
  const created = await admin.post<{ id: string }>('/api/players', {
    full_name: 'Olive Offline', jersey_number: 9, position: 'Forward', team_type: 'Senior', nationality: 'English', team_ids: [team.body.id],
  });
  expect(created.status).toBe(201);
  // The team's manager, whose phone is kept for match day.
  const manager = await registerPlayer(b.baseURL, 'mgr', { full_name: 'Mo Manager', phone_number: '07700 900456' });
  expect((await admin.put('/api/admin/team-staff', { player_id: manager.playerId, team_id: team.body.id, role: 'manager' })).status).toBeLessThan(300);
  const username = `off_${unique()}`;
  const password = 'offline-pass-1';
  expect((await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, password, email: `${username}@example.com` })).status).toBe(201);
  const picked = await admin.put(`/api/fixtures/${fixture.body.id}/selection`, { players: [{ player_id: created.body.id, role: 'starter', shirt_number: 9 }] });
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  expect((await admin.post(`/api/fixtures/${fixture.body.id}/selection/publish`)).status).toBeLessThan(300);
  return { teamName, fixtureId: fixture.body.id, username, password };
}

/** Every URL the page's origin keeps in Cache Storage, by cache. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });

async function keptPages(page: Page, paths: string[]) {
  await expect.poll(async () => (await kept(page))['match-day-pack-v1'] ?? [], { timeout: 10_000 }).toEqual(expect.arrayContaining(paths));
}

/** The axe helper's own CDP session ends Playwright's offline emulation: cut the network again. */
async function offlineAgain(page: Page) {
  await page.context().setOffline(false);
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

/** Olive's squad reply as the manager sees it: null until she answers, false once declined. */
const reply = async (api: Api, fixtureId: string) =>
  (await api.get<{ players: { full_name: string; confirmed: boolean | null }[] }>(`/api/fixtures/${fixtureId}/selection`)).body.players.find((p) => p.full_name === 'Olive Offline')!.confirmed;

const counts = async (api: Api, fixtureId: string) => (await api.get<{ counts: Record<string, number> }>(`/api/fixtures/${fixtureId}/availability`)).body.counts;

describe('Match day without signal', () => {
  it('opens the next match, venue and team sheet offline, sends an offline answer when back online, and keeps nothing after Sign Out', async () => {
    const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const { teamName, fixtureId, username, password } = await setUp(admin);
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, username, password);
    await page.goto('/players-area');
    await hydrated(page);
    // pwa-install registers the worker on signed-in pages; here the test does it itself.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
    });
    // The worker claims the page when it activates; a page loaded before that is controlled from its next load.
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });

    // With signal: the dashboard, the schedule and the team sheet, each once.
    const sheet = `/team-sheet/${fixtureId}`;
    for (const path of ['/players-area', '/players-area/schedule', sheet]) {
      await page.goto(path);
      await hydrated(page);
    }
    await keptPages(page, ['/players-area', '/players-area/schedule', sheet]);
    // A public page, opened with the worker in charge, is never kept; nor is any API answer.
    await page.goto('/news');
    await page.goto('/players-area/schedule');
    await hydrated(page);
    const all = Object.values(await kept(page)).flat();
    // The one API answer kept is the pack itself.
    expect(all.filter((p) => p === '/news' || p === '/' || (p.startsWith('/api/') && p !== '/api/me/match-day') || p.startsWith('/admin'))).toEqual([]);

    // No signal.
    await page.context().setOffline(true);
    await page.goto('/players-area/schedule');
    await hydrated(page);
    const notice = page.getByTestId('offline-notice');
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toMatch(/^Saved at \d\d:\d\d, you are offline$/);
    const match = page.getByTestId('schedule-match').filter({ hasText: `${teamName} vs Far Town` });
    await match.getByText(VENUE).first().waitFor();
    expect(await match.getByRole('link', { name: `Map of ${VENUE} (opens in a new tab)` }).getAttribute('href')).toContain('openstreetmap.org');
    expect(await match.getByRole('link', { name: '07700 900456 (call Mo Manager)' }).getAttribute('href')).toBe('tel:07700900456');
    await expectNoAxeViolations(page, 'schedule, offline');
    await offlineAgain(page);
    await shot(page, 'offline-schedule');

    // An answer given offline waits on the phone.
    await match.getByRole('button', { name: 'Unavailable', exact: true }).click();
    await match.getByText('Saved on this phone: sent when you are back online.').waitFor();
    expect(await match.getByRole('button', { name: 'Unavailable', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await counts(admin, fixtureId)).toMatchObject({ unavailable: 0 });

    // The team sheet and the dashboard open from the phone too.
    await page.goto(sheet);
    await hydrated(page);
    await page.locator('table').getByText('Olive Offline').waitFor();
    await page.getByText(VENUE).first().waitFor();
    await expect.poll(() => page.getByTestId('offline-notice').textContent(), { timeout: 10_000 }).toMatch(/^Saved at \d\d:\d\d, you are offline$/);
    await shot(page, 'offline-team-sheet');
    // The squad place, declined with no signal on the dashboard, waits on the phone too.
    await page.goto('/players-area');
    await hydrated(page);
    const place = page.getByTestId('selection');
    await place.getByRole('button', { name: 'Decline', exact: true }).click();
    await place.getByText('Saved on this phone: sent when you are back online.').waitFor();
    expect(await place.getByRole('button', { name: 'Decline', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await reply(admin, fixtureId)).toBeNull();
    // Anything else: a small page naming what is saved.
    await page.goto('/players-area/profile');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.getByRole('link').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/Team sheet/)]));
    // …and the pack's next events: the match, its venue with a map link, the team sheet.
    await page.getByText(`${teamName} vs Far Town`).first().waitFor();
    expect(await page.content()).toContain(VENUE);
    expect(await page.content()).toContain('9 Olive Offline');
    // Axe last (its CDP session ends Playwright's offline emulation), on the team sheet.
    await page.goto(sheet);
    await hydrated(page);
    await expectNoAxeViolations(page, 'team sheet, offline');

    // Signal again: the answer reaches the club, through its own answer API.
    await page.context().setOffline(false);
    await page.goto('/players-area/schedule');
    await hydrated(page);
    await expect.poll(() => counts(admin, fixtureId), { timeout: 10_000 }).toMatchObject({ unavailable: 1 });
    await expect.poll(() => reply(admin, fixtureId), { timeout: 10_000 }).toBe(false);
    expect(await page.getByTestId('offline-notice').textContent()).toBe('');

    // Sign Out clears everything the worker kept: offline, the pages are gone.
    await page.locator('summary[aria-label^="Account menu for"]').click();
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('button', { name: 'Sign Out' }).click()]);
    expect(Object.keys(await kept(page)).filter((name) => name.startsWith('match-day-'))).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('match-day');
    await page.context().setOffline(true);
    await page.goto('/players-area/schedule');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.content()).not.toContain('Olive Offline');
    expect(await page.content()).not.toContain('Far Town');
    await page.context().setOffline(false);
  });
});
