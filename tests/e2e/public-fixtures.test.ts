import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, unique } from '../support/api-client';
import { enhanced, useBrowser } from '../support/browser';

const b = useBrowser();
const tag = unique('FX').split(' ')[1];
const opponent = (name: string) => `${name} ${tag}`;

// Old dates: these never become the "latest results" other tests look at.
const base = { match_time: '10:30', venue: 'Test Park', competition: 'Test League', status: 'completed' as const };
const REPORT_200 = 'A'.repeat(199) + '.';
const REPORT_201 = 'B'.repeat(120) + ' ' + 'C'.repeat(79) + 'END';

beforeAll(async () => {
  const api = await apiClient(b.baseURL, 'admin', b.adminPassword);
  const fixtures = [
    { away_team: opponent('Home Winners'), is_home: true, home_score: 3, away_score: 1, match_date: '2001-01-07' },
    { away_team: opponent('Home Losers'), is_home: true, home_score: 0, away_score: 2, match_date: '2001-01-14' },
    { away_team: opponent('Away Winners'), is_home: false, home_score: 1, away_score: 2, match_date: '2001-01-21' },
    { away_team: opponent('Away Losers'), is_home: false, home_score: 2, away_score: 0, match_date: '2001-01-28' },
    { away_team: opponent('Drawers'), is_home: false, home_score: 1, away_score: 1, match_date: '2001-02-04' },
    { away_team: opponent('Short Report'), is_home: true, home_score: 1, away_score: 0, match_date: '2001-02-11', match_report: REPORT_200 },
    { away_team: opponent('Long Report'), is_home: true, home_score: 1, away_score: 0, match_date: '2001-02-18', match_report: REPORT_201 },
    { away_team: opponent('Called Off'), is_home: true, match_date: '2001-02-25', status: 'cancelled' },
  ];
  for (const f of fixtures) await api('/api/fixtures', { body: { ...base, ...f } });
});

const card = (page: import('playwright-core').Page, name: string) => page.getByTestId('fixture').filter({ hasText: opponent(name) });

describe('Fixtures page', () => {
  it('Filters All Matches, Upcoming and Results with links', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures');
    expect(await page.title()).toBe('Fixtures & Results | Riverside Rovers FC');
    const filters = page.getByRole('navigation', { name: 'Show matches' }).getByRole('link');
    expect(await filters.allTextContents()).toEqual(['All Matches', 'Upcoming', 'Results']);
    const all = await page.getByTestId('fixture').allTextContents();
    expect(all.some((t) => t.includes('Upcoming'))).toBe(true);
    expect(all.some((t) => t.includes('Full Time'))).toBe(true);
    expect(all.some((t) => t.includes('Cancelled'))).toBe(true);

    await page.getByRole('link', { name: 'Upcoming', exact: true }).click();
    await page.waitForURL('**/fixtures?filter=upcoming');
    await filters.and(page.locator('[aria-current="page"]')).filter({ hasText: 'Upcoming' }).waitFor();
    const upcoming = await page.getByTestId('fixture').allTextContents();
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((t) => t.includes('Upcoming') && !t.includes('Full Time'))).toBe(true);

    await page.getByRole('link', { name: 'Results', exact: true }).click();
    await page.waitForURL('**/fixtures?filter=results');
    await filters.and(page.locator('[aria-current="page"]')).filter({ hasText: 'Results' }).waitFor();
    const results = await page.getByTestId('fixture').allTextContents();
    // A U7-U11 match reads "Played", with no score (issue 23); every other result is Full Time.
    expect(results.every((t) => t.includes('Full Time') || t.includes('Played'))).toBe(true);
    expect(results.some((t) => t.includes(opponent('Home Winners')))).toBe(true);
  });

  it('Shows Win, Loss or Draw from the club’s point of view, home and away', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures?filter=results');
    // innerText: the words as rendered (a CSS text-transform would show 'WIN').
    const outcome = async (name: string) => card(page, name).locator('[data-outcome]').innerText();
    expect(await outcome('Home Winners')).toBe('Win');
    expect(await outcome('Home Losers')).toBe('Loss');
    expect(await outcome('Away Winners')).toBe('Win'); // away: away_score (2) is ours
    expect(await outcome('Away Losers')).toBe('Loss');
    expect(await outcome('Drawers')).toBe('Draw');
    expect(await card(page, 'Away Winners').textContent()).toContain(`${opponent('Away Winners')} vs Riverside Rovers`);
    expect(await card(page, 'Away Winners').textContent()).toContain('1 - 2');
  });

  it('Cards expand to show date, kick-off, venue and competition; cancelled matches say Cancelled', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures');
    const c = card(page, 'Home Winners');
    expect(await c.getByText('Test Park').isVisible()).toBe(false);
    await c.locator('summary').click();
    expect(await c.getByText('Test Park').isVisible()).toBe(true);
    const text = await c.textContent();
    for (const part of ['Sun, 7 Jan 2001', 'Kick-off', '10:30', 'Venue', 'Competition', 'Test League', 'Final score']) expect(text).toContain(part);
    expect(await card(page, 'Called Off').textContent()).toContain('Cancelled');
  });

  it('A match report of 200 characters shows in full; over 200 it has Read More / Show Less', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures?filter=results');
    await enhanced(page);
    const short = card(page, 'Short Report');
    await short.locator('summary').first().click();
    expect(await short.getByText(REPORT_200).isVisible()).toBe(true);
    expect(await short.getByText('Read More').count()).toBe(0);

    const long = card(page, 'Long Report');
    await long.locator('summary').first().click();
    expect(await long.getByText(`${REPORT_201.slice(0, 200)}…`).isVisible()).toBe(true);
    expect(await long.getByText(REPORT_201, { exact: true }).isVisible()).toBe(false);
    await long.getByText('Read More').click();
    expect(await long.getByText(REPORT_201, { exact: true }).isVisible()).toBe(true);
    await long.getByText('Show Less').click();
    expect(await long.getByText(REPORT_201, { exact: true }).isVisible()).toBe(false);
    expect(await long.getByText('Read More').isVisible()).toBe(true);
  });

  it('Carries Open Graph and Twitter card tags in the server HTML', async () => {
    const html = await (await fetch(`${b.baseURL}/fixtures`)).text();
    expect(html).toMatch(/<meta property="og:title" content="Fixtures &amp; Results"/);
    expect(html).toContain(`<meta property="og:url" content="${b.baseURL}/fixtures"`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });
});
