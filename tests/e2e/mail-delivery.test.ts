import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, initializeDatabase, startServer, type RunningServer } from '../support/server';
import { startSmtpServer, waitFor } from '../support/smtp';

/**
 * The outbox's delivery promises (ADR 015) against the production build: mail survives the mail server being
 * away and a kill -9 of the app, and two app processes on one database send each mail once.
 */
const servers: RunningServer[] = [];
const smtp = await startSmtpServer();

afterAll(async () => {
  for (const s of servers.reverse()) {
    if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
  }
  for (const s of servers) await s.cleanup();
  await smtp.stop();
});

/** Two mails each: the application to the club, the receipt to the applicant. */
async function apply(baseURL: string, tag: string) {
  const res = await fetch(`${baseURL}/api/join-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: `Applicant ${tag}`, email: `applicant-${tag}@example.com`, phone_number: '+44 7700 900321', message: 'Hello', interest_types: ['player'] }),
  });
  expect(res.status).toBe(201);
}

const forTag = (prefix: string) => smtp.received.filter((m) => m.subject.includes(`Applicant ${prefix}`) || m.to.some((t) => t.startsWith(`applicant-${prefix}`)));

function expectEachOnce(prefix: string, applications: number) {
  const mails = forTag(prefix);
  const keys = mails.map((m) => `${m.to.join(',')}|${m.subject}`);
  expect(mails).toHaveLength(applications * 2);
  expect(new Set(keys).size).toBe(applications * 2);
  expect(new Set(mails.map((m) => m.messageId)).size).toBe(applications * 2);
}

describe('Mail delivery with the production build', () => {
  it('the mail server is away while 20 events happen and the app is killed (-9) in the middle: every mail arrives once when it is back', async () => {
    await smtp.stop();
    const port = await freePort();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${port}`, MAIL_RETRY_DELAYS: '1,1,1,1,1,1,1,1,1,1' };
    const first = await startServer({ port, env });
    servers.push(first);
    await initializeDatabase(first.baseURL);
    expect(first.output()).not.toContain('Mail is not configured');
    for (let i = 0; i < 10; i++) await apply(first.baseURL, `down-${String(i).padStart(2, '0')}`);
    await first.kill();

    const second = await startServer({ port, dataDir: first.dataDir, env });
    servers.push(second);
    for (let i = 10; i < 20; i++) await apply(second.baseURL, `down-${String(i).padStart(2, '0')}`);
    // Still away: nothing has been delivered, nothing is lost.
    const waiting = await fetch(`${second.baseURL}/api/health`);
    expect(waiting.ok).toBe(true);
    expect(forTag('down')).toHaveLength(0);

    await smtp.start();
    await waitFor(() => forTag('down').length >= 40, 45_000, 'all 40 mails');
    // A moment more: no repeats arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expectEachOnce('down', 20);
    await second.stop();
  }, 150_000);

  it('two app processes on one database send each mail exactly once', async () => {
    const portA = await freePort();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${portA}` };
    const a = await startServer({ port: portA, env });
    servers.push(a);
    await initializeDatabase(a.baseURL);
    // The second process uses the first one's embedded PostgreSQL through its Unix socket.
    const pid = (await fs.readFile(path.join(a.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const socketDir = pid[4];
    const b = await startServer({ env: { ...env, DATABASE_URL: `postgresql://postgres@localhost/club?host=${encodeURIComponent(socketDir)}` } });
    servers.push(b);

    // Slow the mail server a little so both workers are busy at once.
    smtp.setDecide(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'accept' as const;
    });
    try {
      await Promise.all(Array.from({ length: 30 }, (_, i) => apply(i % 2 ? a.baseURL : b.baseURL, `two-${String(i).padStart(2, '0')}`)));
      await waitFor(() => forTag('two').length >= 60, 45_000, 'all 60 mails');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expectEachOnce('two', 30);
    } finally {
      smtp.setDecide(() => 'accept');
      await b.stop();
      await a.stop();
    }
  }, 150_000);
});
