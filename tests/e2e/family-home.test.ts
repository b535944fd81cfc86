import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, shot, unique } from '../support/admin';
import { bornYearsAgo } from '../support/ages';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, hydrated, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

// Issue 31: a parent of two children in different junior teams signs in at 390 px and lands on
// their family home: each child's next match with meet time, kit and venue, an answer given there,
// what the family owes with their reference and the club's bank details, and their calendar link.
// Axe clean; nothing scrolls sideways at 320 px. Screenshots at 390 and 1280 px (SCREENSHOT_DIR).
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
const SMALL = { width: 320, height: 700 };

const clubDate = (daysAhead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + daysAhead * 86_400_000));

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(SMALL);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(PHONE);
}

/** Two junior teams with a match each, a child in each, one parent linked to both (by the club's invitations), charged for both. */
async function setUp(base: string, tag: string) {
  const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
  // Junior teams need a welfare officer parents can contact; payers need the club's bank details.
  const me = (await admin.get('/api/auth/me')).body;
  expect([201, 409]).toContain((await admin.post('/api/admin/club-roles', { user_id: me.id, role: 'welfare_officer' })).status);
  const settings = (await admin.get('/api/settings')).body;
  const bank = { account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678', welfare_email: 'welfare@example.org' };
  expect((await admin.put('/api/settings', { ...settings, ...bank })).status).toBe(200);
  const team = async (name: string, age_group: string, format: string) => {
    const res = await admin.post('/api/teams', { name: `${name} ${tag}`, age_group, format });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const [u9, u12] = [await team('Under 9s', 'U9', '5v5'), await team('Under 12s', 'U12', '9v9')];
  const child = async (full_name: string, years: number, teamId: string) => {
    const res = await admin.post('/api/players', { full_name, date_of_birth: bornYearsAgo(years), position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [teamId] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const aarav = await child(`Aarav Sharma ${tag}`, 8, u9);
  const meera = await child(`Meera Sharma ${tag}`, 11, u12);
  const match = async (teamId: string, opponent: string, days: number, extra: Record<string, unknown>) => {
    const res = await admin.post('/api/fixtures', {
      team_id: teamId,
      away_team: opponent,
      match_date: clubDate(days),
      match_time: '10:00',
      venue: 'Mill Lane, Pitch 3',
      competition: 'Junior League',
      is_home: true,
      status: 'upcoming',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const aaravMatch = await match(u9, `Tiny Town ${tag}`, 5, { meet_time: '09:15', kit: 'Red shirts and shin pads' });
  await match(u12, `Teen Town ${tag}`, 6, { meet_time: '13:30', kit: 'Blue away kit' });

  const email = `priya-${tag}@example.com`;
  for (const id of [aarav, meera]) {
    const invited = await admin.post('/api/guardian-invitations', { player_id: id, email, level: 'primary', relationship: 'Mother' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  }
  const invitations = () => smtp.received.filter((m) => m.to.includes(email) && /parent or carer link/.test(m.subject));
  await waitFor(() => invitations().length === 2, 20_000, 'both invitations');
  const [first, second] = invitations().map((m) => /token=([\w-]+)/.exec(m.text)![1]!);
  const parent = { username: `priya_${tag}`, password: 'a sturdy passphrase' };
  const made = await fetch(`${base}/api/guardian-invitations/${first}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: 'Priya Sharma', ...parent }),
  });
  expect(made.status, await made.clone().text()).toBeLessThan(300);
  const priya = await apiAs(base, parent.username, parent.password);
  expect((await priya.post(`/api/guardian-invitations/${second}/accept`, {})).status).toBeLessThan(300);

  for (const [member, amount_pence] of [
    [aarav, 4500],
    [meera, 3000],
  ] as const) {
    const charged = await admin.post('/api/treasury/charges', { member_id: member, category: 'subs', description: 'Autumn subs', amount_pence, due_date: clubDate(14) });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
  }
  return { admin, parent, aarav, aaravMatch, reference: (await priya.get('/api/treasury/me')).body.reference as string };
}

/** Registering another child from the family home (at 390 px): the request is sent, and waits on the page. */
async function registerAnotherChild(page: Page, tag: string) {
  await page.setViewportSize(PHONE);
  await page.getByText('Register another child', { exact: true }).click();
  await page.getByLabel(/Your child’s full name/).fill(`Ravi Sharma ${tag}`);
  await page.getByLabel(/Your child’s date of birth/).fill(bornYearsAgo(6));
  await page.getByLabel(/Your relationship to them/).fill('Mother');
  await expectNoAxeViolations(page, 'registering another child from the family home');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await page.waitForURL('**/players-area/children');
  await page.getByText('Thank you: the club’s secretary or welfare officer will check and link you.').waitFor();
  await page.goto('/players-area');
  await page.getByTestId('family-requests').getByText(`Ravi Sharma ${tag}`).waitFor();
}

describe('A parent’s family home', () => {
  it('a parent of two children in different teams lands on their family: next events with meet time, kit and venue, answers, what they owe, their calendar link', async () => {
    const tag = unique();
    const base = mailing.server.baseURL;
    const { admin, parent, aarav, aaravMatch, reference } = await setUp(base, tag);

    const page = await b.newPage({ baseURL: base, viewport: PHONE });
    await signIn(page, parent.username, parent.password);
    await page.goto('/players-area');
    await hydrated(page);
    await page.getByRole('heading', { name: 'My family', level: 2 }).waitFor();
    // The phone's section menu names the page (not "Section: Choose"); no player things for a parent.
    await expect.poll(() => page.getByRole('navigation', { name: "Players' Area sections" }).locator('summary').textContent()).toContain('My family');
    expect(await page.getByText('Goals Scored').count()).toBe(0);

    const children = page.getByTestId('family-child');
    expect(await children.count()).toBe(2);
    const aaravCard = children.filter({ hasText: `Aarav Sharma ${tag}` });
    const aaravEvent = aaravCard.getByTestId('family-event').filter({ hasText: `Tiny Town ${tag}` });
    for (const text of ['Meet at 09:15', 'Kit: Red shirts and shin pads', 'Where: Mill Lane, Pitch 3', 'Kick-off 10:00']) await aaravEvent.getByText(text).waitFor();
    const meeraEvent = children.filter({ hasText: `Meera Sharma ${tag}` }).getByTestId('family-event').filter({ hasText: `Teen Town ${tag}` });
    for (const text of ['Meet at 13:30', 'Kit: Blue away kit']) await meeraEvent.getByText(text).waitFor();

    // Money: the family's total from the ledger, the reference and the bank details.
    await expect.poll(() => page.getByTestId('family-owed').textContent()).toBe('£75.00');
    await expect.poll(() => page.getByTestId('payer-reference').textContent()).toBe(reference);
    await page.getByText('12345678').waitFor();
    await checkPage(page, 'family home');
    await shot(page, 'family-home');

    // Answer for Aarav from the family home.
    await aaravEvent.getByRole('button', { name: 'Available', exact: true }).click();
    await expect.poll(() => aaravEvent.getByRole('button', { name: 'Available', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await aaravEvent.getByText('Saved: Available.').waitFor();
    const answers = (await admin.get(`/api/fixtures/${aaravMatch}/availability`)).body.players as Array<{ player_id: string; status: string; answered_by: string; by_guardian: boolean }>;
    expect(answers.find((p) => p.player_id === aarav)).toMatchObject({ status: 'available', answered_by: 'Priya Sharma, mother', by_guardian: true });
    await page.reload();
    await hydrated(page);
    expect(await aaravEvent.getByRole('button', { name: 'Available', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // The staff's match week names the parent who answered, and does not ask them to answer for Aarav.
    const staff = await b.newPage({ baseURL: base, viewport: PHONE });
    await signIn(staff, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(staff, `/admin/matchweek?fixture=${aaravMatch}`);
    const row = staff.getByTestId('availability-player').filter({ hasText: `Aarav Sharma ${tag}` });
    await row.getByText('Answered by Priya Sharma, mother').waitFor();
    expect(await row.getByText('No login: answer for them').count()).toBe(0);
    await shot(staff, 'family-staff-matchweek');

    // The family calendar link: their children's teams only (the feed itself: server/api/family-home.test.ts).
    await page.getByRole('button', { name: 'Get my calendar link' }).click();
    await page.getByRole('heading', { name: 'Your family calendar link' }).waitFor();
    const feedUrl = await page.getByRole('textbox', { name: 'Calendar link', exact: true }).inputValue();
    const feed = await (await fetch(feedUrl)).text();
    expect(feed).toContain(`Tiny Town ${tag}`);
    expect(feed).toContain(`Teen Town ${tag}`);
    expect(feed).not.toMatch(/Training: (Senior|Vets)|Senior: /);
    await checkPage(page, 'family home with the calendar link');

    // The child's own page has the meet time and kit too, and the answer given from the family home.
    await aaravCard.getByRole('link', { name: /All of Aarav’s schedule/ }).click();
    await page.getByRole('heading', { name: `Aarav Sharma ${tag}: matches and training` }).waitFor();
    const onChildPage = page.getByTestId('child-event').filter({ hasText: `Tiny Town ${tag}` });
    for (const text of ['Meet at 09:15', 'Kit: Red shirts and shin pads']) await onChildPage.getByText(text).waitFor();
    expect(await onChildPage.getByRole('button', { name: 'Available', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await checkPage(page, 'a child’s page');
    await shot(page, 'family-child');

    await page.setViewportSize(DESKTOP);
    await page.goto('/players-area');
    await hydrated(page);
    await page.getByRole('heading', { name: 'My family', level: 2 }).waitFor();
    await expectNoAxeViolations(page, 'family home at 1280 px');
    await noSidewaysScroll(page, 'family home');
    await shot(page, 'family-home');

    await registerAnotherChild(page, tag);
  });

  it('a member who is also a parent sees their family and their own football on one page', async () => {
    const tag = unique();
    const base = mailing.server.baseURL;
    const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
    const member = await registerPlayer(base, 'raj', { full_name: `Raj Sharma ${tag}` });
    const team = await admin.post('/api/teams', { name: `Under 10s ${tag}`, age_group: 'U10', format: '7v7' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const made = await admin.post('/api/players', {
      full_name: `Kiran Sharma ${tag}`,
      date_of_birth: bornYearsAgo(9),
      position: 'Midfielder',
      team_type: 'Senior',
      nationality: 'English',
      team_ids: [team.body.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await admin.post('/api/guardian-invitations', { player_id: made.body.id, email: member.email, level: 'primary', relationship: 'Father' })).status).toBe(201);
    const invitation = () => smtp.received.find((m) => m.to.includes(member.email) && /parent or carer link/.test(m.subject));
    await waitFor(() => !!invitation(), 20_000, 'the invitation');
    const token = /token=([\w-]+)/.exec(invitation()!.text)![1]!;
    const raj = await apiAs(base, member.username, member.password);
    expect((await raj.post(`/api/guardian-invitations/${token}/accept`, {})).status).toBeLessThan(300);

    const page = await b.newPage({ baseURL: base, viewport: PHONE });
    await signIn(page, member.username, member.password);
    await page.goto('/players-area');
    await hydrated(page);
    await page.getByRole('heading', { name: 'My family', level: 2 }).waitFor();
    await page.getByTestId('family-child').filter({ hasText: `Kiran Sharma ${tag}` }).waitFor();
    await page.getByRole('heading', { name: 'My own football', level: 2 }).waitFor();
    await page.getByText('Goals Scored').waitFor();
    await checkPage(page, 'a member-parent’s dashboard');
    await shot(page, 'family-member-parent');
  });
});
