import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, shot, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { bornYearsAgo } from '../support/ages';
import { DESKTOP, hydrated, noSidewaysScroll, PHONE, signIn, useBrowser } from '../support/browser';
import { SESSION_COOKIE } from '../../shared/auth';
import { addDaysIso } from '../../shared/dates';
import { useMailingServer } from '../support/mail';
import { todayIso } from '../../shared/players';

// Issue 31: the coach's match-day card. A U9 coach opens it at the touchline on a phone (390 px):
// every child's medical notes, numbers to tap and call, "No photos" where there is no consent, who may
// collect (the parents, plus the others a parent named on the consents page); it prints on one A4
// page for a squad of 14; the welfare officer sees who opened it. And the team sheet never answers a
// parent 500.
const b = useBrowser();
// A server of its own: its welfare officer must not become another file's (the public footer names one).
const own = await useMailingServer();
const tag = unique();
const TEAM = `U9 Wrens ${tag}`;
const A4_HEIGHT_PX = 1123;
const A4_WIDTH_PX = 794;
const SQUAD = [
  'Aarav Shah',
  'Meera Patel',
  'Oliver Brown',
  'Amelia Jones',
  'Noah Williams',
  'Isla Taylor',
  'Leo Davies',
  'Ava Evans',
  'Arthur Thomas',
  'Mia Roberts',
  'George Johnson',
  'Freya Walker',
  'Theo Wright',
  'Lily Green',
];

