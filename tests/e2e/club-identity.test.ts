import { describe, expect, it } from 'vitest';
import { expectToast, labelled, openAdminTab, toastsGone } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { noSidewaysScroll, PHONE, signIn, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { useOwnSampleClub } from '../support/own-server';

const b = useBrowser();

describe("The club's identity is set in Settings → Club (own server: it changes every page)", () => {
  const own = useOwnSampleClub();

  it('At 390 px an admin renames the club and changes its colour: a colour text cannot be read on is refused beside the field with its figure; the public header and title change at once, axe clean', async () => {
    const page = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(page, '/admin/settings');
    await page.getByRole('group', { name: 'Club', exact: true }).waitFor();
    await noSidewaysScroll(page, 'Settings at 390 px');

    await page.getByLabel(labelled('Club name')).fill('Ashdown Athletic FC');
    await page.getByLabel(labelled('Short name')).fill('Ashdown Athletic');
    const primary = page.getByLabel('Primary colour', { exact: true });
    await primary.fill('#7fd3ff');
    // As it is typed: the refusal the server would give, next to the field.
    await page.getByText(/White text on #7fd3ff has a contrast of 1\.7:1; it needs 4\.5:1\. Try #[0-9a-f]{6}\./).first().waitFor();
    const preview = page.getByTestId('club-preview');
    expect(await preview.textContent()).toContain('Ashdown Athletic');
    // The server refuses it too.
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(/contrast of 1\.7:1/).first().waitFor();

    // An SVG crest, uploaded here: the server cleans it; the preview and then the header show it.
    const crest = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><circle cx="5" cy="5" r="5" fill="#fde68a"/></svg>';
    await page.getByLabel('Upload image for Crest').setInputFiles({ name: 'crest.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(crest) });
    const crestField = page.getByLabel('Crest', { exact: true });
    await expect.poll(() => crestField.inputValue()).toMatch(/^\/uploads\/\S+\.svg$/);
    const crestUrl = await crestField.inputValue();
    expect(await preview.locator('img').getAttribute('src')).toBe(crestUrl);

    await primary.fill('#7f1d1d');
    await page.getByText(/White text on it: \d+\.\d:1/).waitFor();
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(127, 29, 29)');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved successfully!');
    await toastsGone(page);
    await expectNoAxeViolations(page, 'Settings → Club at 390 px');

    await page.goto('/');
    expect(await page.title()).toBe('Ashdown Athletic FC');
    const header = page.getByRole('banner');
    expect(await page.getByTestId('wordmark').first().textContent()).toBe('Ashdown Athletic FC');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(127, 29, 29)');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#7f1d1d');
    expect(await header.locator('img').first().getAttribute('src')).toBe(crestUrl);
    await noSidewaysScroll(page, 'home at 390 px');
    await expectNoAxeViolations(page, 'home in the new colours');

    await page.goto('/news');
    expect(await page.title()).toMatch(/ \| Ashdown Athletic FC$/);
    expect(await page.getByRole('contentinfo').textContent()).toContain('Ashdown Athletic FC');
  });
});
