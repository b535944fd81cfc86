import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const b = useBrowser();
const api = async (path: string) => (await fetch(`${b.baseURL}${path}`)).json();

describe('Squad page', () => {
  it('Offers All Players and the three team filters as links, each showing only that team', async () => {
    const page = await b.newPage();
    await page.goto('/squad');
    expect(await page.title()).toBe('Squad & Staff | Riverside Rovers FC');
    const filters = page.getByRole('navigation', { name: 'Filter by team' }).getByRole('link');
    expect(await filters.allTextContents()).toEqual(['All Players', 'Vets Team', 'Staff Team', 'Senior Team']);
    const all = await page.getByRole('article').count();
    expect(all).toBe((await api('/api/squad')).length);

    await page.getByRole('link', { name: 'Vets Team' }).click();
    await page.waitForURL('**/squad?team=vets');
    await page.locator('a[aria-current="page"]', { hasText: 'Vets Team' }).waitFor();
    const vets = await page.getByRole('article').allTextContents();
    expect(vets.length).toBe((await api('/api/squad?team=Vets')).length);
    expect(vets.every((t) => t.includes('Vets'))).toBe(true);
  });

  it('Matches the team filter case-insensitively', async () => {
    const page = await b.newPage();
    await page.goto('/squad?team=SENIOR');
    const cards = await page.getByRole('article').allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((t) => t.includes('Senior'))).toBe(true);
  });

  it('Cards show number, name, position, nationality, team badge and bio, and open the profile', async () => {
    const page = await b.newPage();
    await page.goto('/squad?team=senior');
    const card = page.getByRole('article').filter({ hasText: 'Ravi Sandhu' });
    const text = await card.textContent();
    for (const part of ['10', 'Ravi Sandhu', 'Midfielder', 'English', 'Senior', 'Our playmaker']) expect(text).toContain(part);
    await card.getByRole('link', { name: 'Ravi Sandhu' }).click();
    await page.waitForURL('**/player/*');
    await page.getByRole('heading', { level: 1, name: 'Ravi Sandhu' }).waitFor();
  });
});

describe('Player profile', () => {
  it('Shows season stats, details (height and weight when present), bio and social links', async () => {
    const players: { id: string; full_name: string }[] = await api('/api/squad');
    const ravi = players.find((p) => p.full_name === 'Ravi Sandhu')!;
    const page = await b.newPage();
    await page.goto(`/player/${ravi.id}`);
    expect(await page.title()).toBe('Ravi Sandhu | Riverside Rovers FC');
    const stats = page.getByRole('region', { name: 'Season Stats' });
    const s = await api(`/api/players/${ravi.id}/stats`);
    for (const [label, value] of [
      ['Matches Played', s.matches_played],
      ['Goals', s.goals],
      ['Assists', s.assists],
      ['Minutes', s.minutes_played],
    ]) {
      expect(await stats.getByText(String(label), { exact: true }).locator('xpath=..').textContent()).toBe(`${label}${value}`);
    }
    const details = await page.getByRole('region', { name: 'Details' }).textContent();
    for (const part of ['PositionMidfielder', 'Jersey#10', 'TeamSenior', 'NationalityEnglish', 'Height172 cm', 'Weight68 kg', 'Date of birth22 November 1995']) {
      expect(details).toContain(part);
    }
    const insta = page.getByRole('link', { name: 'Instagram' });
    expect(await insta.getAttribute('href')).toBe('https://instagram.com/ravisandhu10');
    expect(await insta.getAttribute('rel')).toBe('noopener noreferrer');
    // Open Graph tags for sharing a profile.
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Ravi Sandhu');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http:\/\/.+\/images\/seed\/player-green\.svg$/);
  });

  it('Leaves height and weight out when they are not recorded', async () => {
    const players: { id: string; full_name: string }[] = await api('/api/squad');
    const connor = players.find((p) => p.full_name === 'Connor Walsh')!;
    const page = await b.newPage();
    await page.goto(`/player/${connor.id}`);
    const details = await page.getByRole('region', { name: 'Details' }).textContent();
    expect(details).not.toContain('Height');
    expect(details).not.toContain('Weight');
  });

  it("An unknown player shows 'Player not found' with a 404 and a Back to Squad link", async () => {
    const page = await b.newPage();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-player']) {
      const response = await page.goto(`/player/${id}`);
      expect(response!.status()).toBe(404);
      expect(await page.getByRole('heading', { name: 'Player not found' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to Squad' }).getAttribute('href')).toBe('/squad');
    }
  });
});
