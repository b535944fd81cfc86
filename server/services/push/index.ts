/**
 * Web Push (issue 35): the site's key, members' devices, and notifications put in the push outbox.
 * The worker that sends them is ./delivery.ts (server/jobs/push-worker.ts runs it); the decisions
 * are in docs/decisions/062-web-push.md.
 */
import type { PushKey } from '../../../shared/contracts/push';
import { PUSH_OFF_REASON } from '../../../shared/contracts/push';
import type { Db, DbOrTx } from '../../db/client';
import { createPushDevices } from './devices';
import { enqueuePush, type PushMessage } from './enqueue';
import { vapidKeysOnce } from './keys';

export { asFallbackMail, type FallbackMail, type PushMessage } from './enqueue';

export interface PushOptions {
  /** VAPID_SUBJECT: push is on only when it is set. */
  vapidSubject?: string;
  /** PUSH_ALLOWED_ORIGINS: push services' origins besides the real ones. */
  allowedOrigins?: readonly string[];
}

export function createPushService(db: Db, options: PushOptions = {}) {
  const enabled = Boolean(options.vapidSubject);
  const keys = vapidKeysOnce(db);
  return {
    /** Whether notifications go by push at all (VAPID_SUBJECT is set). */
    enabled,
    vapidSubject: options.vapidSubject,
    /** The VAPID key pair, made at first use and kept in the database. */
    keys,
    /** GET /api/push/key: the public key, or null with the reason while push is off. */
    async publicKey(): Promise<PushKey> {
      if (!enabled) return { public_key: null, reason: PUSH_OFF_REASON };
      return { public_key: (await keys()).publicKey };
    },
    ...createPushDevices(db, { allowedOrigins: options.allowedOrigins ?? [] }),
    /**
     * Puts a notification for every device the person has in the push outbox, in the caller's
     * transaction. `{ devices: 0 }` (push off, or no device): the caller sends the e-mail itself.
     * Otherwise `fallbackMail` goes into the mail outbox only if every device fails for good.
     */
    enqueue: (tx: DbOrTx, message: PushMessage) => enqueuePush(tx, message, enabled),
  };
}

export type PushService = ReturnType<typeof createPushService>;
