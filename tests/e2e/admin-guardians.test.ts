import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, settledToast, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { bornYearsAgo } from '../support/ages';
import { PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { juniorTeamWithOfficer } from '../support/junior-team';

// Issue 23: the admin's Parents & carers page at 390 px: "I am a parent" requests approved (a new
// junior) and turned down (a reason, required), a child's parents and carers listed, an invitation sent.
const b = useBrowser();
const SMALL = { width: 320, height: 700 };

/** A login with no player record, asking to be linked to a child (through the register page's flow's service, via the API). */
async function parentAsking(tag: string, name: string, child: string) {
  const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
  const created = await admin.post('/api/players', { full_name: `${name} ${tag}`, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
  const username = `${name.split(' ')[0]!.toLowerCase()}_${tag}`;
  expect(
    (
      await admin.post('/api/admin/create-player-account', {
        player_id: created.body.id,
        username,
        email: `${username}@example.com`,
        password: 'parent-password-1',
      })
    ).status,
  ).toBeLessThan(300);
  const parent = await apiAs(b.baseURL, username, 'parent-password-1');
  const asked = await parent.post('/api/guardian-requests', { child_name: `${child} ${tag}`, child_date_of_birth: bornYearsAgo(10), relationship: 'Father' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return { parent, name: `${name} ${tag}` };
}

/** A junior team for the new child (issue 31: chosen at approval); a junior team needs a welfare officer first. */
async function juniorTeam(tag: string) {
  return (await juniorTeamWithOfficer(b.baseURL, b.adminPassword, tag)).team.name;
}

describe('Parents & carers (admin)', () => {
  it('approves one request as a new junior, turns one down with a reason, lists the child’s parents and sends an invitation', async () => {
    const tag = unique();
    const first = await parentAsking(tag, 'Fred Father', 'Finn Father');
    const second = await parentAsking(tag, 'Gary Guess', 'Gail Guess');
    const team = await juniorTeam(tag);
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    // Today counts the requests waiting (issue 31) and its card leads to them.
    await openAdminTab(page, '/admin');
    const card = page.getByRole('region', { name: 'Parents’ requests' });
    await card.waitFor();
    expect(Number((await card.locator('p').first().locator('span').first().textContent())?.trim())).toBeGreaterThanOrEqual(2);
    await card.getByRole('link', { name: 'Review parents’ requests' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/guardians');
    await page.getByRole('heading', { name: 'Parents & carers' }).first().waitFor();
    await expectNoAxeViolations(page, 'parents and carers page');
    await noSidewaysScroll(page, 'parents and carers page');

    const firstCard = page.getByRole('article', { name: `${first.name} for Finn Father ${tag}` });
    // A new child needs their junior team (issue 31): asked for next to the field, then chosen.
    await firstCard.getByRole('button', { name: `Approve ${first.name}` }).click();
    await firstCard.getByText('Choose the junior team this child plays for').waitFor();
    await expectNoAxeViolations(page, 'the junior team error');
    await firstCard.getByLabel(/^Their junior team/).selectOption({ label: team });
    await firstCard.getByRole('button', { name: `Approve ${first.name}` }).click();
    await settledToast(page, `${first.name} is linked to Finn Father ${tag}.`);
    const children = (await first.parent.get('/api/guardians/me/children')).body as Array<{ full_name: string; level: string }>;
    expect(children).toEqual([expect.objectContaining({ full_name: `Finn Father ${tag}`, level: 'primary' })]);

    const secondCard = page.getByRole('article', { name: `${second.name} for Gail Guess ${tag}` });
    await secondCard.getByRole('button', { name: `Turn down ${second.name}` }).click();
    await secondCard.getByText('Reason is required').waitFor();
    await expectNoAxeViolations(page, 'the reason error');
    await secondCard.getByLabel(/^Reason/).fill('We have no player of that name: please ask the team manager.');
    await secondCard.getByRole('button', { name: `Turn down ${second.name}` }).click();
    await settledToast(page, `The request is turned down; ${second.name} is told why.`);
    expect((await second.parent.get('/api/guardian-requests?status=rejected')).body[0]).toMatchObject({
      reason: 'We have no player of that name: please ask the team manager.',
    });

    // The new junior's parents, then an invitation for a second parent.
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' });
    await page
      .getByLabel('Child', { exact: true })
      .first()
      .selectOption({ label: `Finn Father ${tag}` });
    await page.getByText(`${first.name}`).last().waitFor();
    const invite = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send invitation' }) });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByRole('alert').first().waitFor();
    await invite.getByLabel(/^Child/).selectOption({ label: `Finn Father ${tag}` });
    await invite.getByLabel(/^Their e-mail/).fill(`mum-${tag}@example.com`);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await settledToast(page, `Invitation sent to mum-${tag}@example.com.`);
    await expectNoAxeViolations(page, 'after inviting');
    await page.setViewportSize(SMALL);
    await noSidewaysScroll(page, 'parents and carers page');
  });
});