async function setUp() {
  const admin = await apiAs(own.server.baseURL, 'admin', b.adminPassword);
  const roleOf = async (username: string, role: 'welfare_officer' | 'treasurer') => {
    const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
    const login = logins.find((l) => l.username === username)!;
    expect((await admin.post('/api/admin/club-roles', { user_id: login.user_id, role })).status).toBeLessThan(300);
  };
  const welfare = await registerPlayer(own.server.baseURL, 'wo', { full_name: `Wendy Welfare ${tag}` });
  await roleOf(welfare.username, 'welfare_officer');
  const settings = (await admin.get('/api/settings')).body;
  const { welfare_officer: _name, ...editable } = settings;
  if (!settings.welfare_email) expect((await admin.put('/api/settings', { ...editable, welfare_email: 'welfare@riversiderovers.club' })).status).toBe(200);

  const team = await admin.post('/api/teams', { name: TEAM, age_group: 'U9', format: '7v7' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const teamId = team.body.id as string;

  // The coach: a member with an in-date DBS check, on the U9 staff.
  const coach = await registerPlayer(own.server.baseURL, 'coach', { full_name: `Carl Coach ${tag}` });
  const dbs = await admin.put(`/api/admin/dbs/${coach.playerId}`, { status: 'in_date', checked_by: 'Wendy Welfare', checked_on: addDaysIso(todayIso(), -30), expires_on: addDaysIso(todayIso(), 700) });
  expect(dbs.status, JSON.stringify(dbs.body)).toBe(200);
  const staff = await admin.put('/api/admin/team-staff', { team_id: teamId, player_id: coach.playerId, role: 'coach' });
  expect(staff.status, JSON.stringify(staff.body)).toBeLessThan(300);

  const ids: Record<string, string> = {};
  for (const name of SQUAD) {
    const child = await admin.post('/api/players', {
      full_name: `${name} ${tag}`,
      date_of_birth: bornYearsAgo(8),
      position: 'Midfielder',
      team_type: 'Senior',
      nationality: 'English',
      team_ids: [teamId],
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    ids[name] = child.body.id as string;
  }

  /** A parent who asks to be linked to these children (approved by the admin) and keeps their care details. */
  async function family(fullName: string, phone: string, relationship: string, children: string[]) {
    const login = await registerPlayer(own.server.baseURL, 'par', { full_name: `${fullName} ${tag}`, phone_number: phone });
    const api = await apiAs(own.server.baseURL, login.username, login.password);
    for (const [i, name] of children.entries()) {
      const request = await api.post('/api/guardian-requests', { child_name: `${name} ${tag}`, child_date_of_birth: bornYearsAgo(8), relationship });
      expect(request.status, JSON.stringify(request.body)).toBe(201);
      expect((await admin.post(`/api/guardian-requests/${request.body.id}/approve`, { player_id: ids[name], level: 'primary' })).status).toBe(200);
      const notes =
        name === 'Aarav Shah' ? 'Asthma: blue inhaler in his kit bag. Peanut allergy: EpiPen with his dad.' : i % 3 === 1 ? 'Hay fever: eye drops in the bag.' : '';
      const care = { emergency_contact_name: `${name.split(' ')[1]} family`, emergency_contact_phone: `07700 91${String(i).padStart(4, '0')}`, medical_notes: notes };
      expect((await api.put(`/api/players/${ids[name]}/care`, care)).status).toBe(200);
      expect((await api.put(`/api/players/${ids[name]}/consents`, { kind: 'photo', given: name !== 'Meera Patel' && i % 2 === 0 })).status).toBe(200);
    }
    return login;
  }
  // Aarav's dad gives photo consent; Meera's mum does not; one more family for the rest of the squad.
  const parent = await family('Ravi Shah', '07700 900999', 'Father', ['Aarav Shah']);
  await family('Priya Patel', '07700 900222', 'Mother', ['Meera Patel']);
  await family('Sam Carter', '07700 900333', 'Carer', SQUAD.slice(2));
  const treasurer = await registerPlayer(own.server.baseURL, 'tre', { full_name: `Tom Treasurer ${tag}` });
  await roleOf(treasurer.username, 'treasurer');
  return { admin, teamId, ids, coach, welfare, parent, treasurer };
}

let world: Awaited<ReturnType<typeof setUp>>;
// After the own server's start (useMailingServer's beforeAll).
beforeAll(async () => {
  world = await setUp();
}, 180_000);

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
}

describe('The coach’s match-day card', () => {
  it('a parent names who else may collect on the consents page (390 px, axe clean)', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, world.parent.username, world.parent.password);
    await page.goto(`/players-area/children/${world.ids['Aarav Shah']}/consents`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Who may collect Aarav' }).waitFor();
    await page.getByLabel('Others who may collect').fill('Grandma Asha Shah, or our neighbour Tom Green');
    await page.getByRole('button', { name: 'Save who may collect' }).click();
    await page.getByText('Saved: the team’s staff see this now.').waitFor();
    await expect.poll(() => page.getByText(/Last changed by Ravi Shah/).count()).toBe(1);
    await checkPage(page, 'consents page with who may collect');
    await shot(page, 'child-consents-collectors');
  });

  it('the coach opens it at 390 px: medical notes, tap-to-call, “No photos”, who may collect; axe clean; the reads are logged', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, world.coach.username, world.coach.password);
    await openAdminTab(page, '/admin/match-day');
    await checkPage(page, 'match day list');
    await shot(page, 'match-day-list');
    await page.getByRole('link', { name: new RegExp(TEAM) }).click();
    await page.getByRole('heading', { name: `Match-day card: ${TEAM}` }).waitFor();
    await hydrated(page);
    const rows = page.getByTestId('card-child');
    expect(await rows.count()).toBe(SQUAD.length);
    const aarav = rows.filter({ hasText: `Aarav Shah ${tag}` });
    await aarav.getByText('Peanut allergy').waitFor();
    await aarav.getByText('Photos allowed').waitFor();
    await aarav.getByText('Also: Grandma Asha Shah, or our neighbour Tom Green').waitFor();
    await aarav.getByText(`Ravi Shah ${tag} (Father)`, { exact: false }).first().waitFor();
    // Aarav's dad's own number (his member record) is a second number to call.
    expect(await aarav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['tel:07700910000', 'tel:07700900999']);
    const meera = rows.filter({ hasText: `Meera Patel ${tag}` });
    await meera.getByTestId('photo-consent').getByText('No photos').waitFor();
    await meera.getByText('No medical notes').waitFor();
    // Every number is a 44 px tap target.
    const calls = page.getByTestId('call');
    expect(await calls.count()).toBeGreaterThanOrEqual(SQUAD.length);
    for (const box of await calls.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect)))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await checkPage(page, 'match-day card at 390 px');
    await page.setViewportSize({ width: 320, height: 700 });
    await noSidewaysScroll(page, 'match-day card');
    await page.setViewportSize(PHONE);
    await shot(page, 'match-day-card');

    const log = (await world.admin.get('/api/admin/medical-note-reads')).body as Array<{ child_name: string; read_by_name: string; via: string }>;
    const mine = log.filter((r) => r.read_by_name === `Carl Coach ${tag}`);
    expect(mine.map((r) => r.child_name).sort()).toEqual(SQUAD.map((n) => `${n} ${tag}`).sort());
    expect(new Set(mine.map((r) => r.via))).toEqual(new Set([`Match-day card: ${TEAM}`]));
  });

  it('at 1280 px it is one table, and it prints on one A4 page', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: DESKTOP });
    await signIn(page, world.coach.username, world.coach.password);
    await page.goto(`/admin/match-day/${world.teamId}`);
    await hydrated(page);
    await page.getByRole('columnheader', { name: 'May collect' }).waitFor();
    await checkPage(page, 'match-day card at 1280 px');
    await shot(page, 'match-day-card');

    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: A4_WIDTH_PX, height: A4_HEIGHT_PX });
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(page, 'match-day-card-print');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the printed card is one A4 page tall').toBeLessThanOrEqual(A4_HEIGHT_PX);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    await writeFile(`${process.env.SCREENSHOT_DIR ?? '/tmp'}/match-day-card.pdf`, pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages, 'pages in the printed card').toBe(1);
  });

  it('the welfare officer sees who opened the card on Safeguarding (axe clean)', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, world.welfare.username, world.welfare.password);
    await openAdminTab(page, '/admin/safeguarding');
    const line = page.getByTestId('medical-note-read').filter({ hasText: `Carl Coach ${tag}` }).first();
    await line.getByText(`Match-day card: ${TEAM}`).waitFor();
    await line.getByText(`${SQUAD.length} children:`, { exact: false }).waitFor();
    await checkPage(page, 'safeguarding with the read log');
    await shot(page, 'safeguarding-read-log');
  });

  it('a parent, another parent and a stranger are refused the card and the log; nothing is logged for them', async () => {
    const other = await registerPlayer(own.server.baseURL, 'other', { full_name: `Olly Other ${tag}` });
    for (const who of [world.parent, other]) {
      const as = await apiAs(own.server.baseURL, who.username, who.password);
      expect((await as.get(`/api/teams/${world.teamId}/match-day-card`)).status).toBe(403);
      expect((await as.get('/api/admin/medical-note-reads')).status).toBe(403);
      const page = await fetch(`${own.server.baseURL}/admin/match-day/${world.teamId}`, { redirect: 'manual', headers: { cookie: `${SESSION_COOKIE}=${as.token}` } });
      expect([302, 303, 403]).toContain(page.status);
    }
  });
});

