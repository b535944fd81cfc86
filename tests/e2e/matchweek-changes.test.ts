import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { apiAs, openAdminTab, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

/**
 * Issue 22 at 390 px: a player answers their squad place from the mail signed out; the kick-off
 * moves and the players' area asks them to confirm again; they see the team sheet; the manager
 * reads answers grouped and the week's counts on Today; a link for a cancelled match says so
 * before any form.
 */
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
type Api = Awaited<ReturnType<typeof apiAs>>;

async function playerIn(admin: Api, teamId: string, fullName: string, position: string) {
  const created = await admin.post<{ id: string }>('/api/players', { full_name: fullName, position, team_type: 'Senior', nationality: 'English', team_ids: [teamId] });
  expect(created.status).toBe(201);
  const username = `chg_${unique()}`;
  const email = `${username}@example.com`;
  expect((await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, password: 'changes-pass-1', email })).status).toBe(201);
  return { id: created.body.id, username, password: 'changes-pass-1', email, fullName };
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function squadLink(email: string, answer: 'confirm' | 'decline') {
  await waitFor(() => smtp.received.some((m) => m.to.includes(email) && /^You're in the squad/.test(m.subject)), 20_000, 'the selection mail');
  const mail = smtp.received.find((m) => m.to.includes(email) && /^You're in the squad/.test(m.subject))!;
  const url = [...mail.text.matchAll(/(https?:\/\/\S+\/squad-reply\?\S+)/g)].map((m) => m[1].replace(/[)>\].,]+$/, '')).find((u) => u.includes(`answer=${answer}`));
  expect(url, `a ${answer} link`).toBeTruthy();
  return url!;
}

describe('A match week that changes', () => {
  it('answer from the mail signed out, "confirm again" after a move, the team sheet, grouped answers, Today’s counts, a cancelled link', async () => {
    const admin = await apiAs(mailing.server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const teamName = `Changers ${unique()}`;
    const team = await admin.post<{ id: string }>('/api/teams', { name: teamName });
    const body = { team_id: team.body.id, away_team: 'Shifting Sands', match_date: addDaysIso(clubDateOf(new Date()), 4), match_time: '14:00', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'upcoming' };
    const fixture = await admin.post<{ id: string }>('/api/fixtures', body);
    const keeper = await playerIn(admin, team.body.id, 'Gil Gloves', 'Goalkeeper');
    const winger = await playerIn(admin, team.body.id, 'Wyn Wing', 'Forward');
    const players = [
      { player_id: keeper.id, role: 'starter', shirt_number: 1 },
      { player_id: winger.id, role: 'substitute', shirt_number: 12 },
    ];
    expect((await admin.put(`/api/fixtures/${fixture.body.id}/selection`, { players })).status).toBe(200);
    expect((await admin.post(`/api/fixtures/${fixture.body.id}/selection/publish`)).status).toBe(200);

    // The mail's "I can play", opened signed out on a phone: nothing changes until the button.
    const visitor = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await visitor.goto(await squadLink(keeper.email, 'confirm'));
    await visitor.getByText('Gil Gloves, you are starting, shirt 1.').waitFor();
    await expectNoAxeViolations(visitor, 'squad reply');
    expect(await sideways(visitor)).toBeLessThanOrEqual(0);
    await visitor.getByRole('button', { name: 'Yes, I can play' }).click();
    await visitor.getByRole('status').getByText('Thanks: you confirmed. See you there!').waitFor();
    await shot(visitor, 'squad-reply');

    // The kick-off moves: the confirmation must be given again, and the players' area says so.
    expect((await admin.put(`/api/fixtures/${fixture.body.id}`, { ...body, match_time: '15:30' })).status).toBe(200);
    const player = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(player, keeper.username, keeper.password);
    await hydrated(player);
    await player.getByText('The match has changed since you confirmed: please confirm again.').waitFor();
    await expectNoAxeViolations(player, 'players area, confirm again');
    await shot(player, 'portal-confirm-again');
    await player.getByRole('link', { name: 'See the team sheet' }).click();
    await player.getByRole('heading', { name: `${teamName} v Shifting Sands` }).waitFor();
    await player.getByText('Goalkeeper (GK)').waitFor();
    await expectNoAxeViolations(player, 'team sheet for a player');
    expect(await sideways(player)).toBeLessThanOrEqual(0);

    // The manager: answers grouped, and Today's counts for the week.
    expect((await admin.put(`/api/fixtures/${fixture.body.id}/availability/${winger.id}`, { status: 'unavailable', note: 'Wedding' })).status).toBe(200);
    const manager = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(manager, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(manager, `/admin/matchweek?fixture=${fixture.body.id}`);
    const unavailable = manager.getByRole('region', { name: 'Unavailable (1)' });
    await unavailable.getByText('“Wedding”').waitFor();
    await manager.getByRole('region', { name: 'No answer (1)' }).getByText('Gil Gloves', { exact: true }).waitFor();
    await expectNoAxeViolations(manager, 'match week grouped');
    await shot(manager, 'admin-matchweek-grouped');
    await openAdminTab(manager, '/admin');
    const week = manager.getByRole('region', { name: 'Match week' });
    await week.getByText(/0\/2 confirmed · 0 available · 0 maybe · 1 no answer/).first().waitFor();
    await expectNoAxeViolations(manager, 'today with match week');
    await shot(manager, 'admin-today-matchweek');
    expect(await sideways(manager)).toBeLessThanOrEqual(0);

    // Cancelled: the winger's "I can't play" link says so before any form.
    expect((await admin.put(`/api/fixtures/${fixture.body.id}`, { ...body, match_time: '15:30', status: 'cancelled' })).status).toBe(200);
    const late = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await late.goto(await squadLink(winger.email, 'decline'));
    await late.getByRole('alert').getByText('This match was cancelled: there is nothing to answer.').waitFor();
    expect(await late.getByRole('button').filter({ hasText: /can/ }).count()).toBe(0);
    await expectNoAxeViolations(late, 'squad reply, cancelled');
  });
});
