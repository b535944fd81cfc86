import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { apiClient, unique } from '../support/api-client';
import { DESKTOP, PHONE, useBrowser } from '../support/browser';

// docs/product.md#fixtures: every fixture has its own page (/fixtures/{id}) with the teams, team name,
// date, kick-off, venue, the score and the match report, a share block and Open Graph tags; each
// card on /fixtures links to it; the page works without JavaScript.

const b = useBrowser();
const tag = unique('FP').split(' ')[1];
const REPORT = `Two goals in the last ten minutes turned it round ${tag}.\n\nThe captain was man of the match.`;
let played: { id: string; away_team: string };
let coming: { id: string; away_team: string };

beforeAll(async () => {
  const api = await apiClient(b.baseURL, 'admin', b.adminPassword);
  const teams: { id: string; name: string }[] = await (await fetch(`${b.baseURL}/api/teams`)).json();
  const vets = teams.find((t) => t.name === 'Vets')!;
  // An old date: it never becomes the "latest result" other tests look at.
  played = await api('/api/fixtures', {
    body: {
      team_id: vets.id,
      away_team: `Ashgrove ${tag}`,
      is_home: false,
      home_score: 1,
      away_score: 3,
      match_date: '2002-03-09',
      match_time: '14:00',
      venue: 'Ashgrove Rec',
      competition: 'Vets Cup',
      status: 'completed',
      match_report: REPORT,
    },
  });
  coming = await api('/api/fixtures', {
    body: { away_team: `Weir Side ${tag}`, match_date: '2099-08-01', match_time: '10:30', venue: 'Mill Lane', competition: 'League', status: 'upcoming' },
  });
});

describe('Fixture page', () => {
  it('Shows teams, team name, date, kick-off, venue, score, result and the match report', async () => {
    const page = await b.newPage();
    const response = await page.goto(`/fixtures/${played.id}`);
    expect(response!.status()).toBe(200);
    const title = `Ashgrove ${tag} v Riverside Rovers`;
    expect(await page.title()).toBe(`${title} | Riverside Rovers FC`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(title);
    const details = await page.getByRole('region', { name: 'Match details' }).textContent();
    for (const part of ['TeamVets (away)', 'Date9 March 2002', 'Kick-off14:00', 'VenueAshgrove Rec', 'CompetitionVets Cup', 'StatusFull Time']) {
      expect(details).toContain(part);
    }
    expect(details).toContain(`Final scoreAshgrove ${tag} 1 - 3 Riverside Rovers (Win)`);
    const report = page.getByRole('region', { name: 'Match report' });
    expect(await report.locator('p').allTextContents()).toEqual([`Two goals in the last ten minutes turned it round ${tag}.`, 'The captain was man of the match.']);
    // The share block, as on a news article.
    const url = `${b.baseURL}/fixtures/${played.id}`;
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`${title} - ${url}`)}`);
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to Fixtures' }).getAttribute('href')).toBe('/fixtures');
  });

  it('Carries Open Graph tags in the server HTML: "Home v Away", date, venue and score', async () => {
    const html = await (await fetch(`${b.baseURL}/fixtures/${played.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Ashgrove ${tag} v Riverside Rovers"/>`);
    expect(html).toContain(`<meta property="og:description" content="Vets team · Vets Cup · 9 March 2002, 14:00 at Ashgrove Rec · Full time 1 - 3"/>`);
    expect(html).toContain(`<meta property="og:url" content="${b.baseURL}/fixtures/${played.id}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+"/);
    const upcoming = await (await fetch(`${b.baseURL}/fixtures/${coming.id}`)).text();
    expect(upcoming).toContain(`<meta property="og:title" content="Riverside Rovers v Weir Side ${tag}"/>`);
    expect(upcoming).toContain('content="Senior team · League · 1 August 2099, 10:30 at Mill Lane"');
  });

  it('An upcoming match offers Add to calendar and says the report follows', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await page.goto(`/fixtures/${coming.id}`);
    expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/calendar/fixtures/${coming.id}.ics`);
    expect(await page.getByRole('region', { name: 'Match report' }).textContent()).toContain('The report follows after the final whistle');
    expect(await page.getByRole('region', { name: 'Match details' }).textContent()).not.toContain('Final score');
  });

  it('An unknown or malformed id is a 404 page with a way back', async () => {
    const page = await b.newPage();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-fixture', '1%27%20or%201=1']) {
      const response = await page.goto(`/fixtures/${id}`);
      expect(response!.status(), id).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Match not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Fixtures' }).getAttribute('href')).toBe('/fixtures');
    }
  });

  it('Each card on /fixtures links to its page, and the whole path works without JavaScript', async () => {
    const page = await b.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto('/fixtures?filter=results');
    const card = page.getByTestId('fixture').filter({ hasText: `Ashgrove ${tag}` });
    // The link is there whether the card is open or closed.
    const link = card.getByRole('link', { name: /^Result and match report/ });
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(`/fixtures/${played.id}`);
    await link.click();
    await page.waitForURL(`**/fixtures/${played.id}`);
    expect(await page.getByRole('region', { name: 'Match report' }).textContent()).toContain(tag);
    await page.getByRole('link', { name: 'Back to Fixtures' }).click();
    await page.waitForURL('**/fixtures');
    const upcoming = page.getByTestId('fixture').filter({ hasText: `Weir Side ${tag}` });
    expect(await upcoming.getByRole('link', { name: /^Match details/ }).getAttribute('href')).toBe(`/fixtures/${coming.id}`);
  });

  it('Is listed in sitemap.xml', async () => {
    const xml = await (await fetch(`${b.baseURL}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${b.baseURL}/fixtures/${played.id}</loc>`);
    expect(xml).toContain(`<loc>${b.baseURL}/fixtures/${coming.id}</loc>`);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Has no axe violations at ${viewport.width} px (played, upcoming, not found), and nothing scrolls sideways at 320 px`, async () => {
      const page = await b.newPage({ viewport });
      for (const path of [`/fixtures/${played.id}`, `/fixtures/${coming.id}`, '/fixtures/not-a-fixture']) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(`/fixtures/${played.id}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
});

describe('"All Matches" order', () => {
  it('Shows upcoming matches soonest first, then results newest first', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures');
    const cards = await page
      .getByTestId('fixture')
      .evaluateAll((els) => els.map((el) => ({ status: el.getAttribute('data-status')!, kickoff: el.getAttribute('data-kickoff')! })));
    const upcoming = cards.filter((c) => c.status === 'upcoming').map((c) => c.kickoff);
    const rest = cards.filter((c) => c.status !== 'upcoming').map((c) => c.kickoff);
    expect(upcoming.length).toBeGreaterThan(1);
    expect(rest.length).toBeGreaterThan(1);
    expect(cards.slice(0, upcoming.length).every((c) => c.status === 'upcoming')).toBe(true);
    expect(upcoming).toEqual([...upcoming].sort());
    expect(rest).toEqual([...rest].sort().reverse());
    // Each card's link goes to its own page.
    const hrefs = await page.getByTestId('fixture-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(cards.length);
    expect(hrefs).toContain(`/fixtures/${played.id}`);
  });

  it('Each card names the team', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures');
    const card = page.getByTestId('fixture').filter({ hasText: `Ashgrove ${tag}` });
    expect(await card.getByTestId('fixture-team').textContent()).toBe('Vets');
  });
});
