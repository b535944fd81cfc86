import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { bornYearsAgo } from '../support/ages';
import { PHONE, hydrated, noSidewaysScroll, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

// Issue 23: a parent of two children in different teams. Invited by the club (a mailed link), they
// create a login, answer for both children in the Players' Area at 390 px (nothing scrolls sideways
// at 320 px, axe clean), answer from the mails' links too, give a consent; the manager sees who answered.
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

/** Two junior teams, a child in each with an upcoming match, and both invitations mailed to one parent. */
async function setUp(base: string, tag: string) {
  const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
  const teamOf = async (name: string) => {
    const res = await admin.post('/api/teams', { name: `${name} ${tag}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const [u10, u14] = [await teamOf('Under 10s'), await teamOf('Under 14s')];
  const child = async (full_name: string, years: number, team: string) => {
    const res = await admin.post('/api/players', {
      full_name,
      date_of_birth: bornYearsAgo(years),
      position: 'Midfielder',
      team_type: 'Senior',
      nationality: 'English',
      team_ids: [team],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const ruby = await child(`Ruby Reed ${tag}`, 9, u10);
  const leo = await child(`Leo Reed ${tag}`, 13, u14);
  const fixture = async (team: string, opponent: string) => {
    const res = await admin.post('/api/fixtures', {
      team_id: team,
      away_team: opponent,
      match_date: clubDate(6),
      match_time: '10:00',
      venue: 'Home Ground',
      competition: 'League',
      is_home: true,
      status: 'upcoming',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const rubyMatch = await fixture(u10, `Tiny Town ${tag}`);
  const leoMatch = await fixture(u14, `Teen Town ${tag}`);
  const email = `rachel-${tag}@example.com`;
  for (const [id, relationship] of [
    [ruby, 'Mother'],
    [leo, 'Mother'],
  ]) {
    const invited = await admin.post('/api/guardian-invitations', { player_id: id, email, level: 'primary', relationship });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  }
  await waitFor(() => smtp.received.filter((m) => m.to.includes(email) && /parent or carer link/.test(m.subject)).length === 2, 20_000, 'both invitations');
  const links = smtp.received
    .filter((m) => m.to.includes(email) && /parent or carer link/.test(m.subject))
    .map((m) => /(\/guardian-invitation\?token=[\w-]+)/.exec(m.text)![1]!);
  return { admin, ruby, leo, rubyMatch, leoMatch, email, links };
}

describe('A parent of two children in different teams', () => {
  it('accepts the invitations, answers for both from the Players’ Area and from the mails, gives a consent; the manager sees who answered', async () => {
    const tag = unique();
    const base = mailing.server.baseURL;
    const { admin, ruby, leo, rubyMatch, leoMatch, email, links } = await setUp(base, tag);

    // The first link: create a login at 390 px.
    const page = await b.newPage({ baseURL: base, viewport: PHONE });
    await page.goto(links[0]!);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Parent or carer invitation' }).waitFor();
    await checkPage(page, 'invitation page');
    await page.getByLabel('Your full name').fill('Rachel Reed');
    await page.getByLabel('Username').fill(`rachel_${tag}`);
    await page.getByLabel('Password').fill('a sturdy passphrase');
    await page.getByRole('button', { name: 'Create login and accept' }).click();
    await page.waitForURL('**/players-area/children');
    // The second link: signed in now, one tap.
    await page.goto(links[1]!);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL('**/players-area/children');
    await page.getByRole('heading', { name: 'My children' }).waitFor();
    await page.getByRole('link', { name: `Ruby Reed ${tag}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `Leo Reed ${tag}`, exact: true }).waitFor();
    await checkPage(page, 'my children');
    // A used link says so.
    const usedPage = await b.newPage({ baseURL: base, viewport: PHONE });
    await usedPage.goto(links[0]!);
    await usedPage.getByText('This invitation has been used already').waitFor();

    const whoAnswered = async (fixtureId: string, playerId: string) =>
      ((await admin.get(`/api/fixtures/${fixtureId}/availability`)).body.players as Array<{ player_id: string; status: string; answered_by: string }>).find(
        (p) => p.player_id === playerId,
      );

    // One mail per child: the manager asks; the parent answers Ruby's from the mail's link.
    for (const id of [rubyMatch, leoMatch]) expect((await admin.post(`/api/fixtures/${id}/availability/remind`)).status).toBe(200);
    await waitFor(
      () => smtp.received.filter((m) => m.to.includes(email) && /^For (Ruby|Leo): Can you play/.test(m.subject)).length === 2,
      20_000,
      'both requests',
    );
    const rubyMail = smtp.received.find((m) => m.to.includes(email) && /^For Ruby: Can you play/.test(m.subject))!;
    expect(rubyMail.text).toContain('parent or carer');
    const maybeLink = /(\/availability\?[^\s]*status=maybe[^\s]*)/.exec(rubyMail.text)![1]!;
    await page.goto(maybeLink);
    await hydrated(page);
    await checkPage(page, 'the answer link page');
    await page.getByRole('button', { name: 'Confirm my answer' }).click();
    await page.getByRole('status').filter({ hasText: 'Maybe' }).waitFor();
    expect(await whoAnswered(rubyMatch, ruby)).toMatchObject({ status: 'maybe', answered_by: 'A parent or carer (e-mail link)' });

    // Answer for each child in the Players' Area.
    for (const [name, opponent] of [
      [`Ruby Reed ${tag}`, `Tiny Town ${tag}`],
      [`Leo Reed ${tag}`, `Teen Town ${tag}`],
    ]) {
      await page.goto('/players-area/children');
      await page.getByRole('link', { name, exact: true }).click();
      await hydrated(page);
      const event = page.getByTestId('child-event').filter({ hasText: opponent });
      await event.getByRole('button', { name: 'Available', exact: true }).click();
      await expect.poll(() => event.getByRole('button', { name: 'Available', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await checkPage(page, `${name}'s page`);
    }
    expect(await whoAnswered(rubyMatch, ruby)).toMatchObject({ status: 'available', answered_by: 'Rachel Reed, mother' });
    expect(await whoAnswered(leoMatch, leo)).toMatchObject({ status: 'available', answered_by: 'Rachel Reed, mother' });

    // Consents: give the photo consent; it shows who gave it.
    await page.goto('/players-area/children');
    await page.getByRole('link', { name: `Consents for Ruby Reed ${tag}` }).click();
    await page.getByRole('button', { name: 'Give consent: Photos on the public website' }).waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Give consent: Photos on the public website' }).click();
    // A loaded machine (CI on two cores) can take a while to answer: wait up to 20 s.
    await expect.poll(() => page.getByTestId('consent-state-photo').textContent(), { timeout: 20_000 }).toMatch(/Given.*by Rachel Reed/);
    await checkPage(page, 'consents page');
  });

  it('registers from the register page as a parent or carer: errors next to the fields, then the request waits for the club', async () => {
    const tag = unique();
    const page = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await page.goto('/register');
    await page.getByRole('link', { name: 'I am a parent or carer' }).click();
    await page.getByRole('heading', { name: 'I am a parent or carer' }).waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Register and send my request' }).click();
    await page.getByRole('alert').first().waitFor();
    await checkPage(page, 'parent registration with errors');
    await page.getByLabel('Your full name').fill('Pat Parent');
    await page.getByLabel('Your phone number').fill('07700 900123');
    await page.getByLabel('Username').fill(`pat_${tag}`);
    await page.getByLabel('Email').fill(`pat-${tag}@example.com`);
    await page.getByLabel(/^Password/).fill('a sturdy passphrase');
    await page.getByLabel('Confirm password').fill('a sturdy passphrase');
    await page.getByLabel('Child’s full name').fill(`Penny Parent ${tag}`);
    await page.getByLabel('Child’s date of birth').fill(bornYearsAgo(10));
    await page.getByLabel('Your relationship to them').fill('Father');
    // A second child's row (issue 31), left blank: a blank row is no child.
    await page.getByRole('button', { name: 'Add another child' }).click();
    await page.getByRole('group', { name: 'Child 2' }).waitFor();
    await page.getByLabel(/^Password/).fill('a sturdy passphrase');
    await page.getByLabel('Confirm password').fill('a sturdy passphrase');
    await page.getByRole('button', { name: 'Register and send my request' }).click();
    await page.waitForURL('**/players-area/children');
    await page.getByRole('heading', { name: 'Waiting for the club' }).waitFor();
    await page.getByText(`Penny Parent ${tag}`).waitFor();
    await checkPage(page, 'my children, waiting');
  });
});
