import { describe, expect, it } from 'vitest';
import { unique } from '../support/api-client';
import { hydrated, useBrowser } from '../support/browser';

const b = useBrowser();

async function fillDetails(page: import('playwright-core').Page, name: string, email = 'applicant@example.com') {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel('Message').fill('I play on the left and can help with the kit.');
}

describe('Join Us page', () => {
  it('Shows the three interest cards, the consent notice with a withdrawal contact and the direct-contact block', async () => {
    const page = await b.newPage();
    await page.goto('/join-us');
    expect(await page.title()).toBe('Join Us | Riverside Rovers FC');
    for (const label of ['Player', 'Volunteer/Staff', 'Sponsor']) expect(await page.getByRole('checkbox', { name: label }).count()).toBe(1);
    expect(await page.getByText('you agree that Riverside Rovers FC stores').isVisible()).toBe(true);
    expect(await page.getByText('withdraw your consent').isVisible()).toBe(true);
    const direct = page.getByRole('region', { name: 'Prefer to contact us directly?' });
    expect(await direct.textContent()).toContain('within 48 hours');
    expect(await direct.getByRole('link').getAttribute('href')).toBe('mailto:hello@riversiderovers.club');
  });

  // ADR 026: the button is never disabled (a disabled button says nothing); the hint
  // shows until an area is chosen, and submitting without one lists it in the error summary.
  it('Shows a hint until an area of interest is chosen; submitting without one lists it in the summary', async () => {
    const page = await b.newPage();
    await page.goto('/join-us');
    await hydrated(page);
    const submit = page.getByRole('button', { name: 'Submit Application' });
    const hint = page.getByText('Please select at least one area of interest above');
    expect(await submit.isEnabled()).toBe(true);
    expect(await hint.isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'Volunteer/Staff' }).check();
    expect(await hint.count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Volunteer/Staff' }).uncheck();
    expect(await hint.isVisible()).toBe(true);
    await fillDetails(page, 'No Interest Yet');
    await submit.click();
    const summary = page.locator('[data-error-summary]');
    await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual(['Choose at least one area of interest']);
    expect(await page.getByLabel('Full name').inputValue()).toBe('No Interest Yet');
  });

  it('Clear Form empties the fields and the choices', async () => {
    const page = await b.newPage();
    await page.goto('/join-us');
    await hydrated(page);
    await page.getByRole('checkbox', { name: 'Player' }).check();
    await fillDetails(page, 'To Be Cleared');
    await page.getByRole('button', { name: 'Clear Form' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Player' }).isChecked()).toBe(false);
    expect(await page.getByText('Please select at least one area of interest above').isVisible()).toBe(true);
  });

  it('Submits an application, shows the 24-48 hour promise and the WhatsApp link, then starts again', async () => {
    const page = await b.newPage();
    await page.goto('/join-us');
    await hydrated(page);
    const name = unique('Applicant');
    await page.getByRole('checkbox', { name: 'Player' }).check();
    await page.getByRole('checkbox', { name: 'Sponsor' }).check();
    await fillDetails(page, name);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    expect(await page.getByText('within 24-48 hours').isVisible()).toBe(true);
    const whatsapp = page.getByRole('link', { name: 'Message us on WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);

    const admin = await (await import('../support/api-client')).apiClient(b.baseURL, 'admin', b.adminPassword);
    const saved: { full_name: string; interest_types: string[] }[] = await admin('/api/join-us');
    expect(saved.find((s) => s.full_name === name)?.interest_types).toEqual(['player', 'sponsor']);

    await page.getByRole('button', { name: 'Submit Another Application' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Player' }).isChecked()).toBe(false);
  });

  it("Shows the server's detail when the application is refused, keeping what was typed", async () => {
    const page = await b.newPage();
    await page.goto('/join-us');
    await hydrated(page);
    await page.getByRole('checkbox', { name: 'Player' }).check();
    // The browser accepts "name@localhost"; the server wants a real domain.
    await fillDetails(page, 'Refused Applicant', 'someone@localhost');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Please enter a valid email address');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Refused Applicant');
    expect(await page.getByRole('heading', { name: 'Application Submitted!' }).count()).toBe(0);
  });
});
