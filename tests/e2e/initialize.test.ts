import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_CODE_REQUIRED, SETUP_CODE_WRONG } from '../../shared/setup';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

const b = useBrowser();
let server: RunningServer;
let phoneServer: RunningServer;

beforeAll(async () => {
  // Brand-new clubs without ADMIN_PASSWORD: the password is generated and shown once, and
  // /initialize asks for the setup code the server printed in its log (ADR 029).
  [server, phoneServer] = await Promise.all([startServer({ env: { ADMIN_PASSWORD: '' } }), startServer({ env: { ADMIN_PASSWORD: '' } })]);
});
afterAll(async () => {
  await Promise.all([server, phoneServer].map(async (s) => {
    await s?.stop();
    await s?.cleanup();
  }));
});

/** The code in the server's start-up line, as its owner reads it in the terminal. */
function setupCodeOf(s: RunningServer) {
  const code = /enter this setup code: (\S+)/.exec(s.output())?.[1];
  if (!code) throw new Error(`No setup code in the server log:\n${s.output()}`);
  return code;
}

const needsInitialization = async (s: RunningServer) =>
  ((await (await fetch(`${s.baseURL}/api/admin/database-status`)).json()) as { needs_initialization: boolean }).needs_initialization;

describe('Database set-up (/initialize)', () => {
  it('A new club initializes its database, sees the admin password once, and signs in with it', async () => {
    const page = await b.newPage({ baseURL: server.baseURL });
    await page.goto('/initialize');
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'The database needs initialization' }).isVisible()).toBe(true);
    await page.getByLabel('Setup code').fill(setupCodeOf(server));
    await page.getByLabel('Club name', { exact: true }).fill('Ashdown Athletic Juniors');
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
    // How many accounts the club has is the admin's business (issue 30, finding 20): no counts for a visitor.
    expect(await page.locator('dl dd').count()).toBe(0);
    // Used: no field asks for the code any more.
    expect(await page.getByLabel('Setup code').count()).toBe(0);

    await signIn(page, 'admin', password);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});

describe('The setup code on a phone (ADR 029)', () => {
  it('Without JavaScript, pressing Initialize with no code shows the error summary and the message beside the field', async () => {
    const page = await b.newPage({ baseURL: phoneServer.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/initialize');
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.locator('[data-error-summary]').waitFor();
    expect(await page.locator('[data-error-summary] a[href="#field-setup_code"]').textContent()).toBe(SETUP_CODE_REQUIRED);
    expect(await page.locator('#field-setup_code-error').textContent()).toBe(SETUP_CODE_REQUIRED);
    expect(await needsInitialization(phoneServer)).toBe(true);
  });

  it('At 390 px it explains where the code is, shows a wrong code\'s error beside the field, and initializes with the right one; axe clean', async () => {
    const page = await b.newPage({ baseURL: phoneServer.baseURL, viewport: PHONE });
    await page.goto('/initialize');
    await hydrated(page);

    // The explanation, in plain words: what the code is for and where to find it.
    await page.getByRole('heading', { name: 'First, show that this is your server' }).waitFor();
    const explanation = (await page.locator('section').textContent())!;
    expect(explanation).toContain('only the person who runs this website can set it up');
    expect(explanation).toContain('the terminal window where npm start runs');
    expect(explanation).toContain('enter this setup code');
    const field = page.getByLabel('Setup code');
    expect(await field.getAttribute('aria-describedby')).toBe('field-setup_code-hint');
    expect(await page.locator('#field-setup_code-hint').textContent()).toContain('Capitals, spaces and dashes do not matter');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const button = await page.getByRole('button', { name: 'Initialize Database' }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page, 'asking for the setup code');

    // A wrong code: the summary at the top, the message beside the field, nothing initialized.
    await page.getByLabel('Club name', { exact: true }).fill('Ashdown Athletic Juniors');
    await field.fill('WRNG-CODE-2345');
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.locator('[data-error-summary]').waitFor();
    const error = page.locator('#field-setup_code-error');
    expect(await error.textContent()).toBe(SETUP_CODE_WRONG);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain('field-setup_code-error');
    const fieldBox = (await field.boundingBox())!;
    const errorBox = (await error.boundingBox())!;
    expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
    expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(120); // under the field (its hint between)
    expect(await page.locator('[data-error-summary]').textContent()).toContain(SETUP_CODE_WRONG);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'a wrong setup code');
    expect(await needsInitialization(phoneServer)).toBe(true);

    // The right code, typed as a phone might (small letters, spaces): initialized.
    await field.fill(setupCodeOf(phoneServer).toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Initialize Database' }).click();
    await page.getByText('Database initialized successfully!').waitFor();
    expect(await needsInitialization(phoneServer)).toBe(false);
    await expectNoAxeViolations(page, 'initialized');
  });
});
