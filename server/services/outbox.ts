import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { expireHeldMail } from './held-mail';
import { log } from '../log';
import { claimDue, releaseClaimed, sendClaimed, workerLoop } from './worker-loop';
import { AUTOMATIC_MAIL_HEADERS } from '../mail/template';
import { mayRunTheClub, must } from '../policy';
import { conflict, notFound } from '../../shared/errors';
import { isUuid } from './ids';

import { OUTBOX_STATUSES, type OutboxStatus } from '../../shared/mail';
import type { OutboxMessage as OutboxView } from '../../shared/contracts/outbox';

export { OUTBOX_STATUSES, type OutboxStatus, type OutboxView };

export interface OutgoingMail {
  /** One mail per event, e.g. `message:<id>:<user id>`; the same key twice is stored once. */
  dedupe_key: string;
  kind: string;
  /** An address, or an SQL expression for one (e.g. the club's sales e-mail, read in the same transaction). */
  to: string | SQL;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * The member (user id) whose address is not confirmed yet: the mail is held, not sent, until they
   * confirm it (releaseHeldMail), or it expires after HELD_MAIL_DAYS (issue 31).
   */
  heldFor?: string;
}

/**
 * Puts a mail in the outbox inside the caller's transaction: it is sent only if the event that
 * caused it commits, and never lost once it has. Returns false when the key was already there.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail) {
  return (await enqueueMails(tx, [mail])) > 0;
}

/** Several mails in one statement (a group of orders); returns how many were new. */
export async function enqueueMails(tx: DbOrTx, mails: OutgoingMail[]) {
  if (mails.length === 0) return 0;
  const rows = await mailsInsert(tx, mails);
  return rows.length;
}

/**
 * The statement that puts these mails in the outbox, not yet run: a caller can make it part of one
 * of its own (a WITH clause), to write an event and its mails in one round trip.
 */
export function mailsInsert(tx: DbOrTx, mails: OutgoingMail[]) {
  return tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        dedupe_key: mail.dedupe_key,
        kind: mail.kind,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        headers: mail.headers ?? {},
        ...(mail.heldFor ? { status: 'held' as const, held_for_user_id: mail.heldFor } : {}),
      })),
    )
    .onConflictDoNothing({ target: [outbox.club_id, outbox.dedupe_key] })
    .returning({ id: outbox.id });
}

/** Waits after the 1st, 2nd, … failed attempt; after the last one a mail is dead. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 12 * 60 * 60_000];

export interface WorkerOptions {
  smtpUrl?: string;
  from: string;
  /** The club's sender name now (issue 33): it replaces any name in `from`, whose address stays. */
  senderName?: () => Promise<string>;
  /** How often the worker looks for due mail when it found none (ms). */
  pollMs?: number;
  /** Mails claimed per round. */
  batchSize?: number;
  /** How long a claim holds; a worker that crashed loses its claim after this (ms). */
  leaseMs?: number;
  retryDelaysMs?: number[];
  /** nodemailer's connection, greeting and socket timeouts (ms): no wait on the SMTP server is unbounded. */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  /** Called after every round (tests wait on it). */
  onRound?: (result: { claimed: number; sent: number }) => void;
}

/** A mail as the SMTP server answered it: the permanent flag decides failed (retry) or dead. */
export interface SendFailure {
  message: string;
  permanent: boolean;
}

/** The SMTP server's own words for a refusal, or the network error when there was no answer. */
export function describeSmtpError(error: unknown): SendFailure {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const code = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  const text = (e?.response || e?.message || String(error)).slice(0, 1000);
  return { message: code && !text.startsWith(String(code)) ? `${code} ${text}` : text, permanent: code !== undefined && code >= 500 && code < 600 };
}

export function createTransport(options: Pick<WorkerOptions, 'smtpUrl' | 'connectionTimeoutMs' | 'greetingTimeoutMs' | 'socketTimeoutMs'>) {
  if (!options.smtpUrl) return undefined;
  return nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    greetingTimeout: options.greetingTimeoutMs ?? 10_000,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
    // A dead peer is a failed attempt, never a hung worker.
    dnsTimeout: 10_000,
  });
}

type ClaimedRow = Pick<typeof outbox.$inferSelect, 'id' | 'club_id' | 'to_address' | 'subject' | 'text_body' | 'html_body' | 'headers' | 'attempts'>;

