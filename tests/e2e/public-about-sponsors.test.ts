import { describe, expect, it } from 'vitest';
import { enhanced, hydrated, useBrowser } from '../support/browser';

const b = useBrowser();

describe('About page', () => {
  it('Tells the story and values, the training schedule, facilities and the club e-mail from settings', async () => {
    const page = await b.newPage();
    await page.goto('/about');
    expect(await page.title()).toBe('About | Riverside Rovers FC');
    for (const heading of ['Our Story', 'Our Values', 'Training Schedule', 'Contact Us', 'Facilities']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible(), heading).toBe(true);
    }
    const rows = await page.getByRole('table').getByRole('row').allTextContents();
    expect(rows.slice(1)).toEqual(['VetsTrainingThursday 8:00 PM', 'YouthTrainingTBC', 'VetsGamesSunday']);
    const email = page.getByRole('region', { name: 'Contact Us' }).getByRole('link', { name: 'hello@riversiderovers.club' });
    expect(await email.getAttribute('href')).toBe('mailto:hello@riversiderovers.club');
  });
});

describe('Sponsors page', () => {
  it('Shows sponsor cards with logo, category, a 3-line description and Visit Website in a new tab', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors');
    expect(await page.title()).toBe('Sponsors | Riverside Rovers FC');
    const card = page.getByTestId('sponsor').filter({ hasText: 'Millbrook Motors' });
    expect(await card.getByRole('img', { name: 'Millbrook Motors logo' }).isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Main Sponsor');
    expect(await card.locator('p.line-clamp-3').count()).toBe(1);
    const visit = card.getByRole('link', { name: /Visit Website/ });
    expect(await visit.getAttribute('target')).toBe('_blank');
    expect(await visit.getAttribute('rel')).toBe('noopener noreferrer');
    // A sponsor without a website has no link.
    expect(await page.getByTestId('sponsor').filter({ hasText: 'The Ferryman Arms' }).getByRole('link').count()).toBe(0);
  });

  it('Filters by category with the dropdown (All Categories plus each category)', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors');
    await enhanced(page);
    const select = page.getByLabel('Category');
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe('All Categories');
    expect(options).toEqual(expect.arrayContaining(['Main Sponsor', 'Kit Sponsor', 'Community Partner']));
    await select.selectOption('Kit Sponsor');
    await page.waitForURL('**/sponsors?category=Kit+Sponsor');
    await expect.poll(() => page.getByTestId('sponsor').count()).toBe(2);
    const cards = await page.getByTestId('sponsor').allTextContents();
    expect(cards.length).toBe(2);
    expect(cards.every((t) => t.includes('Kit Sponsor'))).toBe(true);
  });

  it('A category that matches nobody says so', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors?category=Nobody');
    expect(await page.getByText('No sponsors found').isVisible()).toBe(true);
    expect(await page.getByText('No sponsors match the selected category.').isVisible()).toBe(true);
  });

  // The sponsors page is sent without React (ADR 025): a client-side navigation to it only happens
  // from a page that runs React, such as the shop.
  it('Shows a loading state while a client-side navigation from an interactive page loads the sponsors', async () => {
    const page = await b.newPage();
    await page.goto('/shop');
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/sponsors.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Sponsors' }).click();
    await page.getByText('Loading sponsors…').waitFor();
    release();
    await page.getByTestId('sponsor').first().waitFor();
    expect(await page.getByText('Loading sponsors…').count()).toBe(0);
  });

  it('Invites businesses to Become a Partner with three benefits, an enquiry e-mail and Join Us', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors');
    const partner = page.getByRole('region', { name: 'Become a Partner' });
    for (const benefit of ['Community Impact', 'Brand Visibility', 'Networking']) {
      expect(await partner.getByRole('heading', { name: benefit }).isVisible()).toBe(true);
    }
    expect(await partner.getByRole('link', { name: 'Email us about sponsorship' }).getAttribute('href')).toBe(
      'mailto:hello@riversiderovers.club?subject=Sponsorship%20enquiry',
    );
    expect(await partner.getByRole('link', { name: 'Apply through Join Us' }).getAttribute('href')).toBe('/join-us');
  });
});
