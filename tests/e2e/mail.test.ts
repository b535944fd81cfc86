import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../shared/mail';
import { fetchJson } from '../support/api-client';
import { DESKTOP, PHONE, hydrated, signIn, useBrowser } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useMailingServer } from '../support/mail';
import { E2E_ADMIN_PASSWORD } from '../support/server';
import { waitFor } from '../support/smtp';

/**
 * E-mail through the production build: a server of its own with SMTP_URL pointing at a real SMTP
 * server started here, and PUBLIC_URL at itself, so the mailed links can be followed.
 */
const b = useBrowser();
const mailing = await useMailingServer();
const { smtp } = mailing;
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

const api = <T = any>(pathname: string, init: Parameters<typeof fetchJson>[2] = {}) => fetchJson<T>(mailing.server.baseURL, pathname, init);

async function registerPlayer() {
  const username = `mail_${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const password = 'first password';
  const res = await api('/api/players/register', {
    body: {
      username,
      email,
      password,
      full_name: 'Morgan Mailer',
      phone_number: '07700 900123',
      date_of_birth: '1995-03-02',
      position_preference: 'Midfielder',
      emergency_contact_name: 'Sam Mailer',
      emergency_contact_phone: '07700 900456',
    },
  });
  expect(res.status).toBe(201);
  // They follow the welcome mail's link: the club mails confirmed addresses only (issue 21).
  await waitFor(() => smtp.received.some((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.text)), 20_000, 'the welcome mail');
  const welcome = smtp.received.find((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.text))!;
  const token = /confirm-email\?token=([\w-]+)/.exec(welcome.text)![1];
  expect((await api('/api/auth/confirm-email', { body: { token } })).status).toBe(200);
  return { username, email, password };
}

const page = (viewport = DESKTOP) => b.newPage({ baseURL: mailing.server.baseURL, viewport });

async function checkPage(p: Page, name: string) {
  // Phone-first: nothing scrolls sideways at 320 px either.
  for (const viewport of [PHONE, DESKTOP]) {
    await p.setViewportSize(viewport);
    await expectNoAxeViolations(p, name);
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
  await p.setViewportSize({ width: 320, height: 700 });
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const culprits = await p.evaluate(() => {
    const cw = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > cw + 0.5 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= cw + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(el.getBoundingClientRect().right)} ${el.textContent?.slice(0, 40)}`);
  });
  expect(overflow, `${name}: no sideways scroll at 320 px ${JSON.stringify(culprits)}`).toBe(0);
  if (SCREENSHOTS) {
    await fs.mkdir(SCREENSHOTS, { recursive: true });
    await p.setViewportSize(PHONE);
    await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-390.png`), fullPage: true });
    await p.setViewportSize(DESKTOP);
    await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });
  }
  await p.setViewportSize(DESKTOP);
}

describe('Password recovery in the browser', () => {
  it('Forgot password? → mail with a link → new password → signed in; the link works once and the old password stops working', async () => {
    const member = await registerPlayer();
    const p = await page(PHONE);
    await p.goto('/login');
    const forgotLink = p.getByRole('link', { name: 'Forgot password?' });
    const box = await forgotLink.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await forgotLink.click();
    await p.waitForURL((url) => url.pathname === '/forgot-password');
    await hydrated(p);
    await checkPage(p, 'forgot-password');

    // A malformed address is refused next to the field.
    await p.getByLabel('E-mail address').fill('not-an-address');
    await p.getByRole('button', { name: 'Send me a link' }).click();
    await p.getByText('Please enter a valid e-mail address').first().waitFor();
    expect(await p.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');

    await p.getByLabel('E-mail address').fill(member.email);
    await p.getByRole('button', { name: 'Send me a link' }).click();
    await p.getByRole('status').getByText(FORGOT_PASSWORD_ANSWER).waitFor();
    await checkPage(p, 'forgot-password-sent');

    await waitFor(() => smtp.received.some((m) => m.to.includes(member.email) && m.subject === 'Choose a new password'), 20_000, 'the reset mail');
    const mail = smtp.received.find((m) => m.to.includes(member.email) && m.subject === 'Choose a new password')!;
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1];

    const q = await page(PHONE);
    await q.goto(link);
    await hydrated(q);
    await checkPage(q, 'reset-password');
    await q.getByLabel(/^New password/).fill('second password');
    await q.getByLabel('Confirm new password').fill('not the same');
    await q.getByRole('button', { name: 'Save and sign in' }).click();
    await q.getByText('Passwords do not match').first().waitFor();
    await q.getByLabel(/^New password/).fill('second password');
    await q.getByLabel('Confirm new password').fill('second password');
    await Promise.all([q.waitForURL((url) => url.pathname === '/players-area'), q.getByRole('button', { name: 'Save and sign in' }).click()]);

    // The link is used up: opened again, it says so at once, with no form that would only fail (issue 22).
    const r = await page();
    await r.goto(link);
    await r.getByRole('alert').getByText('This password link is not valid any more').waitFor();
    expect(await r.getByLabel(/^New password/).count()).toBe(0);
    await r.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await checkPage(r, 'reset-password-used');

    expect((await api('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(401);
    expect((await api('/api/auth/login', { body: { username: member.username, password: 'second password' } })).status).toBe(200);
    expect(smtp.received.filter((m) => m.to.includes(member.email) && m.subject === 'Choose a new password')).toHaveLength(1);
  });

  it('Forgot password and the reset link work without JavaScript', async () => {
    const member = await registerPlayer();
    const p = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await p.goto('/forgot-password');
    await p.getByLabel('E-mail address').fill(member.email);
    await Promise.all([p.waitForLoadState('load'), p.getByRole('button', { name: 'Send me a link' }).click()]);
    await p.getByRole('status').getByText(FORGOT_PASSWORD_ANSWER).waitFor();
    await waitFor(() => smtp.received.some((m) => m.to.includes(member.email) && m.subject === 'Choose a new password'), 20_000, 'the reset mail');
    const mail = smtp.received.find((m) => m.to.includes(member.email) && m.subject === 'Choose a new password')!;
    await p.goto(/(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]);
    await p.getByLabel(/^New password/).fill('no script needed');
    await p.getByLabel('Confirm new password').fill('no script needed');
    await Promise.all([p.waitForURL((url) => url.pathname === '/players-area'), p.getByRole('button', { name: 'Save and sign in' }).click()]);
    expect((await api('/api/auth/login', { body: { username: member.username, password: 'no script needed' } })).status).toBe(200);
  });

  it('A player changes their own password from the portal; wrong current password is shown next to its field', async () => {
    const member = await registerPlayer();
    const p = await page(PHONE);
    await signIn(p, member.username, member.password);
    await p.goto('/players-area/account');
    await hydrated(p);
    await checkPage(p, 'portal-account');
    await p.getByLabel('Current password').fill('wrong one');
    await p.getByLabel(/^New password/).fill('portal password');
    await p.getByLabel('Confirm new password').fill('portal password');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText('Current password is incorrect').first().waitFor();
    expect(await p.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await p.getByLabel('Current password').fill(member.password);
    await p.getByLabel(/^New password/).fill('portal password');
    await p.getByLabel('Confirm new password').fill('portal password');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByRole('status').getByText(/Password changed/).waitFor();
    expect((await api('/api/auth/login', { body: { username: member.username, password: 'portal password' } })).status).toBe(200);
  });

});

describe('Changing an e-mail address in the browser', () => {
  it('A player changes their e-mail address at 390 px: a link to the new address, the old one told, then sign-in with the new one', async () => {
    const member = await registerPlayer();
    const p = await page(PHONE);
    await signIn(p, member.username, member.password);
    await p.goto('/players-area/account');
    await hydrated(p);
    await p.getByLabel(/^New e-mail address/).fill('not-an-address');
    await p.getByRole('button', { name: 'Send the link' }).click();
    // The reason is next to the field.
    await p.waitForFunction(() => document.querySelector('input[name="email"][type="email"]')?.getAttribute('aria-invalid') === 'true');
    const fresh = `moved.${member.username}@example.org`;
    await p.getByLabel(/^New e-mail address/).fill(fresh);
    // Issue 30: the current password is asked, and a wrong one is refused next to its field.
    await p.getByLabel(/^Your password/).fill('not my password');
    await p.getByRole('button', { name: 'Send the link' }).click();
    await p.waitForFunction(() => document.getElementById('email-current-password')?.getAttribute('aria-invalid') === 'true');
    await p.getByLabel(/^New e-mail address/).fill(fresh);
    await p.getByLabel(/^Your password/).fill(member.password);
    await p.getByRole('button', { name: 'Send the link' }).click();
    await p.getByText(`We sent a link to ${fresh}.`, { exact: false }).waitFor();
    // axe measures the button once it is enabled again and its colour transition (150 ms) is over.
    await expect.poll(() => p.getByRole('button', { name: 'Send the link' }).isEnabled()).toBe(true);
    await p.waitForTimeout(300);
    await checkPage(p, 'portal-account-email-sent');
    await waitFor(() => smtp.received.some((m) => m.to.includes(fresh) && m.subject === 'Confirm your new e-mail address'), 20_000, 'the confirmation link');
    await waitFor(() => smtp.received.some((m) => m.to.includes(member.email) && m.subject === 'Your e-mail address is being changed'), 20_000, 'the notice to the old address');
    const link = /(https?:\/\/\S+\/confirm-email\?token=[\w-]+)/.exec(smtp.received.find((m) => m.to.includes(fresh) && m.subject === 'Confirm your new e-mail address')!.text)![1];
    const q = await page(PHONE);
    await q.goto(link);
    await q.getByRole('button', { name: 'Confirm this address' }).click();
    await q.getByRole('status').getByText('Your e-mail address is confirmed.', { exact: false }).waitFor();
    await checkPage(q, 'confirm-email-done');
    expect((await api('/api/auth/login', { body: { username: fresh, password: member.password } })).status).toBe(200);
  });
});

describe('Changing a password in the admin panel', () => {
  it('The admin changes their own password from the admin panel', async () => {
    const p = await page();
    await signIn(p, 'admin', E2E_ADMIN_PASSWORD);
    await p.goto('/admin/account');
    await hydrated(p);
    await checkPage(p, 'admin-account');
    await p.getByLabel('Current password').fill(E2E_ADMIN_PASSWORD);
    await p.getByLabel(/^New password/).fill('admin password two');
    await p.getByLabel('Confirm new password').fill('admin password two');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByRole('status').getByText(/Password changed/).waitFor();
    // Put it back for the other tests.
    const login = await api('/api/auth/login', { body: { username: 'admin', password: 'admin password two' } });
    expect(login.status).toBe(200);
    const back = await api('/api/auth/password', {
      method: 'PUT',
      token: login.body.access_token,
      body: { current_password: 'admin password two', new_password: E2E_ADMIN_PASSWORD },
    });
    expect(back.status).toBe(200);
  });
});

describe('Notification preferences and unsubscribing in the browser', () => {
  it('A player turns message e-mails off on the Account page; a one-click link from a feedback mail turns feedback off without signing in', async () => {
    const member = await registerPlayer();
    const p = await page(PHONE);
    await signIn(p, member.username, member.password);
    await p.goto('/players-area/account');
    await hydrated(p);
    const messages = p.getByRole('checkbox', { name: 'Messages from the club' });
    expect(await messages.isChecked()).toBe(true);
    await messages.uncheck();
    await p.getByRole('button', { name: 'Save preferences' }).click();
    await p.getByRole('status').getByText('E-mail preferences saved').waitFor();
    await p.reload();
    expect(await p.getByRole('checkbox', { name: 'Messages from the club' }).isChecked()).toBe(false);
    expect(await p.getByRole('checkbox', { name: 'Coach feedback' }).isChecked()).toBe(true);
    await checkPage(p, 'portal-account-preferences');

    const login = await api('/api/auth/login', { body: { username: member.username, password: member.password } });
    const me = await api('/api/players/me', { token: login.body.access_token });
    const admin = (await api('/api/auth/login', { body: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).body.access_token;
    expect((await api('/api/messages', { token: admin, body: { subject: `Quiet ${member.username}`, body: 'Not mailed.', player_id: me.body.id } })).status).toBe(201);
    expect((await api(`/api/players/${me.body.id}/feedback`, { token: admin, body: { category: 'Training', feedback: 'Sharp today.' } })).status).toBe(201);
    await waitFor(() => smtp.received.some((m) => m.to.includes(member.email) && /feedback/.test(m.subject)), 20_000, 'the feedback mail');
    expect(smtp.received.some((m) => m.to.includes(member.email) && m.subject.startsWith('Quiet'))).toBe(false);
    const feedbackMail = smtp.received.find((m) => m.to.includes(member.email) && /feedback/.test(m.subject))!;
    const unsubscribe = /^<(.+)>$/.exec(feedbackMail.header('List-Unsubscribe')!)![1];

    // Opened in a browser that is not signed in: a confirmation page (opening changes nothing), then one button.
    const q = await page(PHONE);
    await q.goto(unsubscribe);
    expect(new URL(q.url()).pathname).toBe('/unsubscribe');
    await hydrated(q);
    await q.getByText('Stop e-mails about coach feedback?').waitFor();
    const untouched = await api('/api/preferences', { token: login.body.access_token });
    expect(untouched.body.find((x: { kind: string }) => x.kind === 'feedback').email).toBe(true);
    await checkPage(q, 'unsubscribe');
    await q.getByRole('button', { name: 'Unsubscribe' }).click();
    await q.getByRole('status').getByText(/no longer get e-mails about/).waitFor();
    await checkPage(q, 'unsubscribe-done');
    const prefs = await api('/api/preferences', { token: login.body.access_token });
    expect(prefs.body.find((x: { kind: string }) => x.kind === 'feedback').email).toBe(false);

    // The mail provider's one-click request (RFC 8058): a POST to the same address, no cookie, no sign-in.
    expect((await api('/api/documents', { token: admin, body: { title: `Doc ${member.username}`, url: 'https://example.org/d.pdf', player_id: me.body.id } })).status).toBe(201);
    await waitFor(() => smtp.received.some((m) => m.to.includes(member.email) && m.subject.startsWith('New document')), 20_000, 'the document mail');
    const docMail = smtp.received.find((m) => m.to.includes(member.email) && m.subject.startsWith('New document'))!;
    expect(docMail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = await fetch(/^<(.+)>$/.exec(docMail.header('List-Unsubscribe')!)![1], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(oneClick.status).toBe(200);
    const afterOneClick = await api('/api/preferences', { token: login.body.access_token });
    expect(afterOneClick.body.find((x: { kind: string }) => x.kind === 'document').email).toBe(false);

    // Without JavaScript the page's form posts itself (clicking again changes nothing more).
    const noJs = await b.newPage({ baseURL: mailing.server.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await noJs.goto(unsubscribe);
    await Promise.all([noJs.waitForLoadState('load'), noJs.getByRole('button', { name: 'Unsubscribe' }).click()]);
    await noJs.getByRole('status').getByText(/no longer get e-mails about/).waitFor();

    // A forged link is refused on the page too.
    const forged = new URL(unsubscribe);
    forged.searchParams.set('sig', 'forged-signature');
    await q.goto(forged.toString());
    await q.getByRole('alert').getByText('This unsubscribe link is not valid.').waitFor();
  });
});

describe('The admin Outbox tab', () => {
  it('shows dead mail with the server\'s error, retries it, and sends a test e-mail that reports the SMTP answer', async () => {
    smtp.setDecide((mail) => (mail.to.some((to) => to.startsWith('bounce')) ? { code: 550, message: 'No mailbox here by that name' } : 'accept'));
    try {
      const applied = await api('/api/join-us', {
        body: { full_name: 'Bea Bounce', email: 'bounce@example.com', phone_number: '+44 7700 900999', message: 'Hi', interest_types: ['volunteer'] },
      });
      expect(applied.status).toBe(201);
      const admin = (await api('/api/auth/login', { body: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).body.access_token;
      await waitFor(async () => (await api('/api/admin/outbox?status=dead', { token: admin })).body.messages.length > 0, 20_000, 'the dead receipt');

      const p = await page(PHONE);
      await signIn(p, 'admin', E2E_ADMIN_PASSWORD);
      await p.goto('/admin/outbox');
      await hydrated(p);
      await p.getByLabel('Show').selectOption('dead');
      await p.waitForURL((url) => url.searchParams.get('status') === 'dead');
      const card = p.getByRole('article').filter({ hasText: 'We have your application' });
      await card.getByText('550 No mailbox here by that name').waitFor();
      await checkPage(p, 'admin-outbox');

      // A test e-mail the server refuses shows the server's words; one it accepts says so.
      await p.getByLabel(/^Send it to/).fill('not-an-address');
      await p.getByRole('button', { name: 'Send test e-mail' }).click();
      await p.getByText('Please enter a valid e-mail address').first().waitFor();
      await p.getByLabel(/^Send it to/).fill('bounce-test@example.com');
      await p.getByRole('button', { name: 'Send test e-mail' }).click();
      await p.getByRole('alert').getByText(/The mail server said: 550 No mailbox here by that name/).waitFor();
      await checkPage(p, 'admin-outbox-test-error');
      await p.getByLabel(/^Send it to/).fill('admin-inbox@example.com');
      await p.getByRole('button', { name: 'Send test e-mail' }).click();
      await p.getByRole('status').getByText(/accepted the test e-mail to admin-inbox@example\.com/).waitFor();
      expect(smtp.received.filter((m) => m.to.includes('admin-inbox@example.com'))).toHaveLength(1);

      // The mailbox now exists: Retry sends the receipt.
      smtp.setDecide(() => 'accept');
      await card.getByRole('button', { name: 'Retry now' }).click();
      await p.getByText(/will be sent again now/).waitFor();
      await waitFor(() => smtp.received.some((m) => m.to.includes('bounce@example.com')), 20_000, 'the retried receipt');
      expect(smtp.received.filter((m) => m.to.includes('bounce@example.com'))).toHaveLength(1);
      // The worker marks the row sent once the server has accepted it: the Sent list shows it from then on.
      await waitFor(
        async () => (await api('/api/admin/outbox?status=sent', { token: admin })).body.messages.some((m: { to_address: string }) => m.to_address === 'bounce@example.com'),
        20_000,
        'the receipt marked sent',
      );
      await p.getByLabel('Show').selectOption('sent');
      await p.getByRole('article').filter({ hasText: 'We have your application' }).filter({ hasText: 'bounce@example.com' }).waitFor();
    } finally {
      smtp.setDecide(() => 'accept');
    }
  });
});
