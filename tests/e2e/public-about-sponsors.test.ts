import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, enhanced, hydrated, useBrowser } from '../support/browser';
import { DEFAULT_TRAINING_PLACE } from '../../shared/teams-constants';

const b = useBrowser();

describe('About page', () => {
  it("Tells the club's story, values and facilities (its own page), the training times from the teams' slots and the club e-mail from settings", async () => {
    const page = await b.newPage();
    await page.goto('/about');
    expect(await page.title()).toBe('About | Riverside Rovers FC');
    for (const heading of ['Our Story', 'Our Values', 'Training Schedule', 'Contact Us', 'Facilities']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible(), heading).toBe(true);
    }
    // Issue 33: from the Senior and Vets teams' weekly slots (Tuesday and Thursday, 7-9 PM), not typed text.
    // (Other test files share this server and add teams of their own: the sample club's two are checked.)
    const rows = await page.getByRole('table').getByRole('row').allTextContents();
    expect(rows.slice(1).filter((row) => /^(Senior|Vets)/.test(row))).toEqual(
      ['Senior', 'Vets'].flatMap((team) => ['Tuesday', 'Thursday'].map((day) => `${team}${day}, 7:00 PM to 9:00 PM${DEFAULT_TRAINING_PLACE}`)),
    );
    expect(await page.getByText('We are run by volunteers for the people of Riverside, and every penny goes back into the club.').isVisible()).toBe(true);
    const email = page.getByRole('region', { name: 'Contact Us' }).getByRole('link', { name: 'hello@riversiderovers.club' });
    expect(await email.getAttribute('href')).toBe('mailto:hello@riversiderovers.club');
  });
});

describe('Sponsors page', () => {
  it('Shows sponsor cards with logo, category, the description and Visit Website in a new tab', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors');
    expect(await page.title()).toBe('Sponsors | Riverside Rovers FC');
    const card = page.getByTestId('sponsor').filter({ hasText: 'Millbrook Motors' });
    expect(await card.getByRole('img', { name: 'Millbrook Motors logo' }).isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Main Sponsor');
    // The main sponsor's description in full; partners' and supporters' cut at 3 lines.
    expect(await card.getByText('Our main sponsor for five seasons running.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByTestId('sponsor').filter({ hasText: 'Hartley & Sons Builders' }).locator('p.line-clamp-3').count()).toBe(1);
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

  it('Features the main sponsor first and larger, then partners, then supporters', async () => {
    const page = await b.newPage();
    await page.goto('/sponsors');
    const tiers = page.locator('[data-testid^="sponsor-tier-"]');
    expect(await tiers.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Main sponsor', 'Partners', 'Supporters']);
    const first = page.getByTestId('sponsor').first();
    expect(await first.getAttribute('data-tier')).toBe('main');
    expect(await first.textContent()).toContain('Millbrook Motors');
    const mainLogo = await first.getByRole('img').boundingBox();
    const partnerLogo = await page.getByRole('region', { name: 'Partners' }).getByRole('img').first().boundingBox();
    expect(mainLogo!.width * mainLogo!.height).toBeGreaterThan(2 * partnerLogo!.width * partnerLogo!.height);
    expect(await page.getByRole('region', { name: 'Supporters' }).getByText("Lane's Bakery").isVisible()).toBe(true);
  });

  for (const viewport of [{ width: 320, height: 700 }, PHONE, DESKTOP]) {
    it(`Leaves no empty gap in a card without a description at ${viewport.width} px, and nothing scrolls sideways`, async () => {
      const page = await b.newPage({ viewport });
      await page.goto('/sponsors');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Greenway Physio and Lane's Bakery have no description (seed).
      for (const name of ['Greenway Physio', "Lane's Bakery", 'Millbrook Motors', 'The Ferryman Arms']) {
        const { top, bottom } = await page
          .getByTestId('sponsor')
          .filter({ hasText: name })
          .evaluate((card) => {
            const box = card.getBoundingClientRect();
            const style = getComputedStyle(card);
            const children = [...card.children].map((c) => c.getBoundingClientRect());
            return {
              top: Math.min(...children.map((c) => c.top)) - box.top - parseFloat(style.paddingTop),
              bottom: box.bottom - parseFloat(style.paddingBottom) - Math.max(...children.map((c) => c.bottom)),
            };
          });
        // The content fills the card, or sits in its middle when a neighbour in the row is taller:
        // never a blank band where a description would be.
        expect(Math.abs(top - bottom), `${name}: ${top} above, ${bottom} below`).toBeLessThanOrEqual(1);
      }
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Has no axe violations at ${viewport.width} px (all, and one category)`, async () => {
      const page = await b.newPage({ viewport });
      for (const path of ['/sponsors', '/sponsors?category=Community+Partner']) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
    });
  }
});

describe('Sponsors page: loading state and Become a Partner', () => {
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
