import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { apiAs, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, hydrated, signIn, useBrowser } from '../support/browser';

const b = useBrowser();
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A player of `teamId` only, with a login. */
async function playerIn(admin: Api, teamId: string, fullName: string, jersey = 7) {
  const created = await admin.post<{ id: string }>('/api/players', {
    full_name: fullName, jersey_number: jersey, position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [teamId],
  });
  expect(created.status).toBe(201);
  const username = `mw_${unique()}`;
  const password = 'matchweek-pass-1';
  const account = await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, password, email: `${username}@example.com` });
  expect(account.status).toBe(201);
  return { id: created.body.id, username, password, fullName };
}

/** A team of its own with one fixture `hoursAhead` from now. */
async function teamWithFixture(admin: Api, hoursAhead = 5 * 24) {
  const name = `Matchday ${unique()}`;
  const team = await admin.post<{ id: string }>('/api/teams', { name });
  expect(team.status).toBe(201);
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const fixture = await admin.post<{ id: string }>('/api/fixtures', {
    team_id: team.body.id, away_team: 'Far Town', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Mill Lane', competition: 'County Cup',
  });
  expect(fixture.status).toBe(201);
  return { teamId: team.body.id, teamName: name, fixtureId: fixture.body.id };
}

const counts = async (api: Api, fixtureId: string) => (await api.get<{ counts: Record<string, number> }>(`/api/fixtures/${fixtureId}/availability`)).body.counts;

describe("The player's availability", () => {
  it('answers for the next match from the dashboard at 390 px in one tap; the counts change at once; the answer survives a reload', async () => {
    const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const { teamId, teamName, fixtureId } = await teamWithFixture(admin);
    const player = await playerIn(admin, teamId, 'Priya Phone');
    await playerIn(admin, teamId, 'Quinn Quiet', 8);

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, player.username, player.password);
    await hydrated(page);
    const card = page.getByTestId('next-match');
    await card.getByText(`${teamName} vs Far Town`).first().waitFor();
    expect(await counts(admin, fixtureId)).toEqual({ available: 0, maybe: 0, unavailable: 0, no_answer: 2 });
    await expectNoAxeViolations(page, 'dashboard, next match');
    await shot(page, 'portal-next-match');

    const available = card.getByRole('button', { name: 'Available', exact: true });
    const box = await available.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await available.click(); // one tap
    await card.getByText('Saved: Available.').waitFor();
    expect(await available.getAttribute('aria-pressed')).toBe('true');
    expect(await counts(admin, fixtureId)).toEqual({ available: 1, maybe: 0, unavailable: 0, no_answer: 1 });
    await expectNoAxeViolations(page, 'dashboard, answered');

    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('next-match').getByRole('button', { name: 'Available', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // A note goes with the next tap.
    await page.getByTestId('next-match').getByText('Add a note').click();
    await page.getByTestId('next-match').getByLabel(/Note for the manager/).fill('Only the second half');
    await page.getByTestId('next-match').getByRole('button', { name: 'Maybe', exact: true }).click();
    await page.getByTestId('next-match').getByText('Saved: Maybe.').waitFor();
    const list = (await admin.get(`/api/fixtures/${fixtureId}/availability`)).body as { players: Array<{ full_name: string; status: string; note: string }> };
    expect(list.players.find((p) => p.full_name === 'Priya Phone')).toMatchObject({ status: 'maybe', note: 'Only the second half' });

    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, 'dashboard, next match, desktop');
    await shot(page, 'portal-next-match');
  });

  it('works without JavaScript (a plain form POST), and on the Schedule tab for matches and training', async () => {
    const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const { teamId, fixtureId } = await teamWithFixture(admin);
    // Three days from today (ISO weekday, club time): the next session is always open for answers,
    // whatever time of day the test runs (answers close 2 hours before the start).
    const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/London' })).getDay() || 7;
    const weekday = ((today + 2) % 7) + 1;
    expect((await admin.post(`/api/teams/${teamId}/training-slots`, { weekday, start_time: '18:00', end_time: '19:30', place: 'Mill Lane 3G' })).status).toBe(201);
    const player = await playerIn(admin, teamId, 'Nico NoScript');

    const page = await b.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await signIn(page, player.username, player.password);
    await page.getByTestId('next-match').getByRole('button', { name: 'Unavailable', exact: true }).click();
    await page.getByTestId('next-match').getByText('Saved: Unavailable.').waitFor();
    await page.goto('/players-area');
    expect(await page.getByTestId('next-match').getByRole('button', { name: 'Unavailable', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await counts(admin, fixtureId)).toMatchObject({ unavailable: 1 });

    for (const viewport of [PHONE, DESKTOP]) {
      const js = await b.newPage({ viewport });
      await signIn(js, player.username, player.password);
      await js.goto('/players-area/schedule');
      await hydrated(js);
      const training = js.getByTestId('schedule-training').first();
      const match = js.getByTestId('schedule-match').first();
      expect(await match.getByRole('button', { name: 'Unavailable', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await training.getByRole('button', { name: 'Available', exact: true }).click();
      await training.getByText('Saved: Available.').waitFor();
      await expectNoAxeViolations(js, 'schedule with answers');
      await shot(js, 'portal-schedule-availability');
    }
    const mine = (await apiAs(b.baseURL, player.username, player.password)).get<Array<{ kind: string; answer: { status: string } | null }>>('/api/players/me/availability');
    expect((await mine).body.find((e) => e.kind === 'training')!.answer).toMatchObject({ status: 'available' });
  });
});
