import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchJson } from '../support/api-client';
import { DESKTOP, PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

/**
 * Issue 31: club mail to an address not confirmed yet is held, not dropped without a word, and the
 * staff see why: in the Outbox, and on the member's page. Through the production build with a real
 * SMTP server.
 */
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

const api = <T = any>(pathname: string, init: Parameters<typeof fetchJson>[2] = {}) => fetchJson<T>(mailing.server.baseURL, pathname, init);
const page = (viewport = DESKTOP) => b.newPage({ baseURL: mailing.server.baseURL, viewport });

/** Axe-clean at 390 and 1280 px, no sideways scroll at 320 px; screenshots when SCREENSHOT_DIR is set. */
async function checkPage(p: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP, { width: 320, height: 700 }]) {
    await p.setViewportSize(viewport);
    if (viewport !== PHONE && viewport !== DESKTOP) {
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 320 px`).toBe(0);
      continue;
    }
    await expectNoAxeViolations(p, name);
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    if (SCREENSHOTS) {
      await fs.mkdir(SCREENSHOTS, { recursive: true });
      await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage: true });
    }
  }
  await p.setViewportSize(DESKTOP);
}

describe('Mail held for an address not confirmed yet', () => {
  it('The Outbox and the member’s page say the mail waits for the member to confirm their address; confirming sends it, once', async () => {
    const username = `held_${randomBytes(3).toString('hex')}`;
    const email = `${username}@example.com`;
    const fullName = `Hattie Held ${username.slice(-6)}`;
    const reg = await api('/api/players/register', {
      body: {
        username,
        email,
        password: 'first password',
        full_name: fullName,
        phone_number: '07700 900123',
        date_of_birth: '1995-03-02',
        position_preference: 'Midfielder',
        emergency_contact_name: 'Sam Held',
        emergency_contact_phone: '07700 900456',
      },
    });
    expect(reg.status).toBe(201);
    const admin = (await api('/api/auth/login', { body: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).body.access_token;
    expect((await api(`/api/admin/registrations/${reg.body.player_id}/approve`, { token: admin, body: {} })).status).toBe(200);
    const subject = `Boots for Saturday ${username}`;
    expect((await api('/api/messages', { token: admin, body: { subject, body: 'Bring boots.', player_id: reg.body.player_id } })).status).toBe(201);

    const p = await page(PHONE);
    await signIn(p, 'admin', E2E_ADMIN_PASSWORD);
    await p.goto('/admin/outbox?status=held');
    await hydrated(p);
    const card = p.getByRole('article').filter({ hasText: subject });
    await card.getByText('Waiting for the member to confirm their address.').waitFor();
    await card.getByText('Held', { exact: true }).waitFor();
    await checkPage(p, 'admin-outbox-held');

    await p.goto('/admin/players');
    await hydrated(p);
    await p.getByRole('searchbox', { name: 'Search players' }).fill(fullName);
    await p.getByRole('link', { name: fullName, exact: true }).click();
    await p.getByText('1 club e-mail is held and will be sent as soon as they do', { exact: false }).waitFor();
    await checkPage(p, 'admin-player-address-waiting');

    await waitFor(() => smtp.received.some((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.text)), 20_000, 'the welcome mail');
    const welcome = smtp.received.find((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.text))!;
    expect((await api('/api/auth/confirm-email', { body: { token: /confirm-email\?token=([\w-]+)/.exec(welcome.text)![1] } })).status).toBe(200);
    await waitFor(() => smtp.received.some((m) => m.to.includes(email) && m.subject === subject), 20_000, 'the held message');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((m) => m.to.includes(email) && m.subject === subject)).toHaveLength(1);
  });
});
