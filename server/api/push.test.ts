import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { newBrowserKeys } from '../../tests/support/push-service';
import { PUSH_OFF_REASON } from '../../shared/contracts/push';
import { pushSubscriptions, sessions } from '../db/schema';
import { deviceLabel } from '../services/push/devices';
import { endpointAllowed, PUSH_SERVICE_ORIGINS } from '../services/push/origins';

const OWN_PUSH_SERVICE = 'https://push.example.org';
const t = await createTestContext({ vapidSubject: 'mailto:secretary@riverside-rovers.org.uk', pushAllowedOrigins: [OWN_PUSH_SERVICE] });
// The same site with VAPID_SUBJECT and PUSH_ALLOWED_ORIGINS unset: push is off.
const off = await createTestContext();

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const fcm = () => `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`;
const subscription = (endpoint = fcm()) => ({ endpoint, keys: newBrowserKeys().keys });
const as = (token: string, userAgent = ANDROID_CHROME) => ({ token, headers: { 'user-agent': userAgent } });

describe('GET /api/push/key', () => {
  it("answers the site's VAPID public key (base64url, 65 bytes), the same on every call and kept in the database", async () => {
    const first = await t.json('/api/push/key');
    expect(first.status).toBe(200);
    expect(first.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.body.public_key, 'base64url')).toHaveLength(65);
    expect((await t.json('/api/push/key')).body.public_key).toBe(first.body.public_key);
    // Another process on the same database reads the same pair.
    const { createPushService } = await import('../services/push');
    expect((await createPushService(t.db, { vapidSubject: 'mailto:a@example.org' }).publicKey()).public_key).toBe(first.body.public_key);
  });

  it('answers null and the reason while VAPID_SUBJECT is unset (push is off: notifications go by e-mail)', async () => {
    const answer = await off.json('/api/push/key');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ public_key: null, reason: PUSH_OFF_REASON });
  });
});

describe('POST /api/push/subscriptions', () => {
  it('stores the device for the caller: 201 {id}, then 200 with the same id for the same endpoint', async () => {
    const me = await t.signedIn('player');
    const body = subscription();
    const first = await t.json('/api/push/subscriptions', { ...as(me.token), body });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String) });
    const again = await t.json('/api/push/subscriptions', { ...as(me.token), body: { ...body, keys: newBrowserKeys().keys } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const list = await t.json('/api/push/subscriptions', as(me.token));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: first.body.id, device_label: 'Chrome on Android', created_at: expect.any(String), last_success_at: null }]);
  });

  it('re-links a device to whoever subscribed on it last (another person signed in on that phone)', async () => {
    const first = await t.signedIn('player');
    const second = await t.signedIn('player');
    const body = subscription();
    const mine = await t.json('/api/push/subscriptions', { ...as(first.token), body });
    const theirs = await t.json('/api/push/subscriptions', { ...as(second.token, IPHONE_SAFARI), body });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).toBe(mine.body.id);
    expect((await t.json('/api/push/subscriptions', as(first.token))).body).toEqual([]);
    expect((await t.json('/api/push/subscriptions', as(second.token))).body.map((d: { device_label: string }) => d.device_label)).toEqual(['Safari on iPhone']);
  });

  it("refuses an endpoint that is not a browser's push service (422), so the server never calls an address a member typed", async () => {
    const me = await t.signedIn('player');
    for (const endpoint of [
      'https://evil.example.net/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.evil.net/fcm/send/1',
      'https://127.0.0.1:5432/',
      'https://user:pass@fcm.googleapis.com/fcm/send/1',
      'http://localhost:3000/api/admin/outbox',
      'not a url',
    ]) {
      const answer = await t.json('/api/push/subscriptions', { ...as(me.token), body: subscription(endpoint) });
      expect(answer.status, endpoint).toBe(422);
      expect(answer.body.detail, endpoint).toMatch(/push service|endpoint/);
    }
    expect((await t.json('/api/push/subscriptions', as(me.token))).body).toEqual([]);
  });

  it('accepts the real push services and the origins PUSH_ALLOWED_ORIGINS adds (and only with it)', async () => {
    const me = await t.signedIn('player');
    for (const endpoint of [
      fcm(),
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGz7Yc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      `${OWN_PUSH_SERVICE}/push/1`,
    ]) {
      expect((await t.json('/api/push/subscriptions', { ...as(me.token), body: subscription(endpoint) })).status, endpoint).toBe(201);
    }
    const elsewhere = await off.signedIn('player');
    expect((await off.json('/api/push/subscriptions', { ...as(elsewhere.token), body: subscription(`${OWN_PUSH_SERVICE}/push/2`) })).status).toBe(422);
    expect(endpointAllowed('https://eu.push.services.mozilla.com/x')).toBe(true);
    expect(endpointAllowed('https://push.services.mozilla.com.evil.net/x')).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(PUSH_SERVICE_ORIGINS).toContain('https://web.push.apple.com');
  });

  it('refuses keys that are not a browser’s, and a body without them, with {"detail"}', async () => {
    const me = await t.signedIn('player');
    const cases = [
      { endpoint: fcm(), keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: newBrowserKeys().keys.auth } },
      { endpoint: fcm(), keys: { p256dh: newBrowserKeys().keys.p256dh, auth: Buffer.alloc(8).toString('base64url') } },
      { endpoint: fcm(), keys: { p256dh: 'not base64!', auth: 'x' } },
      { endpoint: fcm() },
      { keys: newBrowserKeys().keys },
      'nonsense',
    ];
    for (const body of cases) {
      const answer = await t.json('/api/push/subscriptions', { ...as(me.token), body });
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
      expect(typeof answer.body.detail).toBe('string');
    }
  });

  it('needs a signed-in caller (401), before looking at the body', async () => {
    expect((await t.json('/api/push/subscriptions', { body: subscription() })).status).toBe(401);
    expect((await t.json('/api/push/subscriptions', { body: { nonsense: true } })).status).toBe(401);
    expect((await t.json('/api/push/subscriptions')).status).toBe(401);
  });
});

