import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { apiAs, expectToast, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

/**
 * The manager's match week through the production build, on a server of its own whose mail goes
 * to a real SMTP server started here (so the reminder's one-click links can be followed).
 */
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
type Api = Awaited<ReturnType<typeof apiAs>>;

async function playerIn(admin: Api, teamId: string, fullName: string, jersey: number) {
  const created = await admin.post<{ id: string }>('/api/players', {
    full_name: fullName, jersey_number: jersey, position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [teamId],
  });
  expect(created.status).toBe(201);
  const username = `mgr_${unique()}`;
  const password = 'manager-pass-1';
  const email = `${username}@example.com`;
  expect((await admin.post('/api/admin/create-player-account', { player_id: created.body.id, username, password, email })).status).toBe(201);
  return { id: created.body.id, username, password, email, fullName };
}

const countsText = async (page: Page) => (await page.getByTestId('availability-counts').innerText()).replace(/\s+/g, ' ').trim();

describe("The manager's match week", () => {
  it('sees counts and answers, reminds those who have not answered (once an hour), and a reminded player answers from the e-mail link', async () => {
    const admin = await apiAs(mailing.server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const teamName = `Firsts ${unique()}`;
    const team = await admin.post<{ id: string }>('/api/teams', { name: teamName });
    const at = new Date(Date.now() + 9 * 24 * 3_600_000);
    const fixture = await admin.post<{ id: string }>('/api/fixtures', {
      team_id: team.body.id, away_team: 'Hill Rangers', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Mill Lane', competition: 'League',
    });
    expect(fixture.status).toBe(201);
    const keen = await playerIn(admin, team.body.id, 'Kira Keen', 9);
    const slow = await playerIn(admin, team.body.id, 'Sol Slow', 4);

    const manager = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(manager, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(manager, `/admin/matchweek?fixture=${fixture.body.id}`);
    await manager.getByRole('heading', { name: `${teamName} vs Hill Rangers` }).waitFor();
    expect(await countsText(manager)).toBe('Available 0 Maybe 0 Unavailable 0 No answer 2');
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(manager, 'match week');
    await shot(manager, 'admin-matchweek');

    // The player answers in the portal: the manager's counts follow at once.
    const portal = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(portal, keen.username, keen.password);
    await hydrated(portal);
    await portal.getByTestId('next-match').getByRole('button', { name: 'Available', exact: true }).click();
    await portal.getByTestId('next-match').getByText('Saved: Available.').waitFor();
    await manager.reload();
    await hydrated(manager);
    await manager.getByTestId('availability-counts').waitFor();
    expect(await countsText(manager)).toBe('Available 1 Maybe 0 Unavailable 0 No answer 1');

    await manager.getByRole('button', { name: "Remind those who haven't answered" }).click();
    await settledToast(manager, 'Reminder sent to 1 player');
    await manager.getByRole('button', { name: "Remind those who haven't answered" }).click();
    await manager.getByRole('status').filter({ hasText: 'at most once an hour' }).waitFor();
    await manager.setViewportSize(DESKTOP);
    // From the top, as the page is read: scrolled, the sticky header covers whatever passes under it,
    // and axe counts a link half under it as a small target.
    await manager.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(manager, 'match week, reminded');
    await shot(manager, 'admin-matchweek');

    await waitFor(() => smtp.received.some((m) => m.to.includes(slow.email)), 15_000, 'the reminder');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp.received.filter((m) => m.to.includes(slow.email));
    expect(mails).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes(keen.email) && /Can you play/.test(m.subject))).toBe(false);
    const maybe = /^Maybe: (\S+)$/m.exec(mails[0].text)![1];

    for (const viewport of [PHONE, DESKTOP]) {
      // Opening the link (as a mail scanner would) changes nothing.
      const page = await b.newPage({ baseURL: mailing.server.baseURL, viewport });
      await page.goto(maybe);
      await page.getByRole('heading', { name: 'Your availability' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Maybe' }).isChecked()).toBe(true);
      await expectNoAxeViolations(page, 'availability link');
      await shot(page, 'availability-link');
      expect((await admin.get(`/api/fixtures/${fixture.body.id}/availability`)).body.counts.maybe).toBe(0);
    }
    const page = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await page.goto(maybe);
    await page.getByLabel('Note for the manager (optional)').fill('Depends on work');
    await page.getByRole('button', { name: 'Confirm my answer' }).click();
    await page.getByText('Thanks: you are down as Maybe.').waitFor();
    await manager.reload();
    await hydrated(manager);
    await manager.getByTestId('availability-counts').waitFor();
    expect(await countsText(manager)).toBe('Available 1 Maybe 1 Unavailable 0 No answer 0');
    await manager.getByText('“Depends on work”').waitFor();

    // Staff answer for a player (a phone call): recorded as on their behalf.
    await manager.getByLabel('Answer for Kira Keen').selectOption('unavailable');
    await settledToast(manager, 'Kira Keen: Unavailable');
    await manager.getByTestId('availability-player').filter({ hasText: 'Kira Keen' }).getByText('Answered for them by Club Administrator').waitFor();
    expect(await countsText(manager)).toBe('Available 0 Maybe 1 Unavailable 1 No answer 0');
    await expectNoAxeViolations(manager, 'match week, answered for a player');
  });
});

describe("The manager's squad", () => {
  it('picks starters and substitutes (warned about an unavailable player, refused a duplicate shirt), publishes to exactly them, sees a decline, and prints a one-page team sheet', async () => {
    const admin = await apiAs(mailing.server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const teamName = `Squad ${unique()}`;
    const team = await admin.post<{ id: string }>('/api/teams', { name: teamName });
    const at = new Date(Date.now() + 4 * 24 * 3_600_000);
    const fixture = await admin.post<{ id: string }>('/api/fixtures', {
      team_id: team.body.id, away_team: 'Valley Wanderers', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Mill Lane', competition: 'County Cup',
    });
    const names = ['Abel Archer', 'Bea Barton', 'Cal Crowther', 'Dee Dunmore', 'Eli Easton', 'Fay Fairbank', 'Gus Gellatly', 'Hal Hepworth', 'Ivy Illingworth', 'Jon Jessop',
      'Kat Kilbride', 'Lee Longbottom', 'Mo Merriweather', 'Ned Northcott', 'Ola Oyelaran-Smith', 'Pip Prendergast', 'Rae Rowbotham', 'Sue Sutcliffe'];
    const squad = [];
    for (const [i, name] of names.entries()) squad.push(await playerIn(admin, team.body.id, name, i + 1));
    const extra = await playerIn(admin, team.body.id, 'Zed Notpicked', 30);
    // Cal is unavailable (staff recorded it for him).
    expect((await admin.put(`/api/fixtures/${fixture.body.id}/availability/${squad[2].id}`, { status: 'unavailable', note: 'Wedding' })).status).toBe(200);

    const manager = await b.newPage({ baseURL: mailing.server.baseURL, viewport: DESKTOP });
    await signIn(manager, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(manager, `/admin/matchweek?fixture=${fixture.body.id}`);
    for (const [i, p] of squad.entries()) {
      await manager.getByLabel(`Role for ${p.fullName}`).selectOption(i < 11 ? 'starter' : 'substitute');
    }
    // A duplicate shirt number: the server's 422 detail is shown, nothing saved.
    await manager.getByLabel(`Shirt number for ${squad[1].fullName}`).fill('1');
    await manager.getByRole('button', { name: 'Save squad' }).click();
    await manager.getByRole('alert').filter({ hasText: 'Cal Crowther has said they are unavailable' }).waitFor();
    await expectNoAxeViolations(manager, 'squad, unavailable warning');
    await manager.getByRole('button', { name: 'Save anyway' }).click();
    await manager.getByRole('status').filter({ hasText: 'shirt number 1 is given to more than one player' }).waitFor();
    expect((await admin.get(`/api/fixtures/${fixture.body.id}/selection`)).body.players).toHaveLength(0);
    await manager.getByLabel(`Shirt number for ${squad[1].fullName}`).fill('2');
    await manager.getByRole('button', { name: 'Save squad' }).click();
    await manager.getByRole('button', { name: 'Save anyway' }).click();
    await settledToast(manager, 'Squad saved: 18 players');
    await expectNoAxeViolations(manager, 'squad saved');
    const before = smtp.received.length;
    await manager.getByRole('button', { name: 'Publish squad' }).click();
    await expectToast(manager, 'Squad published: 18 e-mails on their way');
    await shot(manager, 'admin-squad');

    await waitFor(() => smtp.received.slice(before).filter((m) => /You're in the squad/.test(m.subject)).length >= 18, 20_000, 'the squad mails');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const squadMails = smtp.received.slice(before).filter((m) => /You're in the squad/.test(m.subject));
    expect(squadMails.flatMap((m) => m.to).sort()).toEqual(squad.map((p) => p.email).sort());
    expect(squadMails.some((m) => m.to.includes(extra.email))).toBe(false);

    // A player declines on the dashboard (phone); staff are told, the manager sees it.
    const portal = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE });
    await signIn(portal, squad[4].username, squad[4].password);
    await hydrated(portal);
    const card = portal.getByTestId('selection');
    await card.getByText('Starting, shirt 5').waitFor();
    await expectNoAxeViolations(portal, 'dashboard, selected');
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByText('You declined: the manager has been told.').waitFor();
    await shot(portal, 'portal-selection');
    await portal.setViewportSize(DESKTOP);
    await expectNoAxeViolations(portal, 'dashboard, declined');
    await shot(portal, 'portal-selection');
    await waitFor(() => smtp.received.some((m) => m.subject === `Eli Easton declined: ${teamName} vs Valley Wanderers`), 15_000, 'the decline alert');
    await manager.reload();
    await hydrated(manager);
    await manager.getByTestId('squad-row').filter({ hasText: 'Eli Easton' }).getByText('Declined').waitFor();
    await manager.setViewportSize(PHONE);
    await expectNoAxeViolations(manager, 'squad, published');
    await shot(manager, 'admin-squad');

    // The team sheet: every selected player with number and name, on one A4 page; fine on a phone.
    for (const viewport of [PHONE, DESKTOP]) {
      await manager.setViewportSize(viewport);
      await manager.goto(`/team-sheet/${fixture.body.id}`);
      await manager.getByRole('heading', { name: `${teamName} v Valley Wanderers` }).waitFor();
      for (const [i, p] of squad.entries()) {
        expect(await manager.getByRole('row', { name: `${i + 1} ${p.fullName} Midfielder`, exact: true }).count(), p.fullName).toBe(1);
      }
      expect(await manager.getByText('Zed Notpicked').count()).toBe(0);
      expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(manager, 'team sheet');
      await shot(manager, 'team-sheet');
    }
    const pdf = (await manager.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  });
});
