import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { SAMPLE_CLUB_PAGES } from '../db/seed-club-pages';

// Issue 33: About, the home page's welcome and the privacy notice are the club's to write. Anyone
// reads them; the admin saves Markdown, which the server renders and sanitises before anyone sees it.
const t = await createTestContext();
await t.initialize();
const first = await t.signedIn('admin', { full_name: 'Fran First' });
const second = await t.signedIn('admin', { full_name: 'Sam Second' });

/** Everything a hostile or careless page could carry that must never reach a visitor. */
const HOSTILE = [
  '## Welcome',
  '<script>alert("boo")</script>',
  '<img src="x" onerror="alert(1)">',
  '<p onclick="steal()" style="position:fixed">Hello</p>',
  '[Win a prize](javascript:alert(1)) and [a picture](data:text/html;base64,PHNjcmlwdD4=) and <a href="JaVaScRiPt:alert(2)">this</a>',
  '<iframe src="https://example.org"></iframe><style>body { display: none }</style><svg onload="alert(3)"><circle /></svg>',
  '<object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="q"></form>',
  '[Our ground](https://example.org/map) · [Email us](mailto:hello@example.org) · [Call us](tel:+447700900123) · [Join](/join-us)',
].join('\n\n');
const FORBIDDEN = /<script|onerror|onclick|onload|style=|javascript:|data:|<iframe|<style|<svg|<img|<object|<embed|<form|<input|alert\(/i;

describe('GET /api/pages/{slug}', () => {
  it('answers each page of the sample club with its Markdown and HTML, to anyone', async () => {
    for (const slug of ['about', 'welcome', 'privacy'] as const) {
      const page = await t.json(`/api/pages/${slug}`);
      expect(page.status, slug).toBe(200);
      expect(page.body.markdown).toBe(SAMPLE_CLUB_PAGES[slug]);
      expect(page.body.version).toMatch(/^\d{4}-/);
    }
    const about = (await t.json('/api/pages/about')).body;
    expect(about.html).toContain('<h2>Our Story</h2>');
    expect(about.html).toContain(
      '<h3>Community first</h3>\n<p>We are run by volunteers for the people of Riverside, and every penny goes back into the club.</p>',
    );
    expect((await t.json('/api/pages/welcome')).body.html).toBe(
      '<p>Whatever your age, fitness or experience, there is a place for you on our pitch. Come and play, volunteer or cheer us on.</p>',
    );
  });

  it('answers 404 for a page that does not exist', async () => {
    const missing = await t.json('/api/pages/terms');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Page not found' });
  });
});

describe('PUT /api/admin/pages/{slug}', () => {
  it('saves the Markdown, and the page shows it at once (the public cache is emptied)', async () => {
    const loaded = (await t.json('/api/pages/welcome')).body;
    const saved = await t.json('/api/admin/pages/welcome', {
      method: 'PUT',
      token: first.token,
      body: { markdown: 'Football for **everyone** in town.', version: loaded.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      slug: 'welcome',
      markdown: 'Football for **everyone** in town.',
      html: '<p>Football for <strong>everyone</strong> in town.</p>',
    });
    expect(saved.body.version).not.toBe(loaded.version);
    expect((await t.json('/api/pages/welcome')).body.html).toBe('<p>Football for <strong>everyone</strong> in town.</p>');
  });

  it('removes scripts, event handlers, styles, frames and javascript: and data: links on the server: neither the stored nor the served HTML has them', async () => {
    const loaded = (await t.json('/api/pages/privacy')).body;
    const saved = await t.json('/api/admin/pages/privacy', { method: 'PUT', token: first.token, body: { markdown: HOSTILE, version: loaded.version } });
    expect(saved.status).toBe(200);
    // What the admin typed is kept as typed (to edit again); only the HTML is ever shown.
    expect(saved.body.markdown).toBe(HOSTILE);
    const { rows } = await t.pool.query<{ html: string }>(`SELECT html FROM club_pages WHERE slug = 'privacy'`);
    for (const html of [rows[0].html, saved.body.html, (await t.json('/api/pages/privacy')).body.html]) {
      expect(html).not.toMatch(FORBIDDEN);
      expect(html).toContain('<h2>Welcome</h2>');
      expect(html).toContain('<p>Hello</p>');
      expect(html).toContain('<a href="https://example.org/map">Our ground</a>');
      expect(html).toContain('<a href="mailto:hello@example.org">Email us</a>');
      expect(html).toContain('<a href="tel:+447700900123">Call us</a>');
      expect(html).toContain('<a href="/join-us">Join</a>');
      // The refused links keep their words, as plain text.
      expect(html).toContain('<a>Win a prize</a>');
    }
  });

  it('two admins on one page: the second save from the old version is refused (409) naming who saved and when; the first stands', async () => {
    const loaded = (await t.json('/api/pages/about')).body;
    const mine = await t.json('/api/admin/pages/about', {
      method: 'PUT',
      token: first.token,
      body: { markdown: '## Our Story\n\nFran’s words.', version: loaded.version },
    });
    expect(mine.status).toBe(200);
    const theirs = await t.json('/api/admin/pages/about', {
      method: 'PUT',
      token: second.token,
      body: { markdown: '## Our Story\n\nSam’s words.', version: loaded.version },
    });
    expect(theirs.status).toBe(409);
    expect(theirs.body.detail).toMatch(
      /^Fran First saved this About page on \w{3} \d{1,2} \w{3}, \d{2}:\d{2} after you opened it, so your changes were not saved\. Reload to see theirs, then make yours again\.$/,
    );
    expect((await t.json('/api/pages/about')).body.html).toContain('Fran’s words.');
  });

  it('refuses bad input with 422 and a detail, and an unknown page with 404, storing nothing', async () => {
    const before = (await t.json('/api/pages/about')).body;
    for (const body of [{}, { markdown: 42 }, { markdown: 'x'.repeat(20_001) }]) {
      const refused = await t.json('/api/admin/pages/about', { method: 'PUT', token: first.token, body });
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(typeof refused.body.detail).toBe('string');
    }
    expect((await t.json('/api/admin/pages/about', { method: 'PUT', token: first.token, body: { markdown: 'x'.repeat(20_001) } })).body.detail).toBe(
      'The page text must be at most 20,000 characters',
    );
    expect((await t.json('/api/admin/pages/terms', { method: 'PUT', token: first.token, body: { markdown: 'Hi' } })).status).toBe(404);
    expect((await t.json('/api/pages/about')).body).toEqual(before);
  });

  it('is for admins only: a visitor gets 401, staff and players 403, and nothing changes', async () => {
    const before = (await t.json('/api/pages/about')).body;
    const body = { markdown: 'Taken over.' };
    expect((await t.json('/api/admin/pages/about', { method: 'PUT', body })).status).toBe(401);
    for (const role of ['staff', 'player'] as const) {
      const { token } = await t.signedIn(role);
      expect((await t.json('/api/admin/pages/about', { method: 'PUT', token, body })).status, role).toBe(403);
    }
    expect((await t.json('/api/pages/about')).body).toEqual(before);
  });
});

describe("The club's pages before anyone writes them (an empty club)", () => {
  it('a database without the rows answers the neutral defaults: About and the welcome blank, the privacy notice template', async () => {
    await t.pool.query('DELETE FROM club_pages');
    expect((await t.json('/api/pages/about')).body).toMatchObject({ markdown: '', html: '', version: '', updated_at: null });
    expect((await t.json('/api/pages/welcome')).body.html).toBe('');
    expect((await t.json('/api/pages/privacy')).body.html).toContain('<h2>Your rights</h2>');
    // The first save of a never-saved page needs no version; a second admin's from the blank one is refused.
    expect((await t.json('/api/admin/pages/about', { method: 'PUT', token: first.token, body: { markdown: 'Ours.', version: '' } })).status).toBe(200);
    expect((await t.json('/api/admin/pages/about', { method: 'PUT', token: second.token, body: { markdown: 'Mine.', version: '' } })).status).toBe(409);
  });
});
