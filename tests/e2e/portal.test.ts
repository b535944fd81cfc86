import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/players';
import { fetchJson } from '../support/api-client';
import { PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { AWAITING_APPROVAL_TITLE } from '../../shared/members';
import { formatDateGB } from '../../shared/dates';

const b = useBrowser();

const unique = () => randomBytes(4).toString('hex');

const api = <T = Record<string, unknown>>(path: string, init: Parameters<typeof fetchJson>[2] = {}) => fetchJson<T>(b.baseURL, path, init);

async function token(username: string, password: string) {
  const res = await api<{ access_token: string }>('/api/auth/login', { body: { username, password } });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

/** Fills the /register form through the page, like a person would. */
async function fillRegistration(page: Page, values: { username: string; email: string; password: string; confirm: string }) {
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm);
  await page.getByLabel('Full name').fill('Jordan Portal');
  await page.getByLabel('Phone number').fill('07700 900777');
  await page.getByLabel('Date of birth').fill('1996-08-21');
  await page.getByLabel('Preferred position').selectOption('Midfielder');
  await page.getByLabel('Emergency contact name').fill('Alex Portal');
  await page.getByLabel('Emergency contact phone').fill('07700 900888');
}

describe('Player registration', () => {
  it('Registration reports every problem at once in one summary: a short password, a wrong confirmation and a taken username', async () => {
    const page = await b.newPage();
    await page.goto('/register');
    await hydrated(page);
    await fillRegistration(page, { username: 'admin', email: `e2e_${unique()}@example.com`, password: '12345', confirm: '12346' });
    await page.getByRole('button', { name: 'Register' }).click();
    const summary = page.locator('[data-error-summary]');
    await summary.getByRole('heading', { name: 'There are 3 problems' }).waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'That username is already registered. Please choose another.',
      'Password must be at least 8 characters long',
      'Passwords do not match',
    ]);
    // The message also sits beside each field, and the values typed are kept (not the passwords).
    expect(await page.locator(`#field-username-error`).textContent()).toBe('That username is already registered. Please choose another.');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Jordan Portal');
  });
});

