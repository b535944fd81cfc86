/**
 * Web Push delivery (issue 35) against a real push service on 127.0.0.1 (tests/support/push-service.ts:
 * it checks each request's VAPID JWT and decrypts its body with the browser's keys) and real
 * PostgreSQL: each device gets a message once with its exact text, an outage loses and repeats
 * nothing, a worker that dies mid-send repeats nothing, and a device that is gone (410) is removed
 * and its message goes by e-mail (to a real SMTP server).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailingTestContext } from '../../tests/support/mail';
import { startPushService, TEST_VAPID_SUBJECT, testPushWorker } from '../../tests/support/push-service';
import { waitFor } from '../../tests/support/smtp';
import { outbox, pushOutbox, pushSubscriptions, users } from '../db/schema';
import { setLogLevel } from '../log';
import { createPushWorker, PUSH_GIVE_UP_AFTER_MS, PUSH_RETRY_DELAYS_MS, retryAfterMs, type PushWorkerOptions } from './push/delivery';
import type { FallbackMail } from './push';

// Refusals and retries are logged as warnings by design; the assertions here check them.
setLogLevel('error');

const VAPID_SUBJECT = TEST_VAPID_SUBJECT;
// The push service checks that each request is signed with the key GET /api/push/key gives browsers.
const publicKey = async () => (await ctx.services.push.keys()).publicKey;
const service = await startPushService({ publicKey });
const ctx = await createMailingTestContext({ vapidSubject: VAPID_SUBJECT, pushAllowedOrigins: [service.origin] });
const workers: ReturnType<typeof createPushWorker>[] = [];

afterAll(async () => {
  for (const w of workers) await w.stop();
  await service.stop();
});

/** Stops the workers of earlier tests and starts this test's own. */
async function worker(options: Partial<PushWorkerOptions> = {}) {
  for (const w of workers.splice(0)) await w.stop();
  const w = testPushWorker(ctx.db, ctx.services.push.keys, service, options);
  workers.push(w);
  w.start();
  return w;
}

