/**
 * Sends the push outbox (issue 35, docs/decisions/062-web-push.md): as the mail outbox's worker
 * does (ADR 015), in every process, each row claimed by one worker with a lease. The push service's
 * answer decides: 2xx sent; 404/410 the device is gone (removed, the row dead); 429, 5xx or no
 * answer: tried again after the next back-off step (or the service's Retry-After), dead after the
 * last one or a day. Every request is bounded; nothing here ends the process.
 */
import { createHash, randomUUID } from 'node:crypto';
import type https from 'node:https';
import webpush, { type Urgency } from 'web-push';
import type { Db } from '../../db/client';
import { log } from '../../log';
import { sendClaimed, workerLoop } from '../worker-loop';
import type { pushSubscriptions } from '../../db/schema';
import type { VapidKeys } from './keys';
import { endpointAllowed } from './origins';
import { claimDuePush, deviceKey, devicesOf, markPushDead, markPushRetry, markPushSent, releasePush, removeGoneDevice, type ClaimedPush } from './rows';

type Device = typeof pushSubscriptions.$inferSelect;

/** Waits after the 1st, 2nd, … failed attempt; after the last one the message is dead on that device. */
export const PUSH_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
/** A notification older than this is no longer news: given up (and the push services keep it no longer: TTL). */
export const PUSH_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** No wait on a push service is longer than this (connect, send, answer). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export interface PushWorkerOptions {
  /** VAPID_SUBJECT: without it the worker sends nothing (push is off). */
  vapidSubject?: string;
  keys: () => Promise<VapidKeys>;
  /** PUSH_ALLOWED_ORIGINS: checked again before each request, so a device on an origin no longer allowed is never called. */
  allowedOrigins?: readonly string[];
  pollMs?: number;
  batchSize?: number;
  /** How long a claim holds; a worker that died loses its claim after this (ms). */
  leaseMs?: number;
  retryDelaysMs?: number[];
  giveUpAfterMs?: number;
  requestTimeoutMs?: number;
  /** The HTTPS agent (tests: one that trusts the test push service's certificate; in production NODE_EXTRA_CA_CERTS does). */
  agent?: https.Agent;
  /** Called after every round (tests wait on it). */
  onRound?: (result: { claimed: number; sent: number }) => void;
}