describe("The players' portal: a new player's first visit", () => {
  it('A new player registers, signs in, and sees every tab filled with what the club published', async () => {
    const username = `e2e_${unique()}`;
    const password = 'portal-pass-1';
    const page = await b.newPage();
    await page.goto('/register');
    await hydrated(page);
    await fillRegistration(page, { username, email: `${username}@example.com`, password, confirm: password });
    await page.getByRole('button', { name: 'Register' }).click();
    // Signed in at once (ADR 026): the Players' Area welcomes the new player.
    await page.waitForURL('**/players-area?welcome');
    await page.getByRole('heading', { name: 'Registration successful!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/players-area');
    const header = page.getByRole('main').locator('header').first();
    expect(await header.getByRole('heading', { level: 1 }).textContent()).toBe('Jordan Portal');
    expect(await header.textContent()).toContain('Midfielder');
    // Nothing owed yet, and no training recorded: the tile says so (no invented 95 %).
    await page.getByText("You're up to date with your payments").waitFor();
    expect(await page.getByTestId('training-attendance').textContent()).toBe('No sessions recorded yet');
    expect(await page.getByText('95%').count()).toBe(0);
    // Waiting for approval, the other tabs send it back to its status (issue 30).
    await page.goto('/players-area/feedback');
    await page.waitForURL((url) => url.pathname === '/players-area');

    // The club publishes things through the API, as the admin panel does.
    const admin = await token('admin', b.adminPassword);
    const playerToken = await token(username, password);
    const me = await api<{ id: string }>('/api/players/me', { token: playerToken });
    const playerId = me.body.id;
    // Until the club approves the registration (issue 21) the member is in no team, and told so.
    expect(await page.getByTestId('awaiting-approval').getByRole('heading').textContent()).toBe(AWAITING_APPROVAL_TITLE);
    expect((await api(`/api/admin/registrations/${playerId}/approve`, { token: admin, body: {} })).status).toBe(200);
    const subject = `Training kit ${unique()}`;
    expect((await api(`/api/players/${playerId}/payments`, { token: admin, body: { description: 'Season subscription', amount: 45.5, due_date: '2026-09-01' } })).status).toBe(201);
    expect((await api(`/api/players/${playerId}/feedback`, { token: admin, body: { category: 'Performance', feedback: 'Superb vision in midfield.', rating: 4 } })).status).toBe(201);
    expect((await api(`/api/players/${playerId}/stats`, { method: 'PUT', token: admin, body: { matches_played: 8, matches_started: 6, goals: 3, assists: 5, minutes_played: 610, yellow_cards: 1, red_cards: 0 } })).status).toBe(200);
    expect((await api('/api/documents', { token: admin, body: { title: `Code of conduct ${unique()}`, url: 'https://example.org/conduct', player_id: playerId } })).status).toBe(201);
    expect((await api('/api/messages', { token: admin, body: { subject, body: 'New shirts arrive on Thursday.', player_id: playerId } })).status).toBe(201);

    // Dashboard: what is owed, the tiles, notifications; approved, so nothing waits any more.
    await page.reload();
    expect(await page.getByTestId('awaiting-approval').count()).toBe(0);
    await page.getByText('You have £45.50 outstanding').waitFor();
    // Stats entered by staff never include training attendance: it comes from recorded sessions only.
    expect(await page.getByTestId('training-attendance').textContent()).toBe('No sessions recorded yet');
    const notes = page.getByRole('region', { name: 'Notifications' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Notifications' }) }));
    await notes.getByText('New payment request: Season subscription').waitFor();

    // Each tab is its own page.
    const tab = (name: string) => page.getByRole('navigation', { name: "Players' Area sections" }).getByRole('link', { name, exact: true });
    await tab('Payments').click();
    await page.waitForURL('**/players-area/payments');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.textContent()).toContain('Season subscription');
    expect(await table.textContent()).toContain('£45.50');
    expect(await table.textContent()).toContain('01/09/2026');
    // Due on 1 September 2026 and still owed: overdue, as the admin's pages say too (issue 31).
    expect(await table.textContent()).toContain('Overdue');

    await tab('Coach Feedback').click();
    await page.waitForURL('**/players-area/feedback');
    await page.getByText('Superb vision in midfield.').waitFor();
    expect(await page.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    expect(await page.getByText('4/5').count()).toBe(1);
    expect(await page.getByText(formatDateGB(todayIso())).count()).toBeGreaterThan(0);

    await tab('Schedule').click();
    await page.waitForURL('**/players-area/schedule');
    // A new player is in the Senior team: its Tuesday and Thursday 19:00-21:00 sessions, dated, with its matches.
    await page.getByRole('heading', { name: 'Schedule', exact: true }).waitFor();
    const sessions = page.getByTestId('schedule-training');
    expect(await sessions.count()).toBeGreaterThanOrEqual(15);
    expect(await sessions.first().textContent()).toContain('Senior training');
    expect(await sessions.first().textContent()).toContain('19:00 – 21:00 · Main training ground');
    expect(await page.getByRole('heading', { name: /^Tuesday, / }).count()).toBeGreaterThanOrEqual(7);

    await tab('Documents').click();
    await page.waitForURL('**/players-area/documents');
    expect(await page.getByRole('link', { name: /Open link Code of conduct/ }).getAttribute('href')).toBe('https://example.org/conduct');

    await tab('My Stats').click();
    await page.waitForURL('**/players-area/stats');
    await page.getByRole('heading', { name: 'Season Statistics' }).waitFor();
    expect(await page.getByText('0.38').count()).toBe(1); // 3 goals in 8 matches
    expect(await page.getByText('6/8').count()).toBe(1);
    expect(await page.getByText('Clean Record!').count()).toBe(0);

    await tab('Messages').click();
    await page.waitForURL('**/players-area/messages');
    await hydrated(page);
    const message = page.locator('details', { hasText: subject });
    await message.waitFor();
    expect(await message.getByText('New', { exact: true }).count()).toBe(1);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/players-area/messages')),
      message.locator('summary').click(),
    ]);
    await page.getByText('New shirts arrive on Thursday.').waitFor();
    await page.reload();
    expect(await page.locator('details', { hasText: subject }).getByText('New', { exact: true }).count()).toBe(0);
  });
});

describe("The players' portal: reloads and staff", () => {
  it('A notification marked read stays read after a reload, and profile edits survive a reload', async () => {
    const username = `e2e_${unique()}`;
    const password = 'portal-pass-2';
    const registered = await api('/api/players/register', {
      body: {
        username,
        password,
        email: `${username}@example.com`,
        full_name: 'Casey Reload',
        phone_number: '07700 900111',
        date_of_birth: '1990-01-15',
        position_preference: 'Goalkeeper',
        emergency_contact_name: 'Robin Reload',
        emergency_contact_phone: '07700 900222',
      },
    });
    expect(registered.status).toBe(201);
    const admin = await token('admin', b.adminPassword);
    const playerId = (registered.body as { player_id: string }).player_id;
    // Approved: a registration still waiting opens its status and profile only (issue 30).
    expect((await api(`/api/admin/registrations/${playerId}/approve`, { token: admin, body: {} })).status).toBe(200);
    await api(`/api/players/${playerId}/feedback`, { token: admin, body: { category: 'Training', feedback: 'Great handling today.', rating: 5 } });

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, username, password);
    await hydrated(page);
    const note = page.getByRole('button', { name: /New training feedback from Club Administrator/ });
    expect(await note.textContent()).toContain('(select to mark as read)');
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), note.click()]);
    await page.reload();
    const readNote = await page.getByRole('button', { name: /New training feedback from Club Administrator/ }).textContent();
    expect(readNote).toContain(' · Read');
    expect(readNote).not.toContain('mark as read');

    await page.goto('/players-area/payments');
    // docs/product.md#players-area: an empty tab says what will appear there, not "up to date" with nothing asked.
    await page.getByText('No payment records found').waitFor();
    await page.getByText('When the club asks you to pay subs or a match fee, it appears here').waitFor();
    expect(await page.getByText("You're up to date with your payments").count()).toBe(0);

    // My Profile: 'Not set' placeholders, then an edit that is saved.
    await page.goto('/players-area/profile');
    expect(await page.getByText('Not set').count()).toBeGreaterThan(0);
    await hydrated(page);
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByLabel('Address').fill('12 Riverside Road');
    await page.getByLabel('Preferred position').selectOption('Defender');
    await page.getByLabel('Tuesday').check();
    await page.getByLabel('Saturday').check();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.reload();
    const profile = await page.getByRole('main').locator('dl').textContent();
    expect(profile).toContain('12 Riverside Road');
    expect(profile).toContain('Defender');
    expect(profile).toContain('Tuesday, Saturday');
    expect(profile).toContain('15/01/1990');

    // On a phone the tabs fold into a menu (nothing scrolls sideways) and every one is reachable.
    const nav = page.getByRole('navigation', { name: "Players' Area sections" });
    await nav.locator('summary').click();
    await nav.getByRole('link', { name: 'My Stats' }).click();
    await page.waitForURL('**/players-area/stats');
    // No match recorded yet: no wall of zeros and no "Clean Record!" for matches never played (docs/product.md#players-area).
    await page.getByRole('heading', { name: 'Season Statistics' }).waitFor();
    await page.getByText('No match stats yet').waitFor();
    expect(await page.getByText('Clean Record!').count()).toBe(0);
    expect(await page.getByText('0.00').count()).toBe(0);
  });

  it('Staff without a player record see a friendly note instead of the tabs', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/players-area');
    await page.getByRole('heading', { name: 'No player profile on this account' }).waitFor();
    expect(await page.getByRole('navigation', { name: "Players' Area sections" }).count()).toBe(0);
  });
});
