import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';

// Issue 34: the lead runs an erasure with its preview, at 390 px: the identity check recorded, the
// preview per section as a list, "Erase permanently" confirmed in a dialog naming the person, the
// result under the pseudonym; the person is gone from the squad page. Axe clean at each step.
const b = useBrowser();

describe('Erasure (admin, data requests)', () => {
  it('previews, confirms and erases a member; they leave the squad page', async () => {
    const tag = unique();
    const name = `Erin Eraseme ${tag}`;
    const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const member = await admin.post('/api/players', { full_name: name, position: 'Midfielder', team_type: 'Senior', nationality: 'English' });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const request = await admin.post('/api/privacy/requests', {
      type: 'erasure',
      player_id: member.body.id,
      requested_by_name: name,
      relationship: 'self',
      received_on: today,
    });
    expect(request.status, JSON.stringify(request.body)).toBe(201);

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, `/admin/privacy/${request.body.id}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Erasure', exact: true }) });
    await panel.getByRole('button', { name: 'Preview erasure' }).click();
    await panel.getByText(`Erasing ${name} would:`).waitFor();
    await panel.getByText('Record the day the person’s identity was checked first.').waitFor();
    await expectNoAxeViolations(page, 'the erasure preview');
    await noSidewaysScroll(page, 'the erasure preview');
    await shot(page, 'erasure-preview');
    const sections = panel.getByTestId('erasure-sections');
    await expect.poll(() => sections.getByRole('heading', { name: 'Profile' }).count()).toBe(1);
    expect(await sections.textContent()).toMatch(/Member record \(with photo, medical notes and emergency contact\): 1 deleted/);

    await page.getByRole('button', { name: 'Record identity check' }).click();
    await settledToast(page, 'Identity check recorded.');
    // The preview stays on screen; with the identity checked it can now be carried out.
    await panel.getByRole('button', { name: 'Erase permanently' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${name} permanently?` });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'the erasure confirmation');
    await shot(page, 'erasure-confirmation');
    await dialog.getByRole('button', { name: 'Yes, erase permanently' }).click();
    const done = page.locator('section', { has: page.getByRole('heading', { name: 'Erasure carried out' }) });
    await done.getByText(/^Erased\. What the club must keep is kept under the name Former member [0-9a-f]{4,6}/).waitFor();
    await expectNoAxeViolations(page, 'the erasure result');
    await noSidewaysScroll(page, 'the erasure result');
    await shot(page, 'erasure-result');

    await page.goto(`${b.baseURL}/squad`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.content()).not.toContain(name);
    // Their profile's address answers "not found", naming nobody.
    await page.goto(`${b.baseURL}/squad/${member.body.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.content()).not.toContain(name);
  });
});
