import { describe, expect, it } from 'vitest';
import { apiClient, registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { hydrated, PHONE, signIn, useBrowser } from '../support/browser';

// Issue 21: the secretary approves registrations from the Today view, on a phone: as a new player,
// or linked onto the club's record of the same person; rejecting asks for a reason.
const b = useBrowser();
const NARROWEST = { width: 320, height: 640 };

const sidewaysScroll = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('Registrations in the admin panel', () => {
  it('Today shows new registrations; one is linked to the existing record, another rejected with a reason, at 390 px', async () => {
    const admin = await apiClient(b.baseURL, 'admin', b.adminPassword);
    const tag = Math.random().toString(36).slice(2, 8);
    const existing = await admin<{ id: string }>('/api/players', {
      body: { full_name: `Kim Existing ${tag}`, position: 'Defender', team_type: 'Senior', nationality: 'English', jersey_number: 31 },
    });
    const linked = await registerPlayer(b.baseURL, 'link', { full_name: `Kim Existing ${tag}`, phone_number: '07700 900777' }, { pending: true });
    const rejected = await registerPlayer(b.baseURL, 'nope', { full_name: `Rex Rejected ${tag}` }, { pending: true });

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await hydrated(page);
    const card = page.getByRole('region', { name: 'New registrations' });
    expect(Number(await card.locator('.text-4xl').textContent())).toBeGreaterThanOrEqual(2);
    await card.getByRole('link', { name: 'Review registrations' }).click();
    await page.waitForURL('**/admin/registrations');
    await hydrated(page);

    const mine = page.getByRole('article', { name: `Kim Existing ${tag}` });
    await mine.waitFor();
    await expectNoAxeViolations(page, 'registrations at 390 px');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // The club's record of the same name is offered first, and chosen.
    const offer = mine.getByRole('radio', { name: new RegExp(`Link to the club’s record of Kim Existing ${tag}`) });
    expect(await offer.isChecked()).toBe(true);
    await mine.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Kim Existing ${tag} is approved and linked to the club's record.`).waitFor();
    await mine.waitFor({ state: 'detached' });
    const player = await admin<{ id: string; has_login?: boolean; user_id?: string | null }[]>('/api/players');
    expect(player.filter((p) => p.id === existing.id)).toHaveLength(1);
    expect(player.some((p) => p.id === linked.playerId)).toBe(false);

    // Rejecting asks why, next to the field, before anything happens.
    const other = page.getByRole('article', { name: `Rex Rejected ${tag}` });
    await other.getByRole('button', { name: `Reject Rex Rejected ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject Rex Rejected ${tag}` });
    await dialog.getByRole('button', { name: 'Reject registration' }).click();
    expect(await dialog.getByText('Give a reason').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'reject dialog at 390 px');
    await dialog.getByLabel('Reason').fill('We are full for this season: try again in the summer.');
    await dialog.getByRole('button', { name: 'Reject registration' }).click();
    await page.getByText(`Rex Rejected ${tag}'s registration is rejected; they have been told why.`).waitFor();
    await other.waitFor({ state: 'detached' });
    const login = await fetch(`${b.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: rejected.username, password: rejected.password }),
    });
    expect(login.status).toBe(401);
  });

  it('fits 320 px with no sideways scrolling, and a waiting member sees that they wait', async () => {
    const waiting = await registerPlayer(b.baseURL, 'wait', {}, { pending: true });
    const page = await b.newPage({ viewport: NARROWEST });
    await signIn(page, 'admin', b.adminPassword);
    await page.goto('/admin/registrations');
    await hydrated(page);
    await page.getByRole('article').first().waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    const member = await b.newPage({ viewport: PHONE });
    await signIn(member, waiting.username, waiting.password);
    await member.getByRole('heading', { name: 'Waiting for the club to approve your registration' }).waitFor();
    await expectNoAxeViolations(member, 'players area while waiting');
  });
});
