import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, signIn, useBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

const b = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  // A brand-new club without ADMIN_PASSWORD: the password is generated and shown once.
  server = await startServer({ env: { ADMIN_PASSWORD: '' } });
});
afterAll(async () => {
  await server?.stop();
  await server?.cleanup();
});

describe('Database set-up (/initialize)', () => {
  it('A new club initializes its database, sees the admin password once, and signs in with it', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/initialize');
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'The database needs initialization' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText('Database initialized successfully!').waitFor();
    const password = (await page.locator('dd.font-mono').nth(1).textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // It is also in the server log, for whoever runs the server.
    expect(server.output()).toContain(password);

    await page.goto('/initialize');
    expect(await page.getByRole('heading', { name: 'Database Ready' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the admin panel' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('link', { name: 'Go to the website' }).getAttribute('href')).toBe('/');
    const counts = await page.locator('dl dd').allTextContents();
    expect(counts.map(Number).every((n) => n > 0)).toBe(true);

    await signIn(page, 'admin', password);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});
