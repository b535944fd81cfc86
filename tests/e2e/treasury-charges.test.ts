/**
 * Issue 31 in the browser: the treasurer's screens. At 1280 px the treasurer makes a termly subs
 * plan with a family discount and charges it to U9 and U12 at once: the family with one child in
 * each gets the discount once per term, on the second child, said in words. At 390 px the treasurer
 * charges one member, reverses that charge with a reason and sets an unrelated bank line aside;
 * the secretary finds the charging part of the Money tab. Axe-clean in every state, nothing scrolls
 * sideways at 390 px. Its own server and database (like access-matrix-pages), to file children
 * under junior teams with their parent directly.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionPublications } from '../../server/db/schema';
import { expectToast, labelled, openAdminTab, shot, toastsGone, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, signIn, useBrowser } from '../support/browser';
import { startJuniorClub } from '../support/junior-club';
import { bornYearsAgo } from '../support/juniors';
import { type RunningServer } from '../support/server';
import { starlingCsv } from '../support/treasury';

const b = useBrowser();
let server: RunningServer;
let club: Awaited<ReturnType<typeof startJuniorClub>> | undefined;
type Login = { username: string; password: string };
let treasurer: Login;
let secretary: Login;
let family: { elder: string; younger: string };
let member: { name: string };
let grant: string;

async function noSideways(page: Page, state: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${state} scrolls sideways at ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  club = await startJuniorClub();
  server = club.server;
  const { db, json, people, team } = club;
  const admin = { body: { access_token: club.adminToken } };
  const t = await people.adult('Tess Treasurer', 'treasurer');
  const s = await people.adult('Sam Secretary', 'secretary');
  treasurer = t;
  secretary = s;
  const u9 = await team('U9 Wrens', 'U9');
  const u12 = await team('U12 Robins', 'U12');
  const elder = await people.child('Aarav Shah', bornYearsAgo(11), u12.slug);
  const younger = await people.child('Meera Shah', bornYearsAgo(8), u9.slug);
  await people.guardian('Priya Shah', [elder, 'primary'], [younger, 'primary']);
  const other = await people.child('Olly Other', bornYearsAgo(11), u12.slug);
  await people.guardian('Oscar Other', [other, 'primary']);
  family = { elder: 'Aarav Shah', younger: 'Meera Shah' };
  // A U12 match today whose squad is published: its match fees are charged from the screen.
  const today = new Date().toISOString().slice(0, 10);
  const fixture = await json('/api/fixtures', {
    token: admin.body.access_token,
    body: { away_team: 'Hilltop Juniors', match_date: today, match_time: '10:00', venue: 'Home ground', competition: 'League', is_home: true, team_id: u12.id },
  });
  expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
  await db.insert(selectionPublications).values({ fixture_id: fixture.body.id, published_at: new Date(), published_player_ids: [elder.id, other.id] });
  const adult = `Morgan Member ${unique()}`;
  await people.child(adult, '1990-05-05', 'senior', true);
  member = { name: adult };

  // A statement with money in that is nobody's payment: a grant.
  grant = `COUNTY FA ${unique().toUpperCase()}`;
  const form = new FormData();
  form.append('file', new File([starlingCsv([{ date: '2026-11-02', counterparty: grant, reference: 'GRANT', pence: 50000 }])], 's.csv', { type: 'text/csv' }));
  const preview = await fetch(new URL('/api/treasury/imports', server.baseURL), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form });
  const { id } = (await preview.json()) as { id: string };
  expect((await json(`/api/treasury/imports/${id}/commit`, { token: t.token, body: {} })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await club?.stop();
});

describe('Money: the treasurer charges', () => {
  it('at 1280 px makes a termly plan with a family discount and charges it to U9 and U12: the second child gets it, once per term, in words', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signIn(page, treasurer.username, treasurer.password);
    await openAdminTab(page, '/admin/treasury?view=plans');
    await page.getByRole('heading', { name: 'New plan' }).waitFor();
    await expectNoAxeViolations(page, 'plans, none yet');
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel(labelled('Name')).fill('Junior subs 2026-27');
    expect(await form.getByLabel(labelled('How it is paid')).inputValue()).toBe('termly');
    await form.getByLabel(labelled('Season’s total per member (£)')).fill('150.00');
    await form.getByLabel(labelled('First due date')).fill('2026-09-01');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expectToast(page, 'Plan “Junior subs 2026-27” created');

    const plan = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: 'Junior subs 2026-27' });
    await plan.waitFor();
    expect(await plan.textContent()).toContain('£150.00 a season in 3 termly charges (autumn, spring, summer), from 01/09/2026; family discount 10%');
    await plan.getByRole('button', { name: /^Charge to teams…/ }).click();
    await plan.getByLabel('U9 Wrens').check();
    await plan.getByLabel('U12 Robins').check();
    await expectNoAxeViolations(page, 'charging a plan');
    await plan.getByRole('button', { name: 'Charge this plan' }).click();
    const result = plan.getByTestId('charge-result');
    await result.waitFor();
    expect(await result.getByRole('status').textContent()).toBe('9 charges made for 3 members; 2 payers sent a payment request.');
    const made = result.getByRole('listitem');
    const discounted = made.filter({ hasText: 'Family discount 10%' });
    expect(await discounted.count()).toBe(3);
    for (const text of await discounted.allTextContents()) {
      expect(text).toContain(family.younger);
      expect(text).toContain('£45.00');
      expect(text).toContain(`Family discount 10%: second child of the family on this plan (${family.elder} is charged in full)`);
    }
    const elder = await made.filter({ hasText: family.elder }).filter({ hasNotText: 'Family discount' }).allTextContents();
    expect(elder).toHaveLength(3);
    for (const text of elder) expect(text).toContain('£50.00');
    const all = (await made.allTextContents()).join('\n');
    for (const term of ['Autumn term 2026 · due 01/09/2026', 'Spring term 2027 · due 01/01/2027', 'Summer term 2027 · due 01/04/2027']) expect(all).toContain(term);
    await expectNoAxeViolations(page, 'plan charged');
    await shot(page, 'treasury-plan-charged');
  });

});

describe('Money on a phone: charging, reversing, setting aside, the export', () => {
  it('at 390 px charges one member and a match’s fees, reverses the member’s charge with a reason, sets a grant aside and downloads the export', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, treasurer.username, treasurer.password);
    await openAdminTab(page, '/admin/treasury?view=charge');
    const form = page.getByRole('form', { name: 'Charge members' });
    await form.waitFor();
    await expectNoAxeViolations(page, 'charge');
    await noSideways(page, 'charge');
    await form.getByLabel('One member').check();
    const who = form.getByLabel(labelled('Member'));
    await who.selectOption((await who.locator('option', { hasText: member.name }).getAttribute('value'))!);
    await form.getByLabel(labelled('What for')).fill('Training top');
    await form.getByLabel(labelled('Amount (£)')).fill('15');
    await form.getByRole('button', { name: 'Charge', exact: true }).click();
    const result = page.getByTestId('charge-result');
    await result.waitFor();
    expect(await result.getByRole('status').textContent()).toBe('1 charge made for 1 member; 1 payer sent a payment request.');
    expect(await result.textContent()).toContain('£15.00');
    await expectNoAxeViolations(page, 'member charged');
    await noSideways(page, 'member charged');
    await shot(page, 'treasury-member-charged');

    const fees = page.getByRole('form', { name: 'Match fees' });
    const match = fees.getByLabel(labelled('Match'));
    await match.selectOption((await match.locator('option', { hasText: 'Hilltop Juniors' }).getAttribute('value'))!);
    expect(await match.locator('option:checked').textContent()).toContain('U12 Robins v Hilltop Juniors');
    expect(await match.locator('option:checked').textContent()).toContain('(2 players)');
    await fees.getByLabel(labelled('Fee per player (£)')).fill('3.50');
    await fees.getByRole('button', { name: 'Charge match fees' }).click();
    await expectToast(page, '2 match fees charged');
    const feeResult = page.getByRole('list', { name: 'Match fees charged' });
    expect(await feeResult.getByRole('listitem').count()).toBe(2);
    expect(await feeResult.textContent()).toContain('Match fee: Hilltop Juniors');
    await expectNoAxeViolations(page, 'match fees charged');
    await noSideways(page, 'match fees charged');

    await page.getByRole('link', { name: 'Charges & reversals' }).click();
    await page.getByLabel('Find by member, payer or what it is for').fill(member.name);
    const charge = page.getByRole('list', { name: 'Charges' }).getByRole('listitem').filter({ hasText: 'Training top' });
    await charge.waitFor();
    await expectNoAxeViolations(page, 'charges');
    await noSideways(page, 'charges');
    await charge.getByRole('button', { name: /^Reverse…/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this charge?' });
    await dialog.getByLabel(labelled('Reason')).fill('Charged the wrong member');
    await expectNoAxeViolations(page, 'reverse dialog');
    await shot(page, 'treasury-reverse');
    await dialog.getByRole('button', { name: 'Reverse charge' }).click();
    await expectToast(page, 'Charge reversed');
    await charge.getByText('Reversed', { exact: true }).waitFor();
    expect(await charge.getByRole('button', { name: /^Reverse…/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Bank statements' }).click();
    const line = page.getByRole('list', { name: 'Unmatched payments' }).getByRole('listitem').filter({ hasText: grant });
    await line.waitFor();
    await line.getByRole('button', { name: /^Set aside…/ }).click();
    const aside = page.getByRole('dialog', { name: 'Set this money aside?' });
    await aside.getByLabel(labelled('Reason')).fill('Grant from the county FA');
    await expectNoAxeViolations(page, 'set aside dialog');
    await aside.getByRole('button', { name: 'Set aside', exact: true }).click();
    await expectToast(page, 'Payment set aside');
    await line.waitFor({ state: 'detached' });
    await toastsGone(page);
    await expectNoAxeViolations(page, 'statements after setting aside');
    await noSideways(page, 'statements');

    await page.getByRole('link', { name: 'Arrears & export' }).click();
    await page.getByRole('link', { name: 'Download the ledger (CSV)' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the ledger (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe('club-ledger.csv');
    await expectNoAxeViolations(page, 'arrears and export');
    await noSideways(page, 'arrears and export');
    await shot(page, 'treasury-arrears');
  });

});

describe('Money for the secretary', () => {
  it('the secretary charges from the Money tab: Charge and Plans only, no plan form', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, secretary.username, secretary.password);
    await openAdminTab(page, '/admin/treasury');
    const nav = page.getByRole('navigation', { name: 'Money' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Charge', 'Plans']);
    await page.getByRole('form', { name: 'Charge members' }).waitFor();
    await nav.getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('list', { name: 'Plans' }).waitFor();
    expect(await page.getByRole('heading', { name: 'New plan' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'secretary plans');
    await noSideways(page, 'secretary plans');
  });
});
