import { describe, expect, it } from 'vitest';
import { apiClient, unique } from '../support/api-client';
import { useBrowser, PHONE } from '../support/browser';

const b = useBrowser();
const api = async (path: string) => (await fetch(`${b.baseURL}${path}`)).json();
type Fixture = { id: string; team: string; away_team: string; venue: string; match_date: string; match_time: string; home_score: number | null; away_score: number | null; results_published: boolean };

describe('Home page', () => {
  it('Shows the photo hero with the club name and Join Us, and no cards that repeat the navigation', async () => {
    const page = await b.newPage();
    await page.goto('/');
    expect(await page.title()).toBe('Riverside Rovers FC');
    expect(await page.getByRole('heading', { level: 1, name: 'Riverside Rovers FC' }).isVisible()).toBe(true);
    // The placeholder artwork, sized (no layout shift) and offered at two widths.
    const hero = page.locator('main img').first();
    expect(await hero.getAttribute('src')).toBe('/images/hero-pitch-1600.webp');
    expect(await hero.getAttribute('srcset')).toContain('/images/hero-pitch-800.webp 800w');
    expect(await hero.getAttribute('width')).toBe('1600');
    expect(await hero.getAttribute('height')).toBe('900');
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole('region', { name: 'Quick links' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Join Us', exact: true }).getAttribute('href')).toBe('/join-us');
  });

  it('Leads with the next match (teams, kick-off, venue, countdown, link to its page) and the latest result', async () => {
    const page = await b.newPage();
    await page.goto('/');
    const [next]: Fixture[] = await api('/api/fixtures?status=upcoming&limit=1');
    const [latest]: Fixture[] = await api('/api/fixtures?status=completed&limit=1');
    const nextMatch = page.getByRole('region', { name: 'Next Match' });
    const text = (await nextMatch.textContent()) ?? '';
    expect(text).toContain(next.away_team);
    expect(text).toContain('Riverside Rovers');
    expect(text).toContain(next.venue);
    expect(text).toContain(next.team);
    // The absolute kick-off, as written on the server: "Sun 29 Nov, 10:30 AM".
    const [h, m] = next.match_time.split(':').map(Number);
    const clock = `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    const day = new Date(`${next.match_date}T12:00:00Z`);
    const date = `${day.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${day.getUTCDate()} ${day.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
    expect(await nextMatch.locator('time').textContent()).toBe(`${date}, ${clock}`);
    expect(await nextMatch.locator('[data-countdown]').textContent()).toMatch(/^in \d+ (day|days|hours?|minutes?)/);
    expect(await nextMatch.getByRole('link', { name: /^Match details/ }).getAttribute('href')).toBe(`/fixtures/${next.id}`);

    const result = page.getByRole('region', { name: 'Latest Result' });
    const resultText = (await result.textContent()) ?? '';
    expect(resultText).toContain(latest.away_team);
    if (latest.results_published) {
      expect(resultText).toContain(`Final score ${latest.home_score} - ${latest.away_score}`);
      expect(resultText).toContain('Full Time');
    } else {
      // A U7-U11 match (issue 23): "Played", and no score anywhere.
      expect(resultText).toContain('Played');
      expect(resultText).not.toContain('Final score');
    }
    expect(await result.getByRole('link').getAttribute('href')).toBe(`/fixtures/${latest.id}`);
  });

  it('The countdown is right without JavaScript, and the page script brings a cached one up to date', async () => {
    const [next]: Fixture[] = await api('/api/fixtures?status=upcoming&limit=1');
    const plain = await b.newPage({ javaScriptEnabled: false });
    await plain.goto('/');
    const kickoff = await plain.locator('[data-countdown]').getAttribute('data-countdown');
    expect(await plain.locator('[data-countdown]').textContent()).toMatch(/^in \d+/);
    // The kick-off instant is the fixture's date and time in London.
    const local = new Date(kickoff!).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).slice(0, 16);
    expect(local).toBe(`${next.match_date} ${next.match_time.slice(0, 5)}`);

    // A visitor 90 minutes before kick-off, reading a copy rendered days earlier: header.js recounts.
    const page = await b.newPage();
    await page.clock.install({ time: new Date(Date.parse(kickoff!) - 90 * 60_000) });
    await page.goto('/');
    await expect.poll(() => page.locator('[data-countdown]').textContent(), { timeout: 5000 }).toBe('in 1 hour');
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
