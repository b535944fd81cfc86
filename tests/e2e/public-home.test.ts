import { describe, expect, it } from 'vitest';
import { apiClient, unique } from '../support/api-client';
import { useBrowser, PHONE } from '../support/browser';

const b = useBrowser();
const api = async (path: string) => (await fetch(`${b.baseURL}${path}`)).json();

describe('Home page', () => {
  it('Shows the hero, four quick links and the join call to action', async () => {
    const page = await b.newPage();
    await page.goto('/');
    expect(await page.title()).toBe('Riverside Rovers FC');
    expect(await page.getByRole('heading', { level: 1, name: 'Riverside Rovers FC' }).isVisible()).toBe(true);
    const quick = page.getByRole('region', { name: 'Quick links' }).getByRole('link');
    expect(await quick.count()).toBe(4);
    expect(await page.getByRole('link', { name: 'Join Us', exact: true }).last().getAttribute('href')).toBe('/join-us');
  });

  it('Shows the next 2 upcoming fixtures and the 2 latest results, queried as such', async () => {
    const page = await b.newPage();
    await page.goto('/');
    const upcoming: { away_team: string }[] = await api('/api/fixtures?status=upcoming&limit=2');
    const results: { away_team: string }[] = await api('/api/fixtures?status=completed&limit=2');
    const upcomingCards = page.getByRole('region', { name: 'Upcoming Fixtures' }).getByTestId('fixture');
    const resultCards = page.getByRole('region', { name: 'Recent Results' }).getByTestId('fixture');
    expect(await upcomingCards.count()).toBe(2);
    expect(await resultCards.count()).toBe(2);
    for (const [i, f] of upcoming.entries()) expect(await upcomingCards.nth(i).textContent()).toContain(f.away_team);
    for (const [i, f] of results.entries()) expect(await resultCards.nth(i).textContent()).toContain(f.away_team);
    expect(await resultCards.first().textContent()).toContain('Full Time');
    expect(await upcomingCards.first().textContent()).toContain('Upcoming');
  });

  it('Shows the latest 3 news items (summary or the first 150 characters) and up to 6 sponsor logos', async () => {
    const page = await b.newPage();
    await page.goto('/');
    const news = page.getByRole('region', { name: 'Latest News' }).getByRole('article');
    expect(await news.count()).toBe(3);
    const latest: { title: string; summary: string | null; content: string }[] = await api('/api/news?limit=3');
    const texts = await news.allTextContents();
    // Other test files may publish articles meanwhile: compare with what the API says now.
    if (!texts.every((t, i) => t.includes(latest[i].title))) await page.reload();
    for (const [i, a] of latest.entries()) {
      const text = await news.nth(i).textContent();
      expect(text).toContain(a.title);
      if (a.summary) expect(text).toContain(a.summary);
      else if (a.content.length > 150) expect(text).toContain(`${a.content.slice(0, 150).trimEnd()}…`);
      else expect(text).toContain(a.content); // short enough to show whole, without an ellipsis
    }
    const logos = page.getByRole('region', { name: 'Our Sponsors' }).getByRole('img');
    expect(await logos.count()).toBe(6);
  });

  it('Fits a 390 px phone without sideways scrolling, even with a very long word in the news', async () => {
    const admin = await apiClient(b.baseURL, 'admin', b.adminPassword);
    await admin('/api/news', { body: { title: unique('W'.repeat(80)), content: 'Z'.repeat(200), is_published: true } });
    const page = await b.newPage({ viewport: PHONE });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
