import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, settledToast, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { enhanced, PHONE, signIn, useBrowser } from '../support/browser';
import { addDaysIso } from '../../shared/dates';
import { todayIso } from '../../shared/players';
import { seasonStartYear } from '../../shared/juniors';

// Issue 23 (ADR 039), on the production build: a junior's name and photo on the public pages follow
// their guardians' consents (pages, Open Graph tags, sitemap, the JSON), the public cache included;
// a U10 match reads "Played" everywhere public; the welfare officer is on every public page.
const b = useBrowser();
const tag = unique();
const html = async (path: string) => (await fetch(`${b.baseURL}${path}`)).text();
const json = async (path: string) => (await fetch(`${b.baseURL}${path}`)).json();
const PHOTO = `/images/seed/news-team.svg?junior=${tag}`;
const FULL = `Isla Quinn${tag}`;
const SHORT = 'Isla Q.';
const WELFARE = `Jo Welfare ${tag}`;

async function setUp() {
  const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
  // The welfare officer: a login with the club role, and the address in Settings.
  const officer = await registerPlayer(b.baseURL, 'welf', { full_name: WELFARE });
  const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
  const officerLogin = logins.find((l) => l.username === officer.username)!;
  await admin.post('/api/admin/club-roles', { user_id: officerLogin.user_id, role: 'welfare_officer' });
  const settings = (await admin.get('/api/settings')).body;
  const { welfare_officer: _name, ...editable } = settings;
  expect((await admin.put('/api/settings', { ...editable, welfare_email: 'welfare@riversiderovers.club' })).status).toBe(200);

  const team = await admin.post('/api/teams', { name: `U10 Kestrels ${tag}`, age_group: 'U10', format: '7v7' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const child = await admin.post('/api/players', {
    full_name: FULL,
    position: 'Forward',
    team_type: 'Senior',
    nationality: 'Welsh',
    bio: `Goes to Riverside Primary ${tag}`,
    photo_url: PHOTO,
    date_of_birth: `${seasonStartYear(todayIso()) - 10}-10-10`,
    show_personal_details: true,
    team_ids: [team.body.id],
  });
  expect(child.status, JSON.stringify(child.body)).toBe(201);
  const fixture = await admin.post('/api/fixtures', {
    team_id: team.body.id,
    away_team: `Oakfield Owls ${tag}`,
    match_date: addDaysIso(todayIso(), -1),
    match_time: '09:30',
    venue: 'Mill Lane',
    competition: 'Mini Soccer',
    is_home: true,
    status: 'completed',
    home_score: 9,
    away_score: 4,
  });
  expect(fixture.status).toBe(201);

  // A parent: asks to be linked ("I am a parent or carer"), the admin approves onto the child.
  const parent = await registerPlayer(b.baseURL, 'par', { full_name: `Pat Quinn ${tag}` });
  const asParent = await apiAs(b.baseURL, parent.username, parent.password);
  const request = await asParent.post('/api/guardian-requests', { child_name: FULL, child_date_of_birth: child.body.date_of_birth, relationship: 'Father' });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const approved = await admin.post(`/api/guardian-requests/${request.body.id}/approve`, { player_id: child.body.id, level: 'primary' });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const consent = async (kind: 'photo' | 'full_name', given: boolean) =>
    expect((await asParent.put(`/api/players/${child.body.id}/consents`, { kind, given })).status).toBe(200);
  return { admin, childId: child.body.id as string, teamSlug: team.body.slug as string, fixtureId: fixture.body.id as string, consent };
}

const world = await setUp();

/** Fetched twice: the second answer may come from the public cache, which must agree. */
async function twice(path: string) {
  const first = await html(path);
  const second = await html(path);
  return [first, second];
}

const ogContent = (page: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(page)?.[1];

describe('A junior on the public pages', () => {
  it('without consent: first name and initial, no photo, no personal details, in the HTML, Open Graph tags, sitemap and JSON', async () => {
    for (const page of [...(await twice('/squad')), ...(await twice(`/player/${world.childId}`))]) {
      expect(page).not.toContain(FULL);
      expect(page).not.toContain(PHOTO.replace('?', '?').replace(/&/g, '&amp;'));
      expect(page).not.toContain('junior=' + tag);
      expect(page).not.toContain('Riverside Primary ' + tag);
      expect(page).toContain(SHORT);
    }
    const profile = await html(`/player/${world.childId}`);
    expect(ogContent(profile, 'og:title')).toContain(SHORT);
    expect(ogContent(profile, 'og:image')).not.toContain(tag);
    expect(profile).toContain('U10');
    expect(profile).not.toContain('Welsh');
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).not.toContain(FULL);
    expect(sitemap).not.toContain(tag);
    for (const body of [await json('/api/squad'), await json(`/api/squad/${world.childId}`)]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(FULL);
      expect(text).not.toContain(`junior=${tag}`);
    }
    expect((await fetch(`${b.baseURL}/api/players`)).status).toBe(401);
  });

  it('with the consents: full name and photo; withdrawing the photo consent removes it from every page on the next request', async () => {
    await world.consent('full_name', true);
    await world.consent('photo', true);
    const profile = await html(`/player/${world.childId}`);
    expect(profile).toContain(FULL);
    expect(ogContent(profile, 'og:image')).toContain(`junior=${tag}`);
    expect(await html('/squad')).toContain(`junior=${tag}`);
    // Fill the cache with the photo, then withdraw.
    await twice('/squad');
    await twice(`/player/${world.childId}`);
    await world.consent('photo', false);
    for (const path of ['/squad', `/player/${world.childId}`, '/api/squad', `/api/squad/${world.childId}`, '/sitemap.xml']) {
      const page = await html(path);
      expect(page, path).not.toContain(`junior=${tag}`);
    }
    expect(await html('/squad')).toContain(FULL);
    await world.consent('full_name', false);
    expect(await html(`/player/${world.childId}`)).not.toContain(FULL);
  });
});

/** The U10 match's 9-4 as a score stands on its own ("9-4", "9 – 4"); a random id's "…57e9-4685…" is not one. */
const SCORE = /(?<![\w-])9\s*[-–]\s*4(?![\w-])/;

describe('A U10 match reads "Played": no score anywhere public', () => {
  it('on /fixtures, /fixtures/{id} (and its share tags), the home page, the JSON and the feeds; the admin still sees 9-4', async () => {
    const pages = [`/fixtures?team=${world.teamSlug}`, `/fixtures/${world.fixtureId}`, '/'];
    for (const path of pages) {
      const page = await html(path);
      expect(page, path).not.toMatch(SCORE);
      expect(page, path).not.toContain('Final score 9');
      if (page.includes(`Oakfield Owls ${tag}`)) expect(page, path).toContain('Played');
    }
    const match = await html(`/fixtures/${world.fixtureId}`);
    expect(ogContent(match, 'og:description')).toContain('Played');
    expect((await html(`/fixtures?team=${world.teamSlug}`)).includes('Played')).toBe(true);
    const one = await json(`/api/fixtures/${world.fixtureId}`);
    expect(one).toMatchObject({ home_score: null, away_score: null, results_published: false, played: true });
    for (const feed of ['/calendar/club.ics', `/calendar/teams/${world.teamSlug}.ics`, `/calendar/fixtures/${world.fixtureId}.ics`]) {
      const text = (await html(feed)).replace(/\r\n[ \t]/g, '');
      const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`fixture-${world.fixtureId}`));
      expect(event, feed).toBeDefined();
      expect(event, feed).not.toMatch(SCORE);
      expect(event, feed).toMatch(/SUMMARY:.*Played/);
    }
    expect((await world.admin.get(`/api/fixtures/${world.fixtureId}`)).body).toMatchObject({ home_score: 9, away_score: 4 });
  });
});

