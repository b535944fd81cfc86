import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPool } from '../db/pool';
import { createTestContext } from '../../tests/support/api';
import { startSmtpServer, waitFor, type Verdict } from '../../tests/support/smtp';
import { createDb } from '../db/client';
import { outbox } from '../db/schema';
import { setLogLevel } from '../log';
import { composeMail } from '../mail/template';
import { newDocument } from '../mail/templates';
import { createOutboxWorker, enqueueMail, type WorkerOptions } from './outbox';

// Refusals and retries are logged as warnings by design; the assertions here check them.
setLogLevel('error');

const ctx = await createTestContext();
const smtp = await startSmtpServer();
const workers: ReturnType<typeof createOutboxWorker>[] = [];
// A second app instance on the same database: its own pool, its own worker.
const otherPool = createPool(ctx.pool.options, { max: 5, installClubId: ctx.installClub?.id });
otherPool.on('error', () => undefined);
const otherDb = createDb(otherPool);

afterAll(async () => {
  for (const w of workers) await w.stop();
  await smtp.stop();
  await otherPool.end();
});

function worker(options: Partial<WorkerOptions> = {}, db = ctx.db) {
  const w = createOutboxWorker(db, {
    smtpUrl: smtp.url,
    from: 'Club <club@example.org>',
    pollMs: 50,
    retryDelaysMs: [300, 300, 300],
    connectionTimeoutMs: 2_000,
    greetingTimeoutMs: 2_000,
    socketTimeoutMs: 3_000,
    ...options,
  });
  workers.push(w);
  return w;
}

async function enqueue(n: number, prefix = randomUUID()) {
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      await enqueueMail(tx, {
        dedupe_key: `${prefix}:${i}`,
        kind: 'test',
        to: `player${i}@example.com`,
        subject: `${prefix} #${i}`,
        text: `Hello ${i}`,
        html: `<p>Hello ${i}</p>`,
      });
    }
  });
  return prefix;
}

const receivedFor = (prefix: string) => smtp.received.filter((m) => m.subject.startsWith(prefix));
const rowsFor = (prefix: string) => ctx.db.select().from(outbox).where(sql`${outbox.dedupe_key} like ${`${prefix}:%`}`);

beforeEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  smtp.setDecide(() => 'accept');
});

describe('enqueueMail', () => {
  it('stores a dedupe key once: the second enqueue of the same event is a no-op', async () => {
    const key = `once:${randomUUID()}`;
    const mail = { dedupe_key: key, kind: 'test', to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' };
    expect(await enqueueMail(ctx.db, mail)).toBe(true);
    expect(await enqueueMail(ctx.db, mail)).toBe(false);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, key))).toHaveLength(1);
  });

  it('writes nothing when the caller\'s transaction rolls back', async () => {
    const key = `rollback:${randomUUID()}`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, { dedupe_key: key, kind: 'test', to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, key))).toHaveLength(0);
  });
});

describe("the admin's Outbox list", () => {
  it('lists sent mail of the last SENT_KEPT_DAYS only, and deletes none: the retention rule sent_mail does (issue 34)', async () => {
    const prefix = await enqueue(3);
    const [old, recent, waiting] = (await rowsFor(prefix)).sort((a, b) => a.subject.localeCompare(b.subject));
    await ctx.db.update(outbox).set({ status: 'sent', sent_at: sql`now() - interval '91 days'` }).where(eq(outbox.id, old.id));
    await ctx.db.update(outbox).set({ status: 'sent', sent_at: sql`now() - interval '89 days'` }).where(eq(outbox.id, recent.id));
    const { user } = await ctx.signedIn('admin');
    const listed = (await ctx.services.outbox.list(user)).messages.map((m) => m.id);
    expect(listed).toEqual(expect.arrayContaining([recent.id, waiting.id]));
    expect(listed).not.toContain(old.id);
    expect((await rowsFor(prefix)).map((r) => r.id).sort()).toEqual([old.id, recent.id, waiting.id].sort());
    await ctx.db.delete(outbox).where(sql`${outbox.dedupe_key} like ${`${prefix}:%`}`);
  });
});