/** A member with `devices` phones subscribed (through the service, as POST /api/push/subscriptions does). */
async function member(devices = 1) {
  const name = `member_${randomBytes(4).toString('hex')}`;
  const [user] = await ctx.db.insert(users).values({ username: name, email: `${name}@example.com`, full_name: `Member ${name}`, password_hash: 'not-used' }).returning();
  const endpoints: string[] = [];
  for (let i = 0; i < devices; i++) {
    const sub = service.subscribe();
    await ctx.services.push.subscribe({ id: user.id } as never, sub, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36');
    endpoints.push(sub.endpoint);
  }
  return { user, endpoints };
}

const teamSheet = (key: string) => ({ kind: 'team_sheet', title: 'Team sheet published', body: 'Open to see it.', url: '/portal/fixtures/123', dedupeKey: key });

const fallbackFor = (key: string, to: string): FallbackMail => ({
  dedupe_key: `mail:${key}`,
  kind: 'team_sheet',
  to_address: to,
  subject: `Team sheet published ${key}`,
  text_body: 'The team sheet for Saturday is out: open the club site to see it.',
  html_body: '<p>The team sheet for Saturday is out: open the club site to see it.</p>',
  headers: {},
});

const rowsOf = (key: string) => ctx.db.select().from(pushOutbox).where(eq(pushOutbox.message_key, key));

describe('the push outbox worker', () => {
  it('a message to 11 players reaches each device once, with the exact text, encrypted for it alone', async () => {
    const squad = await Promise.all(Array.from({ length: 11 }, () => member()));
    const key = `squad:${randomUUID()}`;
    const devices = await ctx.db.transaction(async (tx) => {
      const each: { devices: number }[] = [];
      for (const m of squad) each.push(await ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id }));
      return each;
    });
    expect(devices.map((d) => d.devices)).toEqual(Array(11).fill(1));
    // The same event enqueued again is stored once.
    await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: squad[0].user.id }));
    expect(await rowsOf(key)).toHaveLength(11);

    await worker();
    await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'sent'), 15_000, 'all sent');
    for (const m of squad) {
      const got = service.received(m.endpoints[0]);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: 'Team sheet published', body: 'Open to see it.', url: '/portal/fixtures/123', tag: key, ttl: '86400', urgency: 'normal' });
      expect(got[0].topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(service.problems).toEqual([]);
    expect((await rowsOf(key)).every((r) => r.attempts === 1)).toBe(true);
    const [device] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, squad[0].user.id));
    expect(device.last_success_at).not.toBeNull();
    expect(device.device_label).toBe('Chrome on Android');
    expect(await publicKey()).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('with the push service down through the first back-off steps, every device gets its message once after it returns', async () => {
    const squad = await Promise.all(Array.from({ length: 11 }, () => member()));
    const key = `outage:${randomUUID()}`;
    await worker();
    await service.down();
    try {
      await ctx.db.transaction(async (tx) => {
        for (const m of squad) await ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id });
      });
      // Scaled time: the schedule's first steps (200, 400, 800 ms here; 30 s, 2 and 10 minutes in
      // production) all fall inside the outage, as a 2-minute outage covers the first two.
      await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'failed' && r.attempts >= 3), 15_000, 'three failed attempts while down');
      const failed = await rowsOf(key);
      expect(failed[0].last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await service.up();
    }
    await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'sent'), 20_000, 'all sent after the outage');
    for (const m of squad) expect(service.received(m.endpoints[0])).toHaveLength(1);
    expect(service.problems).toEqual([]);
    // The production schedule outlives a 2-minute outage with room to spare: the third attempt comes
    // after it (30 s, then 2 min later), and a message is given up only after every step, or a day.
    expect(PUSH_RETRY_DELAYS_MS[0] + PUSH_RETRY_DELAYS_MS[1]).toBeGreaterThan(2 * 60_000);
    expect(PUSH_RETRY_DELAYS_MS.reduce((a, b) => a + b)).toBeLessThan(PUSH_GIVE_UP_AFTER_MS);
  });

  it('a 5xx with Retry-After is tried again no sooner than the service asked', async () => {
    const m = await member();
    const key = `busy:${randomUUID()}`;
    await worker();
    service.setMode(m.endpoints[0], { status: 503, retryAfter: '2' });
    await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id }));
    const started = Date.now();
    await waitFor(async () => (await rowsOf(key))[0]?.status === 'failed', 10_000, 'refused once');
    const [row] = await rowsOf(key);
    expect(row.next_attempt_at.getTime() - started).toBeGreaterThanOrEqual(1_500);
    expect(row.last_error).toMatch(/^503/);
    service.setMode(m.endpoints[0], 'accept');
    await waitFor(async () => (await rowsOf(key))[0]?.status === 'sent', 10_000, 'sent after Retry-After');
    expect(service.received(m.endpoints[0])).toHaveLength(1);
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('a device that is gone, and the fallback to e-mail', () => {
  it('a 410 removes the subscription, the message goes by e-mail (once), and the next one finds no device', async () => {
    const m = await member();
    const key = `gone:${randomUUID()}`;
    await worker();
    service.setMode(m.endpoints[0], 'gone');
    await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id, fallbackMail: fallbackFor(key, m.user.email) }));
    await waitFor(async () => (await rowsOf(key))[0]?.status === 'dead', 10_000, 'dead');
    expect((await rowsOf(key))[0].last_error).toMatch(/^410/);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, m.user.id))).toEqual([]);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, `mail:${key}`));
    expect(mails).toHaveLength(1);
    await waitFor(() => ctx.smtp.received.some((mail) => mail.subject === `Team sheet published ${key}`), 10_000, 'the fallback mail delivered');
    expect(ctx.smtp.received.filter((mail) => mail.subject === `Team sheet published ${key}`)).toHaveLength(1);
    expect(ctx.smtp.received.find((mail) => mail.subject === `Team sheet published ${key}`)!.to).toEqual([m.user.email]);
    // The next notification: no device left, so the caller sends it by e-mail itself.
    const next = await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(`${key}:next`), userId: m.user.id, fallbackMail: fallbackFor(`${key}:next`, m.user.email) }));
    expect(next.devices).toBe(0);
  });

  it('no e-mail when another of the person’s devices got the message', async () => {
    const m = await member(2);
    const key = `half:${randomUUID()}`;
    await worker();
    service.setMode(m.endpoints[0], 'gone');
    await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id, fallbackMail: fallbackFor(key, m.user.email) }));
    await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'dead' || r.status === 'sent'), 10_000, 'settled');
    expect((await rowsOf(key)).map((r) => r.status).sort()).toEqual(['dead', 'sent']);
    expect(service.received(m.endpoints[1])).toHaveLength(1);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, `mail:${key}`))).toEqual([]);
  });

  it('a message out of retries on every device goes by e-mail; a device removed by its owner counts as gone', { timeout: 40_000 }, async () => {
    const m = await member(2);
    const key = `tired:${randomUUID()}`;
    service.setMode(m.endpoints[0], { status: 500 });
    await ctx.db.transaction(async (tx) => ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id, fallbackMail: fallbackFor(key, m.user.email) }));
    // The owner removes the second phone before anything is sent.
    const [second] = await ctx.db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.user_id, m.user.id), eq(pushSubscriptions.endpoint, m.endpoints[1])));
    await ctx.services.push.remove({ id: m.user.id } as never, second.id);
    await worker({ retryDelaysMs: [50, 50] });
    // On a loaded machine this can take a while; if it never happens, the rows say where they stopped.
    await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'dead'), 25_000, 'dead on both').catch(async (error: Error) => {
      const where = (await rowsOf(key)).map((r) => ({ status: r.status, attempts: r.attempts, last_error: r.last_error, next: r.next_attempt_at, locked: r.locked_until }));
      throw new Error(`${error.message}: ${JSON.stringify(where)}`);
    });
    const rows = await rowsOf(key);
    expect(rows.find((r) => r.subscription_id === null)?.last_error).toBe('The device was removed');
    expect(Math.max(...rows.map((r) => r.attempts))).toBe(3);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, `mail:${key}`))).toHaveLength(1);
    expect(service.received(m.endpoints[1])).toEqual([]);
  });
});