describe('The welfare officer', () => {
  it('is on every public page’s footer, with a mailto link, and on About', async () => {
    const paths = ['/', '/squad', `/player/${world.childId}`, '/fixtures', `/fixtures/${world.fixtureId}`, '/news', '/about', '/sponsors', '/shop', '/join-us'];
    for (const path of paths) {
      const page = await html(path);
      expect(page, path).toContain(`Welfare officer: ${WELFARE}`);
      expect(page, path).toContain('href="mailto:welfare@riversiderovers.club"');
    }
  });
});

describe('At 390 px and 320 px', () => {
  it('shows the junior as a club tile with first name and initial, the match as Played; no horizontal scroll; axe clean', async () => {
    for (const viewport of [PHONE, { width: 320, height: 640 }]) {
      const page = await b.newPage({ viewport });
      await page.goto(`/player/${world.childId}`);
      await enhanced(page);
      await page.getByRole('heading', { level: 1, name: SHORT }).waitFor();
      expect(await page.locator(`img[src*="junior=${tag}"]`).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByText(`Welfare officer: ${WELFARE}`).waitFor();
      await expectNoAxeViolations(page, `player page at ${viewport.width}`);
      await page.goto(`/fixtures/${world.fixtureId}`);
      await enhanced(page);
      await page.getByTestId('fixture-played').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page, `match page at ${viewport.width}`);
      await page.goto(`/fixtures?team=${world.teamSlug}`);
      await enhanced(page);
      await page.getByTestId('fixture-played').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page, `fixtures at ${viewport.width}`);
    }
  });
});

describe('Safeguarding in the admin panel at 390 px', () => {
  it('shows the welfare officer, records a DBS check with the form, and lists it; no horizontal scroll; axe clean', async () => {
    const coach = await world.admin.post('/api/players', { full_name: `Cal Coach ${tag}`, position: 'Staff', team_type: 'Staff', date_of_birth: '1980-03-03' });
    expect(coach.status).toBe(201);
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/safeguarding');
    await page.getByTestId('welfare-officer').getByText(WELFARE).waitFor();
    await page.getByLabel('Person').selectOption({ label: `Cal Coach ${tag}` });
    await page.getByLabel('Status').selectOption({ label: 'In date' });
    await page.getByLabel('Expiry date').fill(addDaysIso(todayIso(), 30));
    // Issue 31: who verified the certificate, chosen from the club's officers or typed; the admin typing it is "recorded by".
    await page.getByLabel('Checked by').fill(WELFARE);
    await page.getByRole('button', { name: 'Record check' }).click();
    const row = page.getByTestId('dbs-person').filter({ hasText: `Cal Coach ${tag}` });
    await row.waitFor();
    await row.getByText(/DBS check expires on/).waitFor();
    // The toast fades in: axe measures its colours once it has arrived.
    await settledToast(page, 'DBS check is recorded');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'safeguarding at 390 px');
    const stored = (await world.admin.get('/api/admin/dbs')).body.people.find((p: { full_name: string }) => p.full_name === `Cal Coach ${tag}`);
    expect(stored).toMatchObject({ status: 'in_date', checked_by: WELFARE, recorded_by: expect.any(String) });
    expect(stored.recorded_by).not.toBe(WELFARE);
  });
});
