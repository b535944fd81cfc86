// `npm run screenshots`: the README's pictures, taken from a fresh production server in Debian's
// Chromium: the home page, a match page, the shop and the admin "Today" view on a 390 px phone,
// and the home page on a 1280 px screen. Writes docs/screenshots/*.png.
//
// Needs `npm run build` first (the npm script does it).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './lib/production-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN_PASSWORD = 'screenshots-admin-password';

const server = await startServer({ adminPassword: ADMIN_PASSWORD, prefix: 'club-screenshots-' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
try {
  await fs.mkdir(out, { recursive: true });
  // The sample club (what Initialize Database adds), as a new club sees it.
  const init = await fetch(`${server.baseURL}/api/admin/initialize-database`, { method: 'POST' });
  if (!init.ok) throw new Error(`initialize: ${init.status} ${await init.text()}`);
  const fixtures = await (await fetch(`${server.baseURL}/api/fixtures?status=upcoming&limit=1`)).json();
  const shots = [
    { name: 'home-phone', path: '/', viewport: PHONE },
    { name: 'home-desktop', path: '/', viewport: DESKTOP },
    { name: 'fixture-phone', path: `/fixtures/${fixtures[0].id}`, viewport: PHONE },
    { name: 'shop-phone', path: '/shop', viewport: PHONE },
    { name: 'admin-today-phone', path: '/admin', viewport: PHONE, signIn: true },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: shot.viewport, deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await context.newPage();
    if (shot.signIn) {
      await page.goto('/login');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
    }
    await page.goto(shot.path, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(out, `${shot.name}.png`);
    await page.screenshot({ path: file });
    console.log(`${path.relative(root, file)}  ${shot.path} at ${shot.viewport.width} px`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
