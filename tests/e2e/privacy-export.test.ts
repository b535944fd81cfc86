import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, shot, unique } from '../support/admin';
import { bornYearsAgo } from '../support/ages';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { juniorTeamWithOfficer } from '../support/junior-team';

// Issue 34: the access download. At 390 px a parent downloads their child's data from the portal
// (the file is a ZIP with data.json about that child), and the data protection lead downloads a
// request's data from its page. Axe clean; nothing scrolls sideways at 320 px.
const b = useBrowser();
const SMALL = { width: 320, height: 700 };

async function checkPage(page: Page, where: string) {
  await expectNoAxeViolations(page, where);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(SMALL);
  await noSidewaysScroll(page, where);
  await page.setViewportSize(PHONE);
}

/** Clicks the download and opens the ZIP it saves. */
async function downloadZip(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
  const files = unzipSync(bytes);
  return { name: download.suggestedFilename(), files, data: JSON.parse(strFromU8(files['data.json']!)) };
}

/** A junior team (with the welfare officer junior teams need), a parent login, and their child approved into the team. */
async function familyOf(tag: string) {
  const { admin, team } = await juniorTeamWithOfficer(b.baseURL, b.adminPassword, tag);

  const created = await admin.post('/api/players', { full_name: `Priya Hale ${tag}`, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
  const username = `priya_${tag}`;
  const password = 'parent-password-1';
  const account = await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, email: `${username}@example.com`, password });
  expect(account.status, JSON.stringify(account.body)).toBeLessThan(300);
  const parent = await apiAs(b.baseURL, username, password);
  const childName = `Ada Hale ${tag}`;
  const asked = await parent.post('/api/guardian-requests', { child_name: childName, child_date_of_birth: bornYearsAgo(9), relationship: 'Mother' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const approved = await admin.post(`/api/guardian-requests/${asked.body.id}/approve`, { team_id: team.id, level: 'primary' });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { admin, username, password, childId: approved.body.player_id as string, childName, parentName: `Priya Hale ${tag}` };
}

/** A member made data protection lead by the admin. */
async function leadOf(tag: string) {
  const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
  const created = await admin.post('/api/players', { full_name: `Dana Lead ${tag}`, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
  const username = `dana_${tag}`;
  const password = 'lead-password-1';
  const account = await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, email: `${username}@example.com`, password });
  expect(account.status, JSON.stringify(account.body)).toBeLessThan(300);
  const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
  const role = await admin.post('/api/admin/club-roles', { user_id: logins.find((l) => l.username === username)!.user_id, role: 'data_protection_lead' });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  return { username, password, api: await apiAs(b.baseURL, username, password) };
}

describe('The access download', () => {
  it('a parent downloads their child’s data from the portal at 390 px', async () => {
    const tag = unique();
    const family = await familyOf(tag);
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, family.username, family.password);
    await page.goto(`/players-area/children/${family.childId}`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Ada’s data' });
    await section.getByText('A ZIP file with everything the club holds about Ada').waitFor();
    const link = section.getByRole('link', { name: 'Download Ada’s data' });
    await link.scrollIntoViewIfNeeded();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await checkPage(page, 'a child’s page with the download');
    await shot(page, 'privacy-child-download');

    const zip = await downloadZip(page, link);
    expect(zip.name).toMatch(new RegExp(`-data-ada-hale-${tag}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(zip.data.subjects).toEqual([{ name: family.childName }]);
    expect(zip.data.sections.profile.players[0]).toMatchObject({ id: family.childId, full_name: family.childName });
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['data.json', 'README.txt', 'profile.csv']));
    // That child only: the parent's own record is not in it.
    expect(JSON.stringify(zip.data)).not.toContain(family.parentName);

    // Their own copy, from their account page.
    await page.goto('/players-area/account');
    await hydrated(page);
    const own = page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' });
    await own.waitFor();
    await checkPage(page, 'the account page with the download');
    const mine = await downloadZip(page, own);
    expect(mine.data.subjects).toEqual([{ name: family.parentName }]);
  });

  it('the data protection lead downloads a request’s data from its page at 390 px', async () => {
    const tag = unique();
    const family = await familyOf(tag);
    const lead = await leadOf(tag);
    const recorded = await lead.api.post('/api/privacy/requests', {
      type: 'access',
      player_id: family.childId,
      requested_by_name: family.parentName,
      relationship: 'parent',
      received_on: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, lead.username, lead.password);
    await openAdminTab(page, `/admin/privacy/${recorded.body.id}`);
    const panel = page.getByRole('region', { name: 'Their data' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Their data' }) }));
    const link = panel.getByRole('link', { name: 'Download the data (ZIP)' });
    await link.scrollIntoViewIfNeeded();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await checkPage(page, 'a data request with the download');

    const zip = await downloadZip(page, link);
    expect(zip.data.subjects).toEqual([{ name: family.childName }]);
    expect(zip.data.sections.guardianships).toBeDefined();
    // The download is in the request's history.
    await panel.getByTestId('privacy-downloads').getByText(`Downloaded by Dana Lead ${tag}`).waitFor({ timeout: 15_000 });
    await checkPage(page, 'a data request after the download');
    await shot(page, 'privacy-request-download');
  });
});
