import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, unique } from '../support/admin';
import { signIn, useBrowser } from '../support/browser';

const b = useBrowser();

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('Image uploads in the admin forms', () => {
  it('An uploaded logo fills the field, is saved with the sponsor and is shown on the public Sponsors page; a text file is refused', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/sponsors');
    await page.getByRole('button', { name: 'Add Sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sponsor' });
    const logo = dialog.getByLabel(labelled('Logo URL'));

    // A text file with an image's name is refused and the field stays empty.
    await dialog.getByLabel('Upload image for Logo URL').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expectToast(page, 'Error uploading image: ');
    expect(await logo.inputValue()).toBe('');

    await dialog.getByLabel('Upload image for Logo URL').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, 'Image uploaded successfully!');
    const url = await logo.inputValue();
    expect(url).toMatch(/^\/uploads\//);

    const name = `Upload Sponsor ${unique()}`;
    await dialog.getByLabel(labelled('Name')).fill(name);
    await dialog.getByLabel(labelled('Category')).fill('Partner');
    await dialog.getByRole('button', { name: 'Create Sponsor' }).click();
    await expectToast(page, 'Sponsor created successfully!');

    const image = await fetch(new URL(url, b.baseURL));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    await page.goto('/sponsors');
    expect(await page.locator(`img[src="${url}"]`).count()).toBeGreaterThan(0);

    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const sponsor = ((await api.get('/api/sponsors')).body as any[]).find((s) => s.name === name);
    await api.delete(`/api/sponsors/${sponsor.id}`);
  });

  it('Uploading to a list field (product images) adds the URL to what is there', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    const images = dialog.getByLabel(labelled('Image URLs'));
    await images.fill('/images/seed/club-mug.svg');
    await dialog.getByLabel('Upload image for Image URLs').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(page, 'Image uploaded successfully!');
    expect(await images.inputValue()).toMatch(/^\/images\/seed\/club-mug\.svg, \/uploads\/\S+$/);
  });
});