describe('the outbox worker', () => {
  it('delivers a mail once, with its text and HTML parts, and marks it sent', async () => {
    const prefix = await enqueue(1);
    worker().start();
    await waitFor(async () => (await rowsFor(prefix))[0].status === 'sent', 10_000, 'sent');
    const mails = receivedFor(prefix);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['player0@example.com']);
    expect(mails[0].raw).toContain('text/plain');
    expect(mails[0].raw).toContain('text/html');
    const [row] = await rowsFor(prefix);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_until: null });
    expect(mails[0].messageId).toBe(`<${row.id}@example.org>`);
    // Nothing more is sent on later rounds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedFor(prefix)).toHaveLength(1);
  });

  it('sends the headers stored with a mail, and Auto-Submitted on every mail (also rows stored without it)', async () => {
    const prefix = randomUUID();
    const mail = composeMail(newDocument, { title: `${prefix} handbook`, description: null }, { name: 'Pat' }, {
      siteUrl: 'https://club.example.org',
      unsubscribeUrl: 'https://club.example.org/unsubscribe?user=u&kind=document&sig=s',
    });
    await enqueueMail(ctx.db, { dedupe_key: `${prefix}:composed`, to: 'pat@example.com', ...mail, subject: `${prefix} composed` });
    await enqueueMail(ctx.db, { dedupe_key: `${prefix}:bare`, kind: 'test', to: 'pat@example.com', subject: `${prefix} bare`, text: 't', html: '<p>t</p>' });
    worker().start();
    await waitFor(() => receivedFor(prefix).length === 2, 10_000, 'both mails');
    const composed = receivedFor(prefix).find((m) => m.subject.endsWith('composed'))!;
    const bare = receivedFor(prefix).find((m) => m.subject.endsWith('bare'))!;
    expect(composed.header('Auto-Submitted')).toBe('auto-generated');
    expect(composed.header('List-Unsubscribe')).toBe('<https://club.example.org/unsubscribe?user=u&kind=document&sig=s>');
    expect(composed.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(bare.header('Auto-Submitted')).toBe('auto-generated');
    expect(bare.header('List-Unsubscribe')).toBeUndefined();
  });

  it('retries a 4xx later and delivers once when the server accepts', async () => {
    const prefix = randomUUID();
    let refusals = 0;
    smtp.setDecide((mail): Verdict => {
      if (mail.subject.startsWith(prefix) && refusals < 2) {
        refusals++;
        return { code: 451, message: 'Greylisted, try again later' };
      }
      return 'accept';
    });
    await enqueue(1, prefix);
    const w = worker();
    await w.round();
    let [row] = await rowsFor(prefix);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('451');
    expect(row.last_error).toContain('Greylisted');
    // The back-off holds it back: an immediate round does not touch it.
    expect((await w.round()).claimed).toBe(0);
    w.start();
    await waitFor(async () => (await rowsFor(prefix))[0].status === 'sent', 10_000, 'sent after retries');
    [row] = await rowsFor(prefix);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(receivedFor(prefix)).toHaveLength(1);
  });

  it('marks a 5xx dead at once and keeps the server\'s answer', async () => {
    const prefix = randomUUID();
    smtp.setDecide((mail): Verdict => (mail.subject.startsWith(prefix) ? { code: 550, message: 'No such user here' } : 'accept'));
    await enqueue(1, prefix);
    const w = worker();
    await w.round();
    const [row] = await rowsFor(prefix);
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(row.last_error).toContain('550');
    expect(row.last_error).toContain('No such user here');
    expect((await w.round()).claimed).toBe(0);
    expect(receivedFor(prefix)).toHaveLength(0);
  });

  it('gives up (dead) after the last back-off step', async () => {
    const prefix = randomUUID();
    smtp.setDecide((mail): Verdict => (mail.subject.startsWith(prefix) ? { code: 421, message: 'Busy' } : 'accept'));
    await enqueue(1, prefix);
    worker({ retryDelaysMs: [50, 50] }).start();
    await waitFor(async () => (await rowsFor(prefix))[0].status === 'dead', 10_000, 'dead');
    const [row] = await rowsFor(prefix);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toContain('421');
  });

  it('keeps mail while the server is down and delivers every one, once, after it is back', async () => {
    await smtp.stop();
    const prefix = await enqueue(20);
    const w = worker({ retryDelaysMs: [200, 200, 200, 200, 200] });
    w.start();
    await waitFor(async () => (await rowsFor(prefix)).every((r) => r.status === 'failed'), 10_000, 'failed while down');
    const failed = await rowsFor(prefix);
    expect(failed[0].last_error).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    await waitFor(async () => (await rowsFor(prefix)).every((r) => r.status === 'sent'), 15_000, 'all sent');
    expect(receivedFor(prefix)).toHaveLength(20);
    expect(new Set(receivedFor(prefix).map((m) => m.subject)).size).toBe(20);
  });
});

