import { describe, expect, it } from 'vitest';
import { addDaysIso, formatCalendarDate } from '../../shared/dates';
import { todayIso } from '../../shared/players';
import { apiAs, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { useMailingServer } from '../support/mail';
import { noSidewaysScroll, PHONE, signIn, useBrowser } from '../support/browser';

// Issue 31 (Major 8): an expired DBS check suspends the coach's junior team place, shown on the
// Safeguarding and People & roles screens; an admin lifts it with a reason, shown on the record;
// the form lists adults only.
const b = useBrowser();
// A server of its own: its welfare officer must not become another file's (the public footer names one).
const own = await useMailingServer();
const tag = unique();
const COACH = `Carl Coach ${tag}`;
const CHILD = `Kit Small ${tag}`;
const yesterday = addDaysIso(todayIso(), -1);
const SUSPENDED = `Suspended: DBS check expired on ${formatCalendarDate(yesterday)}`;

async function setUp() {
  const admin = await apiAs(own.server.baseURL, 'admin', b.adminPassword);
  const officer = await registerPlayer(own.server.baseURL, 'welf', { full_name: `Wendy Welfare ${tag}` });
  const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
  await admin.post('/api/admin/club-roles', { user_id: logins.find((l) => l.username === officer.username)!.user_id, role: 'welfare_officer' });
  const settings = (await admin.get('/api/settings')).body;
  const { welfare_officer: _name, ...editable } = settings;
  expect((await admin.put('/api/settings', { ...editable, welfare_email: 'welfare@riversiderovers.club' })).status).toBe(200);
  const team = await admin.post('/api/teams', { name: `U11 Swifts ${tag}`, age_group: 'U11', format: '7v7' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const coach = await admin.post('/api/players', { full_name: COACH, position: 'Staff', team_type: 'Staff', date_of_birth: '1981-04-04' });
  const child = await admin.post('/api/players', { full_name: CHILD, position: 'Forward', team_type: 'Senior', date_of_birth: addDaysIso(todayIso(), -9 * 366) });
  expect([coach.status, child.status]).toEqual([201, 201]);
  const check = (body: Record<string, unknown>) => admin.put(`/api/admin/dbs/${coach.body.id}`, { checked_by: `Wendy Welfare ${tag}`, ...body });
  expect((await check({ status: 'in_date', expires_on: addDaysIso(todayIso(), 300), checked_on: addDaysIso(todayIso(), -30) })).status).toBe(200);
  expect((await admin.put('/api/admin/team-staff', { player_id: coach.body.id, team_id: team.body.id, role: 'coach' })).status).toBe(200);
  expect((await check({ status: 'expired', expires_on: yesterday, checked_on: todayIso() })).status).toBe(200);
  return { admin, coachId: coach.body.id as string };
}

describe('DBS with consequences in the admin panel at 390 px', () => {
  it('shows the suspended place, lets an admin lift it with a reason (shown on the record), and offers adults only; no sideways scroll; axe clean', async () => {
    const { admin } = await setUp();
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);

    await openAdminTab(page, '/admin/roles');
    await page.getByTestId('staff-suspended').filter({ hasText: SUSPENDED }).first().waitFor();

    await openAdminTab(page, '/admin/safeguarding');
    const row = page.getByTestId('dbs-person').filter({ hasText: COACH });
    await row.getByTestId('dbs-suspended').filter({ hasText: SUSPENDED }).waitFor();
    await row.getByText(/recorded by/).waitFor();
    const people = await page.getByLabel('Person').locator('option').allTextContents();
    expect(people).toContain(COACH);
    expect(people).not.toContain(CHILD);
    await noSidewaysScroll(page, 'safeguarding with a suspended coach');
    await expectNoAxeViolations(page, 'safeguarding with a suspended coach');

    await row.getByText('Lift the suspension…').click();
    await row.getByLabel('Why may they go on working with juniors meanwhile?').fill('Renewal applied for; always coaches with a checked assistant');
    await row.getByRole('button', { name: 'Lift the suspension' }).click();
    await settledToast(page, 'suspension is lifted');
    await row.getByTestId('dbs-override').filter({ hasText: 'Renewal applied for; always coaches with a checked assistant' }).waitFor();
    expect(await row.getByTestId('dbs-suspended').count()).toBe(0);
    await noSidewaysScroll(page, 'safeguarding after an override');
    await expectNoAxeViolations(page, 'safeguarding after an override');
    await shot(page, 'dbs-override');

    const stored = (await admin.get('/api/admin/dbs')).body.people.find((p: { full_name: string }) => p.full_name === COACH);
    expect(stored).toMatchObject({ suspended: null, override: { reason: 'Renewal applied for; always coaches with a checked assistant' } });
  });

  it('a coach whose only place is suspended is sent to their portal and told which place, why, and what lifts it (390 px, axe clean)', async () => {
    const admin = await apiAs(own.server.baseURL, 'admin', b.adminPassword);
    const name = `Sam Suspended ${unique()}`;
    const coach = await registerPlayer(own.server.baseURL, 'susp', { full_name: name, date_of_birth: '1980-02-02' });
    const team = await admin.post('/api/teams', { name: `U10 Kites ${unique()}`, age_group: 'U10', format: '7v7' });
    expect(team.status).toBe(201);
    const check = (body: Record<string, unknown>) => admin.put(`/api/admin/dbs/${coach.playerId}`, { checked_by: 'Wendy Welfare', ...body });
    expect((await check({ status: 'in_date', expires_on: addDaysIso(todayIso(), 300), checked_on: addDaysIso(todayIso(), -30) })).status).toBe(200);
    expect((await admin.put('/api/admin/team-staff', { player_id: coach.playerId, team_id: team.body.id, role: 'coach' })).status).toBe(200);
    expect((await check({ status: 'expired', expires_on: yesterday, checked_on: todayIso() })).status).toBe(200);

    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, coach.username, coach.password);
    await page.goto('/admin');
    await page.waitForURL(/\/players-area$/);
    const notice = page.getByTestId('suspended-places');
    await notice.getByRole('heading', { name: `Your place with ${team.body.name} is suspended` }).waitFor();
    expect(await notice.textContent()).toContain(`DBS check expired on ${formatCalendarDate(yesterday)}`);
    expect(await notice.textContent()).toContain('the admin panel and these teams');
    await noSidewaysScroll(page, 'portal of a suspended coach');
    await expectNoAxeViolations(page, 'portal of a suspended coach');

    // A new check is recorded: the place counts again, the notice goes and the panel opens.
    expect((await check({ status: 'in_date', expires_on: addDaysIso(todayIso(), 700), checked_on: todayIso() })).status).toBe(200);
    await page.goto('/players-area');
    expect(await page.getByTestId('suspended-places').count()).toBe(0);
    await page.goto('/admin');
    await page.waitForURL(/\/admin/);
  });
});