/** The columns a claim reads: what a send needs. */
const CLAIMED_COLUMNS = [outbox.id, outbox.to_address, outbox.subject, outbox.text_body, outbox.html_body, outbox.headers, outbox.attempts];

/**
 * Once the server has the mail, recording it matters more than anything else: a database blip
 * here would mean sending it again when the lease runs out, so the update is retried for a while.
 */
async function markSent(db: Db, id: string, token: string, attempts: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .update(outbox)
        .set({ status: 'sent', attempts, sent_at: new Date(), locked_until: null, claim_token: null, last_error: null })
        .where(and(eq(outbox.id, id), eq(outbox.claim_token, token)));
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
    }
  }
}

/** A refused attempt: failed (retried after the next delay) or, when permanent or out of retries, dead. */
async function markFailed(db: Db, row: ClaimedRow, token: string, attempts: number, error: unknown, delays: number[]) {
  const failure = describeSmtpError(error);
  const dead = failure.permanent || attempts > delays.length;
  await db
    .update(outbox)
    .set({
      status: dead ? 'dead' : 'failed',
      attempts,
      last_error: failure.message,
      next_attempt_at: dead ? sql`${outbox.next_attempt_at}` : new Date(Date.now() + delays[attempts - 1]),
      locked_until: null,
      claim_token: null,
    })
    .where(and(eq(outbox.id, row.id), eq(outbox.claim_token, token)));
  log.warn(dead ? 'Mail refused for good' : 'Mail not sent; will retry', { id: row.id, attempts, error: failure.message });
}

