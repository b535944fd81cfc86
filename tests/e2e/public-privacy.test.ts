import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, signIn, useBrowser } from '../support/browser';

// decision 19 in docs/architecture.md / ADR 022: a player's public profile shows the age only, until the player
// ticks "Show my date of birth, height and weight" in Players' Area → My Profile.

const b = useBrowser();

const register = () =>
  registerPlayer(b.baseURL, 'priv', {
    full_name: 'Morgan Private',
    date_of_birth: '1991-07-04',
    position_preference: 'Defender',
    medical_notes: 'Asthma: inhaler in kit bag',
  });

describe('Public profile privacy, set by the player', () => {
  it('Age only until the player opts in from My Profile; unticking hides the details again (works without JavaScript)', async () => {
    const { username, password, playerId } = await register();
    const visitor = await b.newPage();
    const profileText = async () => {
      await visitor.goto(`/player/${playerId}`);
      return { details: await visitor.getByRole('region', { name: 'Details' }).textContent(), html: await visitor.content() };
    };
    let seen = await profileText();
    expect(seen.details).toMatch(/Age\d+/);
    expect(seen.details).not.toContain('Date of birth');
    expect(seen.html).not.toContain('1991-07-04');
    expect(seen.html).not.toContain('Asthma');
    expect(seen.html).not.toContain('07700 900333');

    const page = await b.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await signIn(page, username, password);
    await page.goto('/players-area/profile?edit');
    const box = page.getByRole('checkbox', { name: 'Show my date of birth, height and weight on my public squad profile' });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL('**/players-area/profile?saved=1');
    expect(await page.getByText('Shows your date of birth, height and weight').isVisible()).toBe(true);

    seen = await profileText();
    expect(seen.details).toContain('Date of birth4 July 1991');
    expect(seen.html).not.toContain('Asthma');

    await page.goto('/players-area/profile?edit');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL('**/players-area/profile?saved=1');
    expect(await page.getByText('Shows your age only').isVisible()).toBe(true);
    seen = await profileText();
    expect(seen.details).not.toContain('Date of birth');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`The profile form with the opt-in has no axe violations at ${viewport.width} px`, async () => {
      const { username, password } = await register();
      const page = await b.newPage({ viewport });
      await signIn(page, username, password);
      await page.goto('/players-area/profile?edit');
      await expectNoAxeViolations(page, 'profile edit');
      await page.goto('/players-area/profile');
      await expectNoAxeViolations(page, 'profile');
    });
  }
});
