import { describe, expect, it } from 'vitest';
import { unique } from '../support/api-client';
import { PHONE, useBrowser } from '../support/browser';

const b = useBrowser();

describe('The public site without JavaScript', () => {
  it('Navigates from the header to every public page and reads its list', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await page.goto('/');
    expect(await page.getByRole('region', { name: 'Next Match' }).getByRole('link', { name: /^Match details/ }).count()).toBe(1);
    const nav = page.getByRole('banner');
    for (const [link, heading] of [
      ['Squad & Staff', 'Squad & Staff'],
      ['Fixtures & Results', 'Fixtures & Results'],
      ['News', 'Club News'],
      ['About', 'About Riverside Rovers FC'],
      ['Sponsors', 'Our Sponsors'],
      ['Join Us', 'Join Us'],
    ]) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });

  it('Filters the squad and fixtures, opens a fixture card and reads an article', async () => {
    const page = await b.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto('/squad');
    await page.getByRole('link', { name: 'Staff Team' }).click();
    await page.waitForURL('**/squad?team=staff');
    await page.locator('a[aria-current="page"]', { hasText: 'Staff Team' }).waitFor();
    expect((await page.getByRole('article').allTextContents()).every((t) => t.includes('Staff'))).toBe(true);

    await page.goto('/fixtures');
    await page.getByRole('link', { name: 'Results', exact: true }).click();
    await page.waitForURL('**/fixtures?filter=results');
    const first = page.getByTestId('fixture').first();
    await first.locator('summary').first().click();
    expect(await first.getByText('Venue').isVisible()).toBe(true);

    await page.goto('/news');
    // A seeded article (other test files publish short ones that may be newer).
    await page.getByTestId('news-item').filter({ hasText: 'Rovers into the County Cup quarter-finals' }).first().getByRole('heading').getByRole('link').click();
    await page.waitForURL('**/news/*');
    await page.getByRole('link', { name: 'Back to News' }).first().waitFor();
    expect((await page.locator('article p').allTextContents()).join(' ').length).toBeGreaterThan(100);
  });

  it('Sends a Join Us application with a plain form post', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await page.goto('/join-us');
    await page.getByRole('checkbox', { name: 'Volunteer/Staff' }).check();
    await page.getByLabel('Full name').fill(unique('No Script'));
    await page.getByLabel('Email').fill('noscript@example.com');
    await page.getByLabel('Phone number').fill('07700 900789');
    await page.getByLabel('Message').fill('Happy to run the tea urn.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
  });
});
