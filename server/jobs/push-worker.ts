import { log } from '../log';
import { createPushWorker } from '../services/push/delivery';
import type { WorkerJob } from './job';

/** How often an idle worker looks for due notifications; a full batch goes again at once. */
export const PUSH_POLL_MS = 2_000;

/**
 * Sends the push outbox (issue 35, docs/decisions/062-web-push.md): in every process, each row
 * claimed by one of them. The VAPID key pair is made at the first start (kept in the database).
 * Without VAPID_SUBJECT it logs that push is off and sends nothing: notifications go by e-mail.
 */
export const pushWorker: WorkerJob = {
  name: 'Push worker',
  start({ db, config, services }) {
    services.push.keys().catch((error: unknown) => log.warn('Could not read or make the push keys yet', { error: error instanceof Error ? error.message : String(error) }));
    const worker = createPushWorker(db, { vapidSubject: config.vapidSubject, keys: services.push.keys, allowedOrigins: config.pushAllowedOrigins, pollMs: PUSH_POLL_MS });
    worker.start();
    return { stop: () => worker.stop() };
  },
};
