import { describe, expect, it } from 'vitest';
import { expectToast, labelled, openAdminTab, shot, toastsGone } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { useOwnSampleClub } from '../support/own-server';

// Issue 33: About, the home page's welcome and the privacy notice are edited in the admin panel
// (here at 390 px) and shown on the public pages, sanitised on the server. Its own server: the
// edits would change the pages other browser tests read.
const b = useBrowser();
const own = useOwnSampleClub();

async function adminAt(viewport: { width: number; height: number }) {
  const page = await b.newPage({ baseURL: own.server.baseURL, viewport });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  return page;
}

const NEW_ABOUT = [
  'We are the friendliest club on the river.',
  '## Our Story',
  'Founded by *three* neighbours and a **borrowed** ball.',
  '- Open to everyone',
  '- Run by volunteers',
  '[Come and train with us](/join-us)',
  '<script>document.title = "hacked"</script>',
  '[Free prize](javascript:alert(1))',
  '<img src="x" onerror="document.title = \'hacked\'">',
].join('\n\n');

describe('The club writes its own pages', () => {
  it('An admin edits About on a phone, previews it, saves it and sees it on /about, with scripts and javascript: links removed', async () => {
    const page = await adminAt(PHONE);
    await openAdminTab(page, '/admin/pages');
    await noSidewaysScroll(page, '/admin/pages');
    expect(await page.getByRole('navigation', { name: 'Choose a page' }).getByRole('link', { name: 'About', exact: true }).getAttribute('aria-current')).toBe('page');
    const box = page.getByLabel(labelled('Page text'));
    expect(await box.inputValue()).toContain('## Our Story');
    await expectNoAxeViolations(page, 'editing About');

    await box.fill(NEW_ABOUT);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('page-preview');
    await preview.getByRole('heading', { name: 'Our Story' }).waitFor();
    expect(await preview.locator('script, img, [onerror]').count()).toBe(0);
    expect(await preview.getByRole('link', { name: 'Come and train with us' }).getAttribute('href')).toBe('/join-us');
    await expectNoAxeViolations(page, 'previewing About');
    await shot(page, 'admin-pages-preview');

    await page.getByRole('button', { name: 'Save page' }).click();
    await expectToast(page, 'Page saved: visitors see it now.');
    await toastsGone(page);

    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await b.newPage({ baseURL: own.server.baseURL, viewport });
      await visitor.goto('/about');
      const text = visitor.getByTestId('about-text');
      expect(await text.getByText('Founded by three neighbours and a borrowed ball.').isVisible()).toBe(true);
      expect((await text.getByRole('listitem').allTextContents()).map((item) => item.trim())).toEqual(['Open to everyone', 'Run by volunteers']);
      expect(await text.locator('script, img').count()).toBe(0);
      expect(await visitor.title()).not.toBe('hacked');
      const html = await visitor.content();
      expect(html).not.toMatch(/javascript:alert|onerror=/);
      // The training times still come from the teams' slots.
      expect(await visitor.getByRole('heading', { name: 'Training Schedule' }).isVisible()).toBe(true);
      await noSidewaysScroll(visitor, '/about');
      await expectNoAxeViolations(visitor, 'the club’s own About');
      await shot(visitor, 'about-edited');
    }
  });

  it('The home page welcome and the privacy notice are edited the same way; the footer links the notice', async () => {
    const page = await adminAt(PHONE);
    await openAdminTab(page, '/admin/pages?page=welcome');
    await page.getByLabel(labelled('Page text')).fill('Football for **everyone** by the river.');
    await page.getByRole('button', { name: 'Save page' }).click();
    await expectToast(page, 'Page saved: visitors see it now.');

    await page.getByRole('navigation', { name: 'Choose a page' }).getByRole('link', { name: 'Privacy notice' }).click();
    await page.waitForURL('**/admin/pages?page=privacy');
    const box = page.getByLabel(labelled('Page text'));
    await box.waitFor();
    expect(await box.inputValue()).toContain('## Your rights');
    await box.fill('## Your details\n\nWe keep them safe. Ask [our secretary](mailto:secretary@example.org).');
    await page.getByRole('button', { name: 'Save page' }).click();
    await expectToast(page, 'Page saved: visitors see it now.');

    const visitor = await b.newPage({ baseURL: own.server.baseURL, viewport: PHONE });
    await visitor.goto('/');
    expect(await visitor.getByTestId('home-welcome').textContent()).toBe('Football for everyone by the river.');
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await visitor.waitForURL('**/privacy');
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy notice');
    expect(await visitor.getByRole('heading', { name: 'Your details' }).isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: 'our secretary' }).getAttribute('href')).toBe('mailto:secretary@example.org');
    await expectNoAxeViolations(visitor, 'the privacy notice');
    await shot(visitor, 'privacy');
    await visitor.setViewportSize(DESKTOP);
    await expectNoAxeViolations(visitor, 'the privacy notice');
    // Join Us's consent line links it too.
    await visitor.goto('/join-us');
    expect(await visitor.locator('#consent-notice').getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    // And so do the registration forms, where a player or a parent gives their details.
    for (const path of ['/register', '/register/parent']) {
      await visitor.goto(path);
      expect(await visitor.getByTestId('privacy-notice-link').getByRole('link', { name: 'privacy notice' }).getAttribute('href'), path).toBe('/privacy');
    }
  });

  it('Two admins on one page: the later save is refused, naming who saved first, and nothing of theirs is lost', async () => {
    const [mine, theirs] = await Promise.all([adminAt(PHONE), adminAt(DESKTOP)]);
    for (const page of [mine, theirs]) await openAdminTab(page, '/admin/pages?page=about');
    await mine.getByLabel(labelled('Page text')).fill('## Our Story\n\nMine, saved first.');
    await mine.getByRole('button', { name: 'Save page' }).click();
    await expectToast(mine, 'Page saved: visitors see it now.');

    await theirs.getByLabel(labelled('Page text')).fill('## Our Story\n\nTheirs, saved second.');
    await theirs.getByRole('button', { name: 'Save page' }).click();
    const refusal = theirs.getByRole('alert').filter({ hasText: 'after you opened it' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Club Administrator saved this About page on .+ after you opened it, so your changes were not saved\./);
    // Their words stay in the box, to copy before reloading.
    expect(await theirs.getByLabel(labelled('Page text')).inputValue()).toContain('Theirs, saved second.');
    await expectNoAxeViolations(theirs, 'a refused save');
    const visitor = await b.newPage({ baseURL: own.server.baseURL });
    await visitor.goto('/about');
    expect(await visitor.getByTestId('about-text').textContent()).toContain('Mine, saved first.');
  });
});