describe('The treasurer never touches stats or feedback (issue 31, minor)', () => {
  it('a child’s page in Players offers the treasurer no stats or feedback form, and the API refuses both', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, world.treasurer.username, world.treasurer.password);
    await openAdminTab(page, `/admin/players?player=${world.ids['Aarav Shah']}`);
    await page.getByText('Season stats and feedback are kept by the player’s coaches and the club secretary.').waitFor();
    expect(await page.getByRole('button', { name: 'Save stats' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Add feedback' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'a child’s page for the treasurer');
    const api = await apiAs(own.server.baseURL, world.treasurer.username, world.treasurer.password);
    expect((await api.put(`/api/players/${world.ids['Aarav Shah']}/stats`, { goals: 9 })).status).toBe(403);
    expect((await api.post(`/api/players/${world.ids['Aarav Shah']}/feedback`, { category: 'General', feedback: 'Lovely.' })).status).toBe(403);
  });
});

describe('The team sheet answers a parent with the page or 403, never 500', () => {
  it('a parent of a child in the published squad gets the page; another parent 403; an unknown id 404', async () => {
    const fixture = await world.admin.post('/api/fixtures', {
      team_id: world.teamId,
      away_team: `Oakfield Owls ${tag}`,
      match_date: addDaysIso(todayIso(), 5),
      match_time: '10:00',
      venue: 'Mill Lane',
      competition: 'Mini Soccer',
      is_home: true,
      status: 'upcoming',
    });
    expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
    const id = fixture.body.id as string;
    const other = await registerPlayer(own.server.baseURL, 'othr', { full_name: `Oona Other ${tag}` });
    const sheetAs = async (token: string | null, fixtureId = id) =>
      (await fetch(`${own.server.baseURL}/team-sheet/${fixtureId}`, { redirect: 'manual', headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {} })).status;
    const parent = await apiAs(own.server.baseURL, world.parent.username, world.parent.password);
    const stranger = await apiAs(own.server.baseURL, other.username, other.password);
    // Before the squad is published: not found for the parent, the page for the coach.
    expect(await sheetAs(parent.token)).toBe(404);
    const coach = await apiAs(own.server.baseURL, world.coach.username, world.coach.password);
    expect(await sheetAs(coach.token)).toBe(200);
    const picked = await coach.put(`/api/fixtures/${id}/selection`, {
      players: [world.ids['Aarav Shah'], world.ids['Meera Patel']].map((player_id, i) => ({ player_id, role: 'starter', shirt_number: i + 1 })),
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect((await coach.post(`/api/fixtures/${id}/selection/publish`)).status).toBeLessThan(300);
    expect(await sheetAs(parent.token)).toBe(200);
    expect(await sheetAs(stranger.token)).toBe(403);
    expect(await sheetAs(parent.token, 'not-a-fixture')).toBe(404);
    expect(await sheetAs(parent.token, '00000000-0000-4000-8000-000000000000')).toBe(404);
    expect(await sheetAs(null)).toBe(302);

    // The coach's match week links to the card for this junior match.
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, world.coach.username, world.coach.password);
    await openAdminTab(page, `/admin/matchweek?fixture=${id}`);
    expect(await page.getByRole('link', { name: 'Match-day card' }).getAttribute('href')).toBe(`/admin/match-day/${world.teamId}`);
  });
});
