/**
 * Issue 35's acceptance, in real time: the push service is down for 2 minutes while a squad of 11
 * is notified, with the production retry schedule and two workers (two app processes). Nothing is
 * lost and nothing is sent twice after it returns, and no e-mail goes instead. (The scaled-time
 * version, with the first three back-off steps inside the outage, is in push-delivery.test.ts.)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createMailingTestContext } from '../../tests/support/mail';
import { startPushService, TEST_VAPID_SUBJECT, testPushWorker } from '../../tests/support/push-service';
import { waitFor } from '../../tests/support/smtp';
import { outbox, pushOutbox, users } from '../db/schema';
import { setLogLevel } from '../log';
import { PUSH_RETRY_DELAYS_MS } from './push/delivery';

setLogLevel('error');

const OUTAGE_MS = 2 * 60_000;
const publicKey = async () => (await ctx.services.push.keys()).publicKey;
const service = await startPushService({ publicKey });
const ctx = await createMailingTestContext({ vapidSubject: TEST_VAPID_SUBJECT, pushAllowedOrigins: [service.origin] });
// Two workers, as two app processes run them, on the production schedule (30 s, then 2 minutes…).
const workers = [0, 1].map(() => testPushWorker(ctx.db, ctx.services.push.keys, service, { retryDelaysMs: PUSH_RETRY_DELAYS_MS, pollMs: 500 }));

afterAll(async () => {
  for (const w of workers) await w.stop();
  await service.stop();
});

async function member() {
  const name = `outage_${randomBytes(4).toString('hex')}`;
  const [user] = await ctx.db.insert(users).values({ username: name, email: `${name}@example.com`, full_name: `Member ${name}`, password_hash: 'not-used' }).returning();
  const sub = service.subscribe();
  await ctx.services.push.subscribe({ id: user.id } as never, sub, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36');
  return { user, endpoint: sub.endpoint };
}

it(
  'with the push service down for 2 minutes, a squad of 11 gets the team sheet once each after it returns, and no e-mail',
  async () => {
    const squad = await Promise.all(Array.from({ length: 11 }, () => member()));
    const key = `outage-2min:${randomUUID()}`;
    await service.down();
    const downAt = Date.now();
    for (const w of workers) w.start();
    try {
      await ctx.db.transaction(async (tx) => {
        for (const m of squad) {
          await ctx.services.push.enqueue(tx, {
            kind: 'team_sheet',
            title: 'Team sheet published',
            body: 'Open to see it.',
            url: '/players-area',
            dedupeKey: key,
            userId: m.user.id,
            fallbackMail: { dedupe_key: `mail:${key}:${m.user.id}`, kind: 'team_sheet', to_address: m.user.email, subject: 'Team sheet published', text_body: 'Open the site.', html_body: '<p>Open the site.</p>', headers: {} },
          });
        }
      });
      // The first attempt and the one 30 s later both fail while the service is down.
      await waitFor(async () => (await rows(key)).every((r) => r.status === 'failed' && r.attempts >= 2), OUTAGE_MS, 'two failed attempts while down');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - downAt))));
      expect((await rows(key)).every((r) => r.status === 'failed')).toBe(true);
    } finally {
      await service.up();
    }
    // The next step (2 minutes after the second attempt) finds the service back.
    await waitFor(async () => (await rows(key)).every((r) => r.status === 'sent'), PUSH_RETRY_DELAYS_MS[1] + 30_000, 'all sent after the outage');
    for (const m of squad) {
      const got = service.received(m.endpoint);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: 'Team sheet published', body: 'Open to see it.', url: '/players-area' });
    }
    expect(service.problems).toEqual([]);
    expect((await rows(key)).every((r) => r.attempts === 3)).toBe(true);
    for (const m of squad) expect(await ctx.db.select().from(outbox).where(eq(outbox.to_address, m.user.email))).toEqual([]);
  },
  OUTAGE_MS + PUSH_RETRY_DELAYS_MS[1] + 90_000,
);

const rows = (key: string) => ctx.db.select().from(pushOutbox).where(eq(pushOutbox.message_key, key));
