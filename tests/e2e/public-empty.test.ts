import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { enhanced, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD, initializeDatabase, startServer, type RunningServer } from '../support/server';

// A club of its own: first with nothing at all, then with a single player, fixture and sponsor.
const b = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  await server?.cleanup();
});

describe('Public pages of a club with no content yet', () => {
  it('Home shows both fixture empty states and no news or sponsor sections', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/');
    expect(await page.getByText('No upcoming fixtures scheduled').isVisible()).toBe(true);
    expect(await page.getByText('No recent results available').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Latest News' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Our Sponsors' }).count()).toBe(0);
  });

  it('Squad says the squad will be updated soon, on every filter', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    for (const path of ['/squad', '/squad?team=vets']) {
      await page.goto(path);
      expect(await page.getByText('The squad information will be updated soon.').isVisible()).toBe(true);
      expect(await page.getByText('No players match the selected filter.').count()).toBe(0);
    }
  });

  it('Fixtures says the fixture list will be updated soon', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    for (const path of ['/fixtures', '/fixtures?filter=results']) {
      await page.goto(path);
      expect(await page.getByText('The fixture list will be updated soon.').isVisible()).toBe(true);
    }
  });

  it('Sponsors says none were found, invites sponsoring and offers a Become a Sponsor mail link', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/sponsors');
    expect(await page.getByText('No sponsors found').isVisible()).toBe(true);
    expect(await page.getByText('We are looking for local businesses to support the club.').isVisible()).toBe(true);
    const mail = page.getByRole('link', { name: 'Become a Sponsor' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:info@example\.com\?subject=Sponsorship/);
    expect(await page.getByLabel('Category').count()).toBe(0);
  });

  it('News says there is no news yet', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/news');
    expect(await page.getByText('No news yet.').isVisible()).toBe(true);
  });
});

describe('Public pages of a club with one player, one fixture and one sponsor', () => {
  beforeAll(async () => {
    await initializeDatabase(server.baseURL);
    const api = await apiClient(server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    // Keep one Senior player, one upcoming fixture and one sponsor.
    const players: { id: string; team_type: string }[] = await api('/api/players');
    const keep = players.find((p) => p.team_type === 'Senior')!;
    for (const p of players) if (p.id !== keep.id) await api(`/api/players/${p.id}`, { method: 'DELETE' });
    const fixtures: { id: string; status: string }[] = await api('/api/fixtures');
    const keepFixture = fixtures.find((f) => f.status === 'upcoming')!;
    for (const f of fixtures) if (f.id !== keepFixture.id) await api(`/api/fixtures/${f.id}`, { method: 'DELETE' });
    const sponsors: { id: string }[] = await api('/api/sponsors');
    for (const s of sponsors.slice(1)) await api(`/api/sponsors/${s.id}`, { method: 'DELETE' });
  });

  it('A squad filter that matches nobody says so', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/squad?team=vets');
    expect(await page.getByText('No players match the selected filter.').isVisible()).toBe(true);
    await page.goto('/squad?team=senior');
    expect(await page.getByRole('article').count()).toBe(1);
  });

  it('The Results filter with only an upcoming fixture says no fixtures match, and home has no recent results', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/fixtures?filter=results');
    expect(await page.getByText('No fixtures match the selected filter.').isVisible()).toBe(true);
    await page.goto('/');
    expect(await page.getByText('No recent results available').isVisible()).toBe(true);
    expect(await page.getByText('No upcoming fixtures scheduled').count()).toBe(0);
  });

  it('With a single sponsor category there is no category dropdown', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/sponsors');
    await enhanced(page);
    expect(await page.getByTestId('sponsor').count()).toBe(1);
    expect(await page.getByLabel('Category').count()).toBe(0);
  });
});
