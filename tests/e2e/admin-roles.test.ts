import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, signIn, useBrowser } from '../support/browser';

// Issue 21: People & roles. An admin gives and removes club roles and team staff places, each change
// recorded; a manager sees their own team's match week only, and the public squad lists them as staff.
const b = useBrowser();
const SMALL = { width: 320, height: 700 };

const clubDate = (daysAhead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + daysAhead * 86_400_000));

const noSidewaysScroll = async (page: Page, where: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(page.viewportSize()!.width);

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A Senior player with a login whose password the admin chose. */
async function playerWithLogin(api: Api, name: string, username: string, password: string) {
  const created = await api.post('/api/players', { full_name: name, jersey_number: 45, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const login = await api.post('/api/admin/create-player-account', { player_id: created.body.id, username, email: `${username}@example.com`, password });
  expect(login.status, JSON.stringify(login.body)).toBeLessThan(300);
  return created.body as { id: string; full_name: string };
}

async function upcomingFixtures(api: Api, tag: string) {
  const teams = (await api.get('/api/teams')).body as { id: string; name: string }[];
  const byName = (name: string) => teams.find((t) => t.name === name)!;
  const made: Record<string, string> = {};
  for (const [name, days] of [['Vets', 5], ['Senior', 6]] as const) {
    const away = `${name} Rivals ${tag}`;
    const res = await api.post('/api/fixtures', { away_team: away, match_date: clubDate(days), match_time: '14:00', venue: 'Home', competition: 'League', is_home: true, status: 'upcoming', team_id: byName(name).id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made[name] = away;
  }
  return made;
}

describe('People & roles (admin)', () => {
  it('gives and removes a club role, adds a Vets manager who then runs only the Vets match week and is listed as staff', async () => {
    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const tag = unique();
    const secretary = await playerWithLogin(api, `Sam Secretary ${tag}`, `sec_${tag}`, 'secretary-password-1');
    const manager = await playerWithLogin(api, `Morgan Manager ${tag}`, `mgr_${tag}`, 'manager-password-1');
    const fixtures = await upcomingFixtures(api, tag);

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/roles');
    await page.getByRole('heading', { name: 'People & roles' }).first().waitFor();

    // Give role with nobody chosen: the summary and the field both say so; focus goes to the summary.
    const giveForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Give role' }) });
    await giveForm.getByRole('button', { name: 'Give role' }).click();
    const summary = giveForm.getByRole('alert').filter({ hasText: 'Choose a person' }).first();
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'alert' ? document.activeElement.textContent : ''))).toContain('Choose a person');
    const personSelect = giveForm.getByLabel(/^Person/);
    const errorId = `${await personSelect.getAttribute('id')}-error`;
    expect(await giveForm.locator(`[id="${errorId}"]`).textContent()).toBe('Choose a person');
    expect(await personSelect.getAttribute('aria-describedby')).toContain(errorId);
    await expectNoAxeViolations(page, 'roles page with the empty-person error');
    await shot(page, 'admin-roles-error');

    // Give the secretary role: toast, listed, in the Changes log.
    await giveForm.getByLabel(/^Person/).selectOption({ label: `${secretary.full_name} (sec_${tag})` });
    await giveForm.getByLabel(/^Role/).selectOption({ label: 'Secretary' });
    await giveForm.getByRole('button', { name: 'Give role' }).click();
    await settledToast(page, `${secretary.full_name} is now secretary.`);
    const removeSecretary = page.getByRole('button', { name: `Remove Secretary from ${secretary.full_name}` });
    await removeSecretary.waitFor();
    const changes = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Changes' }) }).last();
    await changes.getByText(new RegExp(`made ${secretary.full_name} Secretary`)).waitFor();
    await expectNoAxeViolations(page, 'roles page after giving a role');

    // Remove it via the confirmation.
    await removeSecretary.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${secretary.full_name} will no longer be secretary.`).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, `${secretary.full_name} is no longer secretary.`);
    await removeSecretary.waitFor({ state: 'detached' });
    await changes.getByText(new RegExp(`removed ${secretary.full_name} as Secretary`)).waitFor();

    // Add a player as Manager of the Vets.
    const staffForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add to staff' }) });
    await staffForm.getByLabel(/^Person/).selectOption({ label: manager.full_name });
    await staffForm.getByLabel(/^Team/).selectOption({ label: 'Vets' });
    await staffForm.getByLabel(/^Role/).selectOption({ label: 'Manager' });
    await staffForm.getByRole('button', { name: 'Add to staff' }).click();
    await settledToast(page, `${manager.full_name} is now manager of Vets.`);
    await page.getByRole('button', { name: `Remove ${manager.full_name} from Vets staff` }).waitFor();
    await changes.getByText(new RegExp(`made ${manager.full_name} Manager of Vets`)).waitFor();
    await expectNoAxeViolations(page, 'roles page after adding staff');
    await shot(page, 'admin-roles');

    // The manager signs in: Match week lists the Vets fixture and not the Senior one.
    const theirs = await b.newPage({ viewport: PHONE });
    await signIn(theirs, `mgr_${tag}`, 'manager-password-1');
    await openAdminTab(theirs, '/admin');
    const menu = theirs.getByRole('navigation').locator('summary').filter({ hasText: 'Menu' });
    await menu.click();
    const tabs = theirs.getByRole('navigation').getByRole('link');
    expect(await tabs.allTextContents()).not.toContain('People & roles');
    await tabs.filter({ hasText: /^Match week$/ }).first().click();
    await theirs.waitForURL('**/admin/matchweek');
    await theirs.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' });
    const list = theirs.getByRole('navigation', { name: 'Upcoming fixtures' });
    await list.getByText(fixtures.Vets).first().waitFor();
    expect(await list.getByText(fixtures.Senior).count()).toBe(0);

    // The public squad lists them under Staff as "Manager, Vets".
    await theirs.goto('/squad');
    const staffSection = theirs.locator('section').filter({ has: theirs.getByRole('heading', { name: 'Staff', exact: true }) }).last();
    const card = staffSection.locator('*').filter({ has: theirs.getByRole('heading', { name: manager.full_name }) }).last();
    await expect.poll(() => card.textContent()).toContain('Manager, Vets');

    // At 320 px the page fits.
    const small = await b.newPage({ viewport: SMALL });
    await signIn(small, 'admin', b.adminPassword);
    await openAdminTab(small, '/admin/roles');
    await small.getByRole('button', { name: 'Give role' }).waitFor();
    await noSidewaysScroll(small, 'People & roles');
    await small.getByRole('button', { name: 'Give role' }).click();
    await small.getByRole('alert').filter({ hasText: 'Choose a person' }).first().waitFor();
    await noSidewaysScroll(small, 'People & roles with an error');

    // On a desktop, for reviewing the layout (SCREENSHOT_DIR).
    if (process.env.SCREENSHOT_DIR) {
      const wide = await b.newPage({ viewport: { width: 1280, height: 900 } });
      await signIn(wide, 'admin', b.adminPassword);
      await openAdminTab(wide, '/admin/roles');
      await shot(wide, 'admin-roles');
    }
  });
});