/** "Ashdown Athletic Juniors <no-reply@example.org>" from MAIL_FROM's address and the club's sender name. */
export function withSenderName(from: string, name: string) {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const quoted = name.replace(/["\\\r\n]/g, '');
  return quoted ? `"${quoted}" <${address}>` : address;
}

/** Hands one claimed row to the SMTP server. */
function sendRow(transport: NonNullable<ReturnType<typeof createTransport>>, from: string, row: ClaimedRow) {
  return transport.sendMail({
    from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    // Rows written before Auto-Submitted was stored get it too.
    headers: { ...AUTOMATIC_MAIL_HEADERS, ...row.headers },
    // The same Message-ID on every attempt lets a receiving server drop a repeat.
    messageId: `<${row.id}@${messageIdDomain(from)}>`,
  });
}

/** The worker's timings: the SMTP timeouts, and a lease long enough for a whole batch of sends. */
function workerTimings(options: WorkerOptions) {
  const batchSize = options.batchSize ?? 10;
  const timeouts = {
    connectionTimeoutMs: options.connectionTimeoutMs ?? 10_000,
    greetingTimeoutMs: options.greetingTimeoutMs ?? 10_000,
    socketTimeoutMs: options.socketTimeoutMs ?? 30_000,
  };
  // The longest one send can take (connect, greet, then the socket idle limit at each of a few
  // steps); the lease covers a whole batch of them, so a live worker never loses its claim.
  const perSendMs = timeouts.connectionTimeoutMs + timeouts.greetingTimeoutMs + timeouts.socketTimeoutMs * 2;
  const leaseMs = options.leaseMs ?? Math.max(60_000, perSendMs * batchSize);
  return { pollMs: options.pollMs ?? 5_000, batchSize, leaseMs, delays: options.retryDelaysMs ?? RETRY_DELAYS_MS, timeouts };
}

/**
 * Sends due outbox rows. Any number of workers (in any number of processes) may run: each claims
 * rows with FOR UPDATE SKIP LOCKED and a lease, and marks a row sent right after the SMTP server
 * accepted it (ADR 015 explains the one remaining window). The claim takes every club's due rows
 * but a suspended club's; each row is sent in its club's context (ADR 065), so `senderName` reads
 * its club's name.
 */
export function createOutboxWorker(db: Db, options: WorkerOptions) {
  const { pollMs, batchSize, leaseMs, delays, timeouts } = workerTimings(options);
  const transport = createTransport({ smtpUrl: options.smtpUrl, ...timeouts });

  async function round() {
    if (!transport) return { claimed: 0, sent: 0 };
    const token = randomUUID();
    const rows = (await claimDue(db, outbox, CLAIMED_COLUMNS, { token, leaseMs, batchSize })) as unknown as ClaimedRow[];
    return sendClaimed(rows, {
      stopping: worker.stopping,
      release: (ids) => releaseClaimed(db, outbox, token, ids),
      async send(row) {
        const attempts = row.attempts + 1;
        try {
          await sendRow(transport, options.senderName ? withSenderName(options.from, await options.senderName()) : options.from, row);
          // Marked at once: the only window for a repeat is a crash between the server's "250 OK" and this.
          await markSent(db, row.id, token, attempts);
          return true;
        } catch (error) {
          await markFailed(db, row, token, attempts, error, delays);
          return false;
        }
      },
    });
  }

  const worker = workerLoop({ name: 'Outbox', round, batchSize, pollMs, onRound: options.onRound });
  return {
    configured: Boolean(transport),
    start() {
      if (!transport) {
        log.warn('Mail is not configured (SMTP_URL is not set): e-mails wait in the outbox until it is');
        return;
      }
      worker.start();
    },
    /** Finishes the mail being sent (bounded by the SMTP timeouts), gives the rest of the batch back, and stops. */
    async stop() {
      await worker.stop();
      transport?.close();
    },
    /** One round now (tests and the admin's "send now"). */
    round,
  };
}

function messageIdDomain(from: string) {
  const match = /@([^\s>]+)/.exec(from);
  return match ? match[1] : 'localhost';
}

export const OUTBOX_PAGE_SIZE = 100;
/**
 * How long sent mail stays listed in the admin's Outbox. How long it is kept is the retention rule
 * `sent_mail` (issue 34, shared/retention.ts): the one place that deletes it.
 */
export const SENT_KEPT_DAYS = 90;
const listed = sql`(${outbox.status} <> 'sent' or ${outbox.sent_at} >= now() - ${`${SENT_KEPT_DAYS} days`}::interval)`;

/** The admin's view of the outbox: list, retry, and a test mail sent straight over SMTP. */
export function createOutboxService(db: Db, options: { smtpUrl?: string; from: string }) {
  const toView = (r: typeof outbox.$inferSelect): OutboxView => ({
    id: r.id,
    kind: r.kind,
    to_address: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at.toISOString(),
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at?.toISOString() ?? null,
  });

  return {
    configured: Boolean(options.smtpUrl),

    async list(actor: SessionUser | null, status?: OutboxStatus) {
      await must(db, actor, mayRunTheClub);
      const rows = await db
        .select()
        .from(outbox)
        .where(status ? and(eq(outbox.status, status), listed) : listed)
        .orderBy(desc(outbox.created_at))
        .limit(OUTBOX_PAGE_SIZE);
      const counts = await db
        .select({ status: outbox.status, n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(listed)
        .groupBy(outbox.status);
      const totals = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<OutboxStatus, number>;
      return { configured: Boolean(options.smtpUrl), totals, messages: rows.map(toView) };
    },

    /** Mail held too long for an address never confirmed expires, unsent, with a note (issue 31). */
    expireHeld: (days?: number) => expireHeldMail(db, days),

    /** A failed or dead mail goes back in the queue for an attempt now, with a fresh set of retries. */
    async retry(actor: SessionUser | null, id: string) {
      await must(db, actor, mayRunTheClub);
      if (!isUuid(id)) throw notFound('Message not found');
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
      if (!row) throw notFound('Message not found');
      const [updated] = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, next_attempt_at: new Date(), locked_until: null, claim_token: null })
        .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'dead'])))
        .returning();
      if (!updated) throw conflict(`Only a failed or dead message can be retried; this one is ${row.status}.`);
      return toView(updated);
    },

    /**
     * Sends a test mail straight away (not through the outbox) so the admin sees the SMTP server's
     * own answer: its acceptance, or its error.
     */
    async sendTest(actor: SessionUser | null, to: string, mail: { subject: string; text: string; html: string; headers: Record<string, string> }, senderName?: string) {
      await must(db, actor, mayRunTheClub);
      const transport = createTransport({ smtpUrl: options.smtpUrl });
      if (!transport) return { ok: false as const, error: 'Mail is not configured: set SMTP_URL and restart the site.' };
      try {
        // From the club's sender name, as the outbox's mails are (issue 33).
        const from = senderName ? withSenderName(options.from, senderName) : options.from;
        const info = await transport.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        return { ok: true as const, response: String(info.response ?? '') };
      } catch (error) {
        return { ok: false as const, error: describeSmtpError(error).message };
      } finally {
        transport.close();
      }
    },
  };
}
