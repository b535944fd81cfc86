import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, signIn, useBrowser } from '../support/browser';

// Issue 21, point 5: "Left the club" archives a member (reversible, history kept); deleting names
// the person and lists exactly what goes. On a phone (390 px), and fitting 320 px.
const b = useBrowser();
const SMALL = { width: 320, height: 700 };

const clubDate = (daysAhead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + daysAhead * 86_400_000));

/** A Senior player with a login, a payment and a place in an upcoming squad. */
async function memberWithHistory() {
  const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
  const tag = unique();
  const created = await api.post('/api/players', { full_name: `Lee Leaver ${tag}`, jersey_number: 44, position: 'Defender', team_type: 'Senior', nationality: 'English' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const player = created.body as { id: string; full_name: string };
  const username = `leaver_${tag}`;
  const login = await api.post('/api/admin/create-player-account', { player_id: player.id, username, email: `${username}@example.com`, password: 'leaving-password-1' });
  expect(login.status, JSON.stringify(login.body)).toBeLessThan(300);
  expect((await api.post(`/api/players/${player.id}/payments`, { amount: 30, description: 'Subs' })).status).toBe(201);
  const fixture = await api.post('/api/fixtures', {
    away_team: `Leavers FC ${tag}`,
    match_date: clubDate(6),
    match_time: '14:00',
    venue: 'Home',
    competition: 'League',
    is_home: true,
    status: 'upcoming',
  });
  expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
  const squad = await api.put(`/api/fixtures/${fixture.body.id}/selection`, { players: [{ player_id: player.id, role: 'starter', shirt_number: 44 }] });
  expect(squad.status, JSON.stringify(squad.body)).toBe(200);
  return { api, player, username };
}

async function searchPlayers(page: Page, name: string) {
  await openAdminTab(page, '/admin/players');
  await page.getByRole('searchbox', { name: 'Search players' }).fill(name);
}

async function openPlayer(page: Page, name: string) {
  await searchPlayers(page, name);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name: new RegExp(name), level: 2 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' });
}

const noSidewaysScroll = async (page: Page, where: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(page.viewportSize()!.width);

describe('Left the club and Delete for good (admin)', () => {
  it('The admin marks a player as left (toast, off the list, under those who left) and brings them back; deleting names them and lists what goes', async () => {
    const { player, username } = await memberWithHistory();
    const name = player.full_name;
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await openPlayer(page, name);

    // Left the club: the confirmation says what it does.
    const membership = page.locator('#membership');
    await membership.getByText('In the club', { exact: true }).waitFor();
    await membership.getByRole('button', { name: 'Left the club' }).click();
    const leaving = page.getByRole('dialog', { name: `${name} has left the club?` });
    await leaving.waitFor();
    const explained = await leaving.textContent();
    for (const said of ['public pages', 'upcoming squad', 'login is switched off', 'kept', 'Back in the club']) expect(explained).toContain(said);
    await expectNoAxeViolations(page, 'Left the club confirmation');
    await leaving.getByRole('button', { name: 'Left the club' }).click();
    await settledToast(page, `${name} has left the club. Their history is kept.`);
    await expectToast(page, 'Taken out of 1 upcoming squad');
    await membership.getByRole('button', { name: 'Back in the club' }).waitFor();
    await membership.getByText('Left the club', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'a player who left, with the toast');
    await shot(page, 'admin-player-left');

    // Off the list; under "Show players who left", from where their page opens.
    await searchPlayers(page, name);
    await page.getByText(`No player matches “${name}”.`).first().waitFor();
    await page.getByRole('button', { name: /^Show players who left \(\d+\)$/ }).click();
    const leftList = page.locator('#players-who-left-list');
    await leftList.getByRole('link', { name, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'players who left shown');
    await leftList.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name: new RegExp(name), level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Back in the club' }).click();
    await expectToast(page, `${name} is back in the club.`);
    await page.locator('#membership').getByText('In the club', { exact: true }).waitFor();
    await searchPlayers(page, name);
    await page.getByRole('link', { name, exact: true }).waitFor();

    // Delete for good from the player page: titled with their name, listing what goes.
    await openPlayer(page, name);
    await page.getByRole('button', { name: 'Delete for good' }).click();
    const erasing = page.getByRole('dialog', { name: `Delete ${name}?` });
    const list = erasing.getByRole('list', { name: `What deleting ${name} removes` });
    await list.waitFor();
    const items = await list.getByRole('listitem').allTextContents();
    expect(items).toContain(`Their login ${username}`);
    expect(items.some((i) => i.startsWith('Payments'))).toBe(false);
    // The ledger keeps their charge and payment without their name (issue 31): the dialog says so.
    expect(await erasing.getByRole('list', { name: `What stays after deleting ${name}` }).textContent()).toMatch(/Charges and payments in the accounts: \d+/);
    expect(await erasing.textContent()).toContain('Left the club');
    await expectNoAxeViolations(page, 'delete confirmation with what goes');
    await shot(page, 'admin-player-delete');
    await erasing.getByRole('button', { name: 'Cancel' }).click();
    await erasing.waitFor({ state: 'hidden' });

    // At 320 px: the player page, the confirmation and the list of those who left fit.
    const small = await b.newPage({ viewport: SMALL });
    await signIn(small, 'admin', b.adminPassword);
    await openPlayer(small, name);
    await noSidewaysScroll(small, 'player page');
    await small.getByRole('button', { name: 'Delete for good' }).click();
    await small.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('list', { name: `What deleting ${name} removes` }).waitFor();
    await noSidewaysScroll(small, 'delete confirmation');
    await small.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Cancel' }).click();
    await small.getByRole('button', { name: 'Left the club' }).click();
    await small.getByRole('dialog', { name: `${name} has left the club?` }).waitFor();
    await noSidewaysScroll(small, 'Left the club confirmation');
    await small.getByRole('dialog', { name: `${name} has left the club?` }).getByRole('button', { name: 'Left the club' }).click();
    await expectToast(small, `${name} has left the club.`);
    await openAdminTab(small, '/admin/players');
    await small.getByRole('button', { name: /^Show players who left/ }).click();
    await small.locator('#players-who-left-list').getByRole('link', { name, exact: true }).waitFor();
    await noSidewaysScroll(small, 'players who left');
    await shot(small, 'admin-players-who-left');
    await small.locator('#players-who-left-list').getByRole('link', { name, exact: true }).click();
    await small.getByRole('button', { name: 'Back in the club' }).click();
    await expectToast(small, `${name} is back in the club.`);

    // Delete from the list: the same named confirmation; deleting removes the row.
    await searchPlayers(page, name);
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const fromList = page.getByRole('dialog', { name: `Delete ${name}?` });
    await fromList.getByRole('listitem').filter({ hasText: 'Charges and payments in the accounts' }).waitFor();
    await fromList.getByRole('button', { name: 'Delete for good' }).click();
    await expectToast(page, 'Player deleted successfully!');
    await page.getByRole('link', { name, exact: true }).waitFor({ state: 'detached' });
  });
});