describe('a device ends with the sign-in it was turned on under', () => {
  it('Sign Out removes that phone; the same person signed in on another phone keeps theirs; sending it again re-links it', async () => {
    const me = await t.signedIn('player');
    const laptop = (await t.json('/api/auth/login', { body: { username: me.username, password: me.password } })).body.access_token as string;
    const phone = subscription();
    await t.json('/api/push/subscriptions', { ...as(me.token), body: phone });
    const other = await t.json('/api/push/subscriptions', { ...as(laptop), body: subscription() });
    expect((await t.json('/api/push/subscriptions', as(laptop))).body).toHaveLength(2);

    expect((await t.json('/api/auth/logout', { ...as(me.token), method: 'POST' })).status).toBeLessThan(300);
    const left = await t.json('/api/push/subscriptions', as(laptop));
    expect(left.body.map((d: { id: string }) => d.id)).toEqual([other.body.id]);

    // Signed in again on the phone, the app sends its subscription again: a new device row, tied to the new sign-in.
    const again = (await t.json('/api/auth/login', { body: { username: me.username, password: me.password } })).body.access_token as string;
    expect((await t.json('/api/push/subscriptions', { ...as(again), body: phone })).status).toBe(201);
    // "Sign out everywhere else" (a new password) ends the laptop's sign-in, and its device with it.
    const changed = await t.json('/api/auth/password', { ...as(again), method: 'PUT', body: { current_password: me.password, new_password: 'a brand new password 1' } });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    const kept = (await t.json('/api/push/subscriptions', as(again))).body as { id: string }[];
    expect(kept).toHaveLength(1);

    // A sign-in that simply ran out leaves the phone for the next one: sent again, it is the same device.
    await t.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessions.user_id, me.user.id));
    await t.db.delete(sessions).where(eq(sessions.user_id, me.user.id));
    const [left2] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, me.user.id));
    expect(left2).toMatchObject({ id: kept[0]!.id, session_token_hash: null });
    const next = (await t.json('/api/auth/login', { body: { username: me.username, password: 'a brand new password 1' } })).body.access_token as string;
    const resent = await t.json('/api/push/subscriptions', { ...as(next), body: phone });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(kept[0]!.id);
  });
});

describe('DELETE /api/push/subscriptions/{id}', () => {
  it("removes one's own device; someone else's, or an unknown id, is 404 and stays", async () => {
    const owner = await t.signedIn('player');
    const other = await t.signedIn('player');
    const { body } = await t.json('/api/push/subscriptions', { ...as(owner.token), body: subscription() });
    const theirs = await t.json(`/api/push/subscriptions/${body.id}`, { ...as(other.token), method: 'DELETE' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ detail: 'Device not found.' });
    expect((await t.json('/api/push/subscriptions/not-an-id', { ...as(owner.token), method: 'DELETE' })).status).toBe(404);
    expect((await t.json(`/api/push/subscriptions/${body.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await t.json('/api/push/subscriptions', as(owner.token))).body).toHaveLength(1);
    const mine = await t.json(`/api/push/subscriptions/${body.id}`, { ...as(owner.token), method: 'DELETE' });
    expect(mine.status).toBe(200);
    expect((await t.json('/api/push/subscriptions', as(owner.token))).body).toEqual([]);
    expect((await t.json(`/api/push/subscriptions/${body.id}`, { ...as(owner.token), method: 'DELETE' })).status).toBe(404);
  });
});

describe('device labels', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome on Android'],
    [IPHONE_SAFARI, 'Safari on iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    [undefined, 'A browser'],
  ])('%s → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});