describe('a worker killed mid-send', () => {
  it('its claim runs out and another worker sends the message: each device still gets it once', async () => {
    const squad = await Promise.all(Array.from({ length: 3 }, () => member()));
    const key = `killed:${randomUUID()}`;
    for (const m of squad) service.setMode(m.endpoints[0], 'hold');
    // Nothing in this process sends while the killed worker holds its claims.
    for (const w of workers.splice(0)) await w.stop();
    await ctx.db.transaction(async (tx) => {
      for (const m of squad) await ctx.services.push.enqueue(tx, { ...teamSheet(key), userId: m.user.id });
    });
    // A worker in a process of its own, killed (SIGKILL) while its first request waits for an answer.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../tests/support/push-worker-process.ts')], {
      cwd: path.join(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PUSH_TEST_DATABASE: JSON.stringify(ctx.pool.options),
        PUSH_TEST_CA: service.ca,
        PUSH_TEST_SUBJECT: VAPID_SUBJECT,
        PUSH_TEST_ORIGIN: service.origin,
        PUSH_TEST_LEASE_MS: '1500',
      },
      stdio: 'ignore',
    });
    try {
      await waitFor(() => service.held >= 1, 30_000, 'the other process sending');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    service.dropHeld();
    const claimed = await rowsOf(key);
    expect(claimed.some((r) => r.claim_token !== null && r.status === 'pending')).toBe(true);
    for (const m of squad) service.setMode(m.endpoints[0], 'accept');
    await worker();
    await waitFor(async () => (await rowsOf(key)).every((r) => r.status === 'sent'), 20_000, 'all sent after the lease');
    for (const m of squad) expect(service.received(m.endpoints[0])).toHaveLength(1);
    expect(await ctx.db.select().from(pushOutbox).where(like(pushOutbox.message_key, `${key}%`))).toHaveLength(3);
  });
});
