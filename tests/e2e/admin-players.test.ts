import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, unique } from '../support/admin';
import { hydrated, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

async function squadPlayer(extra: Record<string, unknown> = {}) {
  const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
  const res = await api.post('/api/players', {
    full_name: `Pat Player ${unique()}`,
    jersey_number: 23,
    position: 'Defender',
    team_type: 'Senior',
    nationality: 'English',
    ...extra,
  });
  expect(res.status).toBeLessThan(300);
  return { api, player: res.body as { id: string; full_name: string; user_id: string | null } };
}

/** Players (one area since ADR 027): search for the player, open them from the list. */
async function openPlayer(page: Page, name: string) {
  await openAdminTab(page, '/admin/players');
  await page.getByRole('searchbox', { name: 'Search players' }).fill(name);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name: new RegExp(name), level: 2 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' });
}

/** Signs in on a fresh page and says where it landed, or the error shown. */
async function trySignIn(username: string, password: string) {
  const page = await b.newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await Promise.race([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('alert').waitFor()]);
  return new URL(page.url()).pathname;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describe('Players: logins, payments, stats and feedback (admin)', () => {
  it('The player page says whether they have a login; the admin creates a login (all fields required), the player signs in, and a password reset replaces the old one', async () => {
    const { player } = await squadPlayer();
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openPlayer(page, player.full_name);
    await page.getByText('Defender · Senior · No login', { exact: true }).waitFor();

    // Empty fields: nothing is sent, each field says what is missing.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/create-player-account')) sent.push(request.method());
    });
    await page.getByRole('button', { name: 'Create login' }).click();
    // A password is optional (left empty, the person is mailed a link to choose one, issue 21).
    for (const error of ['Username is required', 'Email is required']) await page.getByText(error).first().waitFor();
    expect(sent).toEqual([]);

    const username = `pat_${unique()}`;
    await page.getByLabel(labelled('Username')).fill(username);
    await page.getByLabel(labelled('Email')).fill(`${username}@example.com`);
    await page.getByLabel(labelled('Password')).fill('first-password-1');
    await page.getByRole('button', { name: 'Create login' }).click();
    await expectToast(page, 'Player account created successfully');
    await page.getByRole('button', { name: 'Reset password' }).waitFor();
    await page.getByText('Defender · Senior · Has login', { exact: true }).waitFor();
    expect(sent).toEqual(['POST']);

    expect(await trySignIn(username, 'first-password-1')).toBe('/players-area');

    await page.getByLabel(labelled('New password')).fill('second-password-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Password reset successfully');
    expect(await trySignIn(username, 'first-password-1')).toBe('/login');
    expect(await trySignIn(username, 'second-password-2')).toBe('/players-area');
  });

  it('The admin adds a payment (due today by default) and toggles it paid and back by clicking its status', async () => {
    const { player, api } = await squadPlayer();
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openPlayer(page, player.full_name);
    expect(await page.getByLabel(labelled('Due date')).inputValue()).toBe(today());

    await page.getByRole('button', { name: 'Add payment' }).click();
    await page.getByText('Description is required').first().waitFor();
    await page.getByLabel(labelled('Description')).fill('Spring subs');
    await page.getByLabel(labelled('Amount (£)')).fill('25');
    await page.getByRole('button', { name: 'Add payment' }).click();
    await expectToast(page, 'Payment added successfully');
    const row = page.getByRole('row').filter({ hasText: 'Spring subs' });
    await row.waitFor();
    expect(await row.textContent()).toContain('£25.00');

    await row.getByRole('button', { name: 'Outstanding: mark Spring subs as paid' }).click();
    await expectToast(page, 'Payment status updated successfully');
    await row.getByRole('button', { name: 'Paid: mark Spring subs as outstanding' }).waitFor();
    const [payment] = (await api.get(`/api/players/${player.id}/payments`)).body as any[];
    expect(payment).toMatchObject({ status: 'paid', amount: 25, due_date: today() });
    expect(payment.paid_date).toBeTruthy();

    await row.getByRole('button', { name: 'Paid: mark Spring subs as outstanding' }).click();
    await expectToast(page, 'Payment status updated successfully');
    await row.getByRole('button', { name: 'Outstanding: mark Spring subs as paid' }).waitFor();
    expect(((await api.get(`/api/players/${player.id}/payments`)).body as any[])[0].paid_date).toBeNull();
  });

  it('The admin adds feedback with a 1-5 rating, signed with their own name, and edits stats sending only what changed', async () => {
    const { player, api } = await squadPlayer();
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openPlayer(page, player.full_name);

    await page.getByRole('button', { name: 'Add feedback' }).click();
    await page.getByText('Feedback is required').first().waitFor();
    await page.getByLabel('Category').selectOption('Training');
    await page.getByText('4 stars').click();
    await page.getByLabel(labelled('Feedback')).fill('Great pressing from the front.');
    await page.getByRole('button', { name: 'Add feedback' }).click();
    await expectToast(page, 'Feedback added successfully');
    const item = page.getByRole('listitem').filter({ hasText: 'Great pressing from the front.' });
    await item.waitFor();
    expect(await item.textContent()).toContain('4/5');
    expect(await item.textContent()).toContain('Club Administrator');
    const [saved] = (await api.get(`/api/players/${player.id}/feedback`)).body as any[];
    expect(saved).toMatchObject({ coach_name: 'Club Administrator', category: 'Training', rating: 4, feedback: 'Great pressing from the front.' });

    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/api/players/${player.id}/stats`)) bodies.push(request.postDataJSON());
    });
    await page.getByLabel('Goals', { exact: true }).fill('5');
    await page.getByLabel('Minutes played').fill('90.7');
    await page.getByRole('button', { name: 'Save stats' }).click();
    await expectToast(page, 'Player stats updated successfully');
    expect(bodies).toEqual([{ goals: 5, minutes_played: 90 }]);
    expect((await api.get(`/api/players/${player.id}/stats`)).body).toMatchObject({ goals: 5, minutes_played: 90, assists: 0 });
  });
});

describe('Staff in the admin panel', () => {
  it('A staff member sees only Today, Players, Fixtures, Teams, Training, Match week, Match day, News and My account, is sent back from the other tabs, and can use theirs', async () => {
    const { player: staffPlayer, api } = await squadPlayer({ position: 'Staff', team_type: 'Staff', jersey_number: 0 });
    const username = `coach_${unique()}`;
    const created = await api.post('/api/admin/create-player-account', {
      player_id: staffPlayer.id,
      username,
      password: 'staff-password-1',
      email: `${username}@example.com`,
    });
    expect(created.status).toBeLessThan(300);
    // A coach of the first team: the panel's match-week tabs follow a place on a team's staff (issue 30).
    const senior = ((await api.get('/api/teams')).body as { id: string; slug: string }[]).find((t) => t.slug === 'senior')!;
    expect((await api.put('/api/admin/team-staff', { player_id: staffPlayer.id, team_id: senior.id, role: 'coach' })).status).toBeLessThan(300);
    const { player } = await squadPlayer();

    const page = await b.newPage();
    await signIn(page, username, 'staff-password-1');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await hydrated(page);
    const tabs = await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').allTextContents();
    expect(tabs).toEqual(['Today', 'Players', 'Fixtures', 'Teams', 'Training', 'Match week', 'Match day', 'News', 'My account']);

    for (const path of ['/admin/products', '/admin/orders', '/admin/treasury', '/admin/sponsors', '/admin/join-us', '/admin/settings', '/admin/documents', '/admin/messages', '/admin/outbox']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe('/admin');
    }

    // Fixtures work.
    await openAdminTab(page, '/admin/fixtures');
    await page.getByRole('button', { name: 'Add Fixture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fixture' });
    const opponent = `Staff Test FC ${unique()}`;
    await dialog.getByLabel(labelled('Opponent')).fill(opponent);
    await dialog.getByLabel(labelled('Competition')).fill('Friendly');
    await dialog.getByLabel(labelled('Date')).fill('2027-04-01');
    await dialog.getByLabel(labelled('Kick-off time')).fill('19:30');
    await dialog.getByLabel(labelled('Venue')).fill('Mill Lane');
    await dialog.getByRole('button', { name: 'Create Fixture' }).click();
    await expectToast(page, 'Fixture created successfully!');
    await page.getByRole('button', { name: new RegExp(`^Delete ${opponent}`) }).click();
    await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Fixture deleted successfully!');

    // News works.
    await openAdminTab(page, '/admin/news');
    await page.getByRole('button', { name: 'Add News article' }).waitFor();

    // Players: the list without Add, Edit or Delete; a player's stats and feedback only.
    await openAdminTab(page, '/admin/players');
    await page.getByRole('searchbox', { name: 'Search players' }).fill(player.full_name);
    await page.getByRole('link', { name: `Stats of ${player.full_name}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Player' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Edit ${player.full_name}` }).count()).toBe(0);
    expect(await page.getByRole('link', { name: `Payments of ${player.full_name}` }).count()).toBe(0);
    await openPlayer(page, player.full_name);
    expect(await page.getByRole('heading', { name: 'Season stats' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Feedback and manager notes' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Login account' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Payments' }).count()).toBe(0);
    await page.getByLabel('Assists').fill('3');
    await page.getByRole('button', { name: 'Save stats' }).click();
    await expectToast(page, 'Player stats updated successfully');
    await page.getByLabel(labelled('Feedback')).fill('Good session.');
    await page.getByRole('button', { name: 'Add feedback' }).click();
    await expectToast(page, 'Feedback added successfully');
  });
});