describe('the outbox worker: several workers, a silent server and no SMTP_URL', () => {
  it('two workers on two connections to one database send each mail exactly once', async () => {
    const prefix = await enqueue(40);
    // Slow the server a little so both workers are busy at the same time.
    smtp.setDecide(async (): Promise<Verdict> => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'accept';
    });
    const sentBy = { a: 0, b: 0 };
    const a = worker({ batchSize: 5, onRound: (r) => (sentBy.a += r.sent) });
    const b = worker({ batchSize: 5, onRound: (r) => (sentBy.b += r.sent) }, otherDb);
    a.start();
    b.start();
    await waitFor(async () => (await rowsFor(prefix)).every((r) => r.status === 'sent'), 20_000, 'all sent');
    const mails = receivedFor(prefix);
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(40);
    expect((await rowsFor(prefix)).every((r) => r.attempts === 1)).toBe(true);
    // Both really worked at once: each sent some of them.
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
    expect(sentBy.a + sentBy.b).toBe(40);
  });

  it('a worker stopped mid-batch gives the rest back; another sends them, nothing twice', async () => {
    const prefix = await enqueue(10);
    let release!: () => void;
    const firstArrived = new Promise<void>((resolve) => (release = resolve));
    smtp.setDecide(async (): Promise<Verdict> => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return 'accept';
    });
    // A long lease: if the stopped worker kept its claims, the other could not send within the test.
    const a = worker({ batchSize: 10, leaseMs: 10 * 60_000 });
    a.start();
    await firstArrived;
    await a.stop();
    const afterStop = await rowsFor(prefix);
    const sentByA = afterStop.filter((r) => r.status === 'sent').length;
    expect(sentByA).toBeGreaterThanOrEqual(1);
    expect(sentByA).toBeLessThan(10);
    expect(afterStop.filter((r) => r.status !== 'sent').every((r) => r.locked_until === null)).toBe(true);
    worker({}, otherDb).start();
    await waitFor(async () => (await rowsFor(prefix)).every((r) => r.status === 'sent'), 15_000, 'all sent');
    expect(receivedFor(prefix)).toHaveLength(10);
    expect(new Set(receivedFor(prefix).map((m) => m.subject)).size).toBe(10);
  });

  it('a crashed worker\'s claim runs out: another worker sends the mail after the lease', async () => {
    const prefix = await enqueue(1);
    // What a worker that died right after claiming leaves behind.
    await ctx.db.execute(sql`update ${outbox} set claim_token = ${randomUUID()}, locked_until = now() + interval '700 milliseconds'
      where dedupe_key like ${`${prefix}:%`}`);
    const w = worker();
    expect((await w.round()).claimed).toBe(0);
    w.start();
    await waitFor(async () => (await rowsFor(prefix))[0].status === 'sent', 10_000, 'sent after the lease');
    expect(receivedFor(prefix)).toHaveLength(1);
  });

  it('a server that accepts the connection but never greets is a bounded, temporary failure', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const prefix = await enqueue(1);
      const w = worker({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, greetingTimeoutMs: 300 });
      const started = Date.now();
      await w.round();
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await rowsFor(prefix);
      expect(row.status).toBe('failed');
      expect(row.last_error).toMatch(/greeting/i);
      await ctx.db.delete(outbox).where(eq(outbox.id, row.id));
    } finally {
      silent.close();
    }
  });

  it('without SMTP_URL nothing is claimed: mail waits in the outbox', async () => {
    const prefix = await enqueue(1);
    const w = worker({ smtpUrl: undefined });
    expect(w.configured).toBe(false);
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    setLogLevel('warn');
    try {
      w.start();
    } finally {
      setLogLevel('error');
      spy.mockRestore();
    }
    expect(lines).toEqual(['[warn] Mail is not configured (SMTP_URL is not set): e-mails wait in the outbox until it is']);
    expect((await w.round()).claimed).toBe(0);
    const [row] = await rowsFor(prefix);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, locked_until: null });
    // Clean up: the other tests' workers would otherwise send it.
    await ctx.db.delete(outbox).where(eq(outbox.id, row.id));
  });
});