/** What a push service's refusal means for the row. */
export interface PushFailure {
  message: string;
  /** 404/410: the subscription is gone for good. */
  gone: boolean;
  /** Worth trying again (429, 5xx, no answer). */
  temporary: boolean;
  /** The service's Retry-After, in ms from now. */
  retryAfterMs?: number;
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in ms from now. */
export function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function describePushError(error: unknown): PushFailure {
  const e = error as { statusCode?: number; body?: string; headers?: Record<string, string | string[] | undefined>; message?: string; code?: string };
  if (typeof e?.statusCode === 'number') {
    const code = e.statusCode;
    const text = `${code} ${String(e.body ?? e.message ?? '').trim()}`.trim().slice(0, 500);
    const after = retryAfterMs(e.headers?.['retry-after']);
    return { message: text, gone: code === 404 || code === 410, temporary: code === 429 || code >= 500, retryAfterMs: after };
  }
  const text = [e?.code, e?.message ?? String(error)].filter(Boolean).join(' ').slice(0, 500);
  return { message: text || 'No answer from the push service', gone: false, temporary: true };
}

/** The payload every device gets, encrypted by web-push (aes128gcm, RFC 8291): the service worker shows it as it is. */
export const pushPayload = (row: Pick<ClaimedPush, 'title' | 'body' | 'url' | 'tag'>) => JSON.stringify({ title: row.title, body: row.body, url: row.url, tag: row.tag });

/** RFC 8030 Topic (32 base64url characters at most): a repeat of the same message replaces an undelivered one at the push service. */
const topicOf = (row: ClaimedPush) => createHash('sha256').update(row.message_key).digest('base64url').slice(0, 32);

function timings(options: PushWorkerOptions) {
  const requestTimeoutMs = options.requestTimeoutMs ?? PUSH_REQUEST_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 20;
  return {
    pollMs: options.pollMs ?? 2_000,
    batchSize,
    requestTimeoutMs,
    // A whole batch of sends, each at its bound, fits in the lease: a live worker never loses its claim.
    leaseMs: options.leaseMs ?? Math.max(60_000, requestTimeoutMs * 2 * batchSize),
    delays: options.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS,
    giveUpAfterMs: options.giveUpAfterMs ?? PUSH_GIVE_UP_AFTER_MS,
  };
}

/** One request, bounded twice: the socket's idle timeout, and a deadline for the whole exchange. */
async function sendBounded(send: () => Promise<unknown>, deadlineMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the push service within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    await Promise.race([send(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends one claimed row to its device and records the answer; true when the push service took it. */
function deliverer(db: Db, options: PushWorkerOptions, t: ReturnType<typeof timings>) {
  async function fail(row: ClaimedPush, token: string, attempts: number, failure: PushFailure) {
    const outOfTime = Date.now() - row.created_at.getTime() >= t.giveUpAfterMs;
    if (!failure.temporary || attempts > t.delays.length || outOfTime) {
      const { fellBack } = await markPushDead(db, row, token, attempts, failure.message);
      log.warn('Push notification not delivered to a device, for good', { id: row.id, attempts, error: failure.message, fell_back_to_mail: fellBack });
      return;
    }
    const wait = Math.max(t.delays[attempts - 1], failure.retryAfterMs ?? 0);
    await markPushRetry(db, row, token, attempts, failure.message, new Date(Date.now() + wait));
    log.warn('Push notification not delivered; will retry', { id: row.id, attempts, error: failure.message });
  }

  async function deliver(row: ClaimedPush, device: Device | undefined, token: string, keys: VapidKeys) {
    const attempts = row.attempts + 1;
    if (!device || device.user_id !== row.user_id) {
      // Removed by its owner, or now someone else's (another person signed in on that phone).
      await markPushDead(db, row, token, attempts, 'The device was removed');
      return false;
    }
    if (!endpointAllowed(device.endpoint, options.allowedOrigins)) {
      await markPushDead(db, row, token, attempts, 'Not on a push service this site sends to');
      return false;
    }
    if (Date.now() - row.created_at.getTime() >= t.giveUpAfterMs) {
      await markPushDead(db, row, token, row.attempts, 'Too old to send: given up after a day');
      return false;
    }
    try {
      await sendBounded(
        () =>
          webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, pushPayload(row), {
            vapidDetails: { subject: options.vapidSubject!, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: Math.round(t.giveUpAfterMs / 1000),
            urgency: row.urgency as Urgency,
            topic: topicOf(row),
            timeout: t.requestTimeoutMs,
            ...(options.agent ? { agent: options.agent } : {}),
          }),
        t.requestTimeoutMs * 2,
      );
    } catch (error) {
      const failure = describePushError(error);
      if (failure.gone) await removeGoneDevice(db, device.id, device.endpoint);
      await fail(row, token, attempts, failure);
      return false;
    }
    // Marked at once: the only window for a repeat is a crash between the service's 201 and this.
    await markPushSent(db, row, token, attempts);
    return true;
  }

  return deliver;
}

export function createPushWorker(db: Db, options: PushWorkerOptions) {
  const t = timings(options);
  const configured = Boolean(options.vapidSubject);
  const deliver = deliverer(db, options, t);
  async function round() {
    if (!configured) return { claimed: 0, sent: 0 };
    const keys = await options.keys();
    const token = randomUUID();
    const rows = await claimDuePush(db, token, t.leaseMs, t.batchSize);
    const devices = await devicesOf(db, rows);
    return sendClaimed(rows, {
      stopping: worker.stopping,
      release: (ids) => releasePush(db, token, ids),
      send: (row) => deliver(row, row.subscription_id ? devices.get(deviceKey(row.club_id, row.subscription_id)) : undefined, token, keys),
    });
  }

  const worker = workerLoop({ name: 'Push outbox', round, batchSize: t.batchSize, pollMs: t.pollMs, onRound: options.onRound });
  return {
    configured,
    start() {
      if (!configured) {
        log.info('Web Push is off (VAPID_SUBJECT is not set): notifications go by e-mail');
        return;
      }
      worker.start();
    },
    /** Finishes the notification being sent (bounded), gives the rest of the batch back, and stops. */
    stop: worker.stop,
    /** Looks for due notifications now, instead of at the next poll. */
    wake: worker.wake,
    /** One round now (tests). */
    round,
  };
}
