import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, useBrowser } from '../support/browser';

const b = useBrowser();
const api = async (path: string) => (await fetch(`${b.baseURL}${path}`)).json();

/**
 * The cards on the page match the API's list at the moment the page loaded: other test files add
 * players on the shared server, so the count is held between the API's answers before and after.
 */
async function expectCardsMatchApi(count: () => Promise<number>, apiPath: string, load: () => Promise<unknown>) {
  const before = ((await api(apiPath)) as unknown[]).length;
  await load();
  const shown = await count();
  const after = ((await api(apiPath)) as unknown[]).length;
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  return shown;
}

describe('Squad page', () => {
  it('Offers All Players and the three team filters as links, each showing only that team', async () => {
    const page = await b.newPage();
    const cards = () => page.getByRole('article').count();
    await expectCardsMatchApi(cards, '/api/squad', () => page.goto('/squad'));
    expect(await page.title()).toBe('Squad & Staff | Riverside Rovers FC');
    const filters = page.getByRole('navigation', { name: 'Filter by team' }).getByRole('link');
    expect(await filters.allTextContents()).toEqual(['All Players', 'Vets Team', 'Staff Team', 'Senior Team']);

    await expectCardsMatchApi(cards, '/api/squad?team=Vets', async () => {
      await page.getByRole('link', { name: 'Vets Team' }).click();
      await page.waitForURL('**/squad?team=vets');
      await page.locator('a[aria-current="page"]', { hasText: 'Vets Team' }).waitFor();
    });
    const vets = await page.getByRole('article').allTextContents();
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

describe('Squad groups and photo tiles', () => {
  it('Groups the squad by team (Senior, Vets, Staff), then by position, with headings', async () => {
    const page = await b.newPage();
    await expectCardsMatchApi(() => page.getByRole('article').count(), '/api/squad', () => page.goto('/squad'));
    // Juniors stand under their own team (issue 31), between the Vets and the Staff, never under Senior.
    const groups = await page.getByTestId('squad-group').getByRole('heading', { level: 2 }).allTextContents();
    expect(groups.slice(0, 2)).toEqual(['Senior Team', 'Vets Team']);
    expect(groups.at(-1)).toBe('Staff');
    expect(groups.slice(2, -1).filter((g) => /Senior|Vets|Staff/.test(g))).toEqual([]);
    const senior = page.getByRole('region', { name: 'Senior Team' });
    expect(await senior.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Goalkeepers', 'Defenders', 'Midfielders', 'Forwards']);
    // Ravi is a Senior midfielder: his card follows the Midfielders heading, before Forwards.
    const order = await senior.locator('h3, article h4').allTextContents();
    expect(order.indexOf('Ravi Sandhu')).toBeGreaterThan(order.indexOf('Midfielders'));
    expect(order.indexOf('Ravi Sandhu')).toBeLessThan(order.indexOf('Forwards'));
    // The staff need no position headings: their names are the next level down.
    const staff = page.getByRole('region', { name: 'Staff' });
    expect(await staff.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    expect(await staff.getByRole('heading', { level: 4 }).count()).toBe(0);

    await page.goto('/squad?team=vets');
    expect(await page.getByTestId('squad-group').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Vets Team']);
  });

  it('A player without a photo is a club-green tile with initials and number, AA contrast on every tile', async () => {
    const page = await b.newPage();
    await page.goto('/squad');
    const tiles = page.getByTestId('player-tile');
    const photos = await page.locator('article img').count();
    expect(await tiles.count()).toBe((await page.getByRole('article').count()) - photos);
    expect(await tiles.count()).toBeGreaterThan(5);
    const ravi = page.getByRole('article').filter({ hasText: 'Ravi Sandhu' }).getByTestId('player-tile');
    expect((await ravi.innerText()).replace(/\s+/g, ' ').trim()).toBe('10 RS');
    const colours = await tiles.evaluateAll((els) =>
      els.map((el) => ({
        background: getComputedStyle(el).backgroundColor,
        texts: [...el.querySelectorAll('span')].map((s) => getComputedStyle(s).color),
      })),
    );
    const rgb = (c: string) => c.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
    const luminance = (c: string) => {
      const [r, g, bl] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const contrast = (a: string, c: string) => {
      const [hi, lo] = [luminance(a), luminance(c)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    // One club colour for everyone (brand-800), not a colour per player.
    expect(new Set(colours.map((c) => c.background))).toEqual(new Set(['rgb(20, 83, 45)']));
    for (const tile of colours) for (const text of tile.texts) expect(contrast(text, tile.background)).toBeGreaterThanOrEqual(4.5);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Squad and profiles have no axe violations at ${viewport.width} px`, async () => {
      const players: { id: string; full_name: string }[] = await api('/api/squad');
      const page = await b.newPage({ viewport });
      for (const path of ['/squad', '/squad?team=staff', ...['Ravi Sandhu', 'Connor Walsh'].map((n) => `/player/${players.find((p) => p.full_name === n)!.id}`)]) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
    });
  }

  it('Nothing scrolls sideways at 320 px', async () => {
    const players: { id: string }[] = await api('/api/squad');
    const page = await b.newPage({ viewport: { width: 320, height: 700 } });
    for (const path of ['/squad', `/player/${players[0].id}`]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
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
    // Ravi opted in to showing his date of birth, height and weight (seed).
    for (const part of ['PositionMidfielder', 'Jersey#10', 'TeamSenior', 'NationalityEnglish', 'Age', 'Height172 cm', 'Weight68 kg', 'Date of birth22 November 1995']) {
      expect(details).toContain(part);
    }
    const insta = page.getByRole('link', { name: 'Instagram' });
    expect(await insta.getAttribute('href')).toBe('https://instagram.com/ravisandhu10');
    expect(await insta.getAttribute('rel')).toBe('noopener noreferrer');
    // Open Graph tags for sharing a profile.
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Ravi Sandhu');
    // No photo: the club's default share image.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http:\/\/.+\/images\/hero-pitch-1600\.webp$/);
  });

  it('Shows only the age of a player who has not opted in: no date of birth, height or weight', async () => {
    const players: { id: string; full_name: string; age: number }[] = await api('/api/squad');
    const connor = players.find((p) => p.full_name === 'Connor Walsh')!;
    const page = await b.newPage();
    await page.goto(`/player/${connor.id}`);
    const details = await page.getByRole('region', { name: 'Details' }).textContent();
    expect(details).toContain(`Age${connor.age}`);
    expect(connor.age).toBeGreaterThan(20);
    for (const hidden of ['Date of birth', 'Height', 'Weight', '2000']) expect(details).not.toContain(hidden);
    // Not in the page at all (e.g. in the loader data).
    expect(await page.content()).not.toContain('2000-01-18');
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
