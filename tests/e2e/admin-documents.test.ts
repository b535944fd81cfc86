import { describe, expect, it } from 'vitest';
import { apiAs, expectToast, labelled, openAdminTab, unique } from '../support/admin';
import { signIn, useBrowser } from '../support/browser';

const b = useBrowser();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('Admin documents and messages for the players', () => {
  it('The admin publishes a link for all players and a file for one player, sees them listed, and removes one', async () => {
    const api = await apiAs(b.baseURL, 'admin', b.adminPassword);
    const { body: player } = await api.post('/api/players', {
      full_name: `Dana Docs ${unique()}`,
      jersey_number: 8,
      position: 'Midfielder',
      team_type: 'Senior',
      nationality: 'Scottish',
    });
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/documents');

    const linkTitle = `Fixtures calendar ${unique()}`;
    await page.getByLabel(labelled('Title')).fill(linkTitle);
    await page.getByLabel('Link to a page').check();
    await page.getByLabel(labelled('Link')).fill('https://calendar.example.com/rovers');
    await page.getByRole('button', { name: 'Publish document' }).click();
    await expectToast(page, 'Document published successfully!');
    const linkItem = page.getByRole('listitem').filter({ hasText: linkTitle });
    await linkItem.waitFor();
    expect(await linkItem.textContent()).toContain('All players');
    expect(await linkItem.getByRole('link', { name: linkTitle }).getAttribute('href')).toBe('https://calendar.example.com/rovers');

    const fileTitle = `Medical form ${unique()}`;
    await page.getByLabel(labelled('Title')).fill(fileTitle);
    await page.getByLabel('Description').fill('Please fill in and bring to training.');
    await page.getByLabel('For', { exact: true }).selectOption(player.id);
    await page.getByLabel('Upload a file').check();
    await page.getByLabel(labelled('File')).setInputFiles({ name: 'medical-form.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Publish document' }).click();
    await expectToast(page, 'Document published successfully!');
    const fileItem = page.getByRole('listitem').filter({ hasText: fileTitle });
    await fileItem.waitFor();
    expect(await fileItem.textContent()).toContain(player.full_name);
    expect(await fileItem.textContent()).toContain('medical-form.pdf');

    await page.getByRole('button', { name: `Delete ${linkTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this item?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Document deleted successfully!');
    await linkItem.waitFor({ state: 'detached' });
    await api.delete(`/api/players/${player.id}`);
  });

  it('The admin sends a message to all players and sees it in the sent list', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await openAdminTab(page, '/admin/messages');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Subject is required').first().waitFor();
    const subject = `Training moved ${unique()}`;
    await page.getByLabel(labelled('Subject')).fill(subject);
    await page.getByLabel(labelled('Message')).fill('Thursday training starts at 8:30 PM this week.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Message sent successfully!');
    const sent = page.getByRole('listitem').filter({ hasText: subject });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('All players');
    expect(await sent.textContent()).toContain('Thursday training starts at 8:30 PM this week.');
  });
});
