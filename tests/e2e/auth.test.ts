import { describe, expect, it } from 'vitest';
import { hydrated, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

describe('Signing in and out', () => {
  it('The admin signs in and lands on /admin, with their name and role in the header', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('group').or(page.locator('header details')).first().waitFor();
    const menu = page.getByRole('banner').getByText('Club Administrator');
    await expect(menu.isVisible()).resolves.toBe(true);
    await menu.click();
    await expect(page.getByRole('banner').getByText('Signed in as').textContent()).resolves.toContain('Admin');
    // Only players get the Players' Area link in the menu.
    await expect(page.getByRole('banner').getByRole('link', { name: "Players' Area" }).count()).resolves.toBe(0);
  });

  it("A wrong password shows the server's detail and stays on /login", async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // In the error summary, as a message without a link (no field is wrong on its own; ADR 026).
    expect(await alert.getByRole('heading').textContent()).toBe('There is a problem');
    expect(await alert.getByRole('listitem').textContent()).toBe('Incorrect username or password');
    expect(await alert.getByRole('link').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('The sign-in page links to /register and /join-us', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    expect(await page.getByRole('main').getByRole('link', { name: 'Register here' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('main').getByRole('link', { name: 'Join us' }).getAttribute('href')).toBe('/join-us');
  });

  it('Guarded pages send a signed-out visitor to /login, and back after signing in', async () => {
    const page = await b.newPage();
    await page.goto('/players-area');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/admin');
  });

  it('Sign Out returns to / and shows the Players\' Area button again', async () => {
    const page = await b.newPage();
    await signIn(page, 'admin', b.adminPassword);
    await hydrated(page);
    await page.getByRole('banner').getByText('Club Administrator').click();
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('button', { name: 'Sign Out' }).click()]);
    // The URL changes a moment before the page re-renders (the home page has a loader): wait for it.
    await page.getByRole('banner').getByRole('link', { name: "Players' Area" }).waitFor({ timeout: 5000 });
    // The session is gone on the server too: the admin panel is guarded again.
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('The header shows the seven links in order, Join Us as its button and the Players\' Area link when signed out', async () => {
    const page = await b.newPage();
    await page.goto('/');
    // docs/product.md#header-and-footer: for visitors Join Us is the gold button after the links, not one of them.
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels).toEqual(['Squad & Staff', 'Fixtures & Results', 'News', 'About', 'Sponsors', 'Shop']);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Join Us', exact: true }).getAttribute('href')).toBe('/join-us');
    expect(await page.getByRole('banner').getByRole('link', { name: "Players' Area" }).getAttribute('href')).toBe('/login');
    // The footer and the phone menu keep all seven, in the same order.
    const footer = await page.getByRole('navigation', { name: 'Footer' }).getByRole('link').allTextContents();
    expect(footer).toEqual(['Squad & Staff', 'Fixtures & Results', 'News', 'About', 'Join Us', 'Sponsors', 'Shop']);
  });
});

describe('Pages that do not exist', () => {
  it('An unknown page gets a real 404 page without a stack trace', async () => {
    const page = await b.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.content()).not.toMatch(/at .*\.js:\d+/);
  });
});
