import { describe, expect, it } from 'vitest';
import { apiAs, openAdminTab, settledToast, shot, unique } from '../support/admin';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';

// Issue 34 at 390 px: the data protection lead records a personal-data request and sees its due
// date (one calendar month, moved off the weekend); errors next to the fields; axe clean; no
// sideways scroll at 320 px.
const b = useBrowser();
const SMALL = { width: 320, height: 700 };

describe('Data requests (the data protection lead)', () => {
  it('records a request, sees its due date, and the page reads on a phone', async () => {
    const tag = unique();
    const admin = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const lead = await registerPlayer(b.baseURL, 'lead', { full_name: `Dana Lead ${tag}` });
    await registerPlayer(b.baseURL, 'subj', { full_name: `Mo Member ${tag}` });
    const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
    const granted = await admin.post('/api/admin/club-roles', { user_id: logins.find((l) => l.username === lead.username)!.user_id, role: 'data_protection_lead' });
    expect(granted.status, JSON.stringify(granted.body)).toBeLessThan(300);

    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, lead.username, lead.password);
    await openAdminTab(page, '/admin/privacy');
    await page.getByRole('heading', { name: 'Data requests' }).first().waitFor();
    await expectNoAxeViolations(page, 'data requests page');
    await noSidewaysScroll(page, 'data requests page');
    await shot(page, 'privacy-requests');

    // Nothing chosen: the errors are said next to the fields.
    await page.getByLabel('Who asked').fill('');
    await page.getByRole('button', { name: 'Record request' }).click();
    await page.getByText('Choose who the request is about').first().waitFor();
    await page.getByText('Say who asked (their name)').first().waitFor();
    await expectNoAxeViolations(page, 'the form’s errors');

    await page.getByLabel('What they asked for').selectOption({ label: 'Access (a copy of their data)' });
    await page.getByLabel('Who it is about').selectOption({ label: `Mo Member ${tag}` });
    await page.getByLabel('Who asked').fill(`Mo Member ${tag}`);
    await page.getByLabel('How they are related').selectOption('self');
    await page.getByLabel('Received on').fill('2026-01-31');
    await Promise.all([page.waitForURL((url) => /^\/admin\/privacy\/[0-9a-f-]{36}$/.test(url.pathname)), page.getByRole('button', { name: 'Record request' }).click()]);
    await settledToast(page, 'Request recorded: due by Monday 2 March 2026.');
    await page.getByTestId('privacy-due').filter({ hasText: 'Due by Monday 2 March 2026 (one calendar month)' }).waitFor();
    await page.getByText('overdue by').first().waitFor();
    await expectNoAxeViolations(page, 'a data request’s page');
    await shot(page, 'privacy-request');
    await noSidewaysScroll(page, 'a data request’s page');
    await page.setViewportSize(SMALL);
    await noSidewaysScroll(page, 'a data request’s page');

    // Back on the list, it is open and overdue, in plain words.
    await page.getByRole('link', { name: '← All data requests' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/privacy');
    const open = page.getByRole('list', { name: 'Open requests' });
    await open.getByText(`Mo Member ${tag}: Access (a copy of their data)`).waitFor();
    await noSidewaysScroll(page, 'data requests page');
    await page.close();
  });

  it('the role can be granted where the other club roles are (People & roles)', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/roles');
    const role = page.getByLabel('Role', { exact: false }).first();
    await role.waitFor();
    expect(await role.locator('option').allTextContents()).toContain('Data protection lead');
    await page.close();
  });
});
