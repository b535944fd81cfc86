import { createOutboxWorker } from '../services/outbox';
import { mailSenderName } from '../../shared/club';
import type { WorkerJob } from './job';

/** How often an idle worker looks for due mail; a full batch goes again at once. */
export const OUTBOX_POLL_MS = 5_000;

/**
 * Sends due outbox rows over SMTP (ADR 015): in every process, each row claimed by one of them.
 * On stop the mail being sent finishes (bounded by the SMTP timeouts) and the rest of the batch
 * goes back to the queue. Without SMTP_URL it logs so and sends nothing.
 */
export const outboxWorker: WorkerJob = {
  name: 'Outbox worker',
  start({ db, config, services }) {
    // Each row is sent in its club's context (ADR 065): its club's name, read for it. A hosted
    // install reads it without making it the process's identity (club()), which requests set.
    const senderName = async () => mailSenderName(await (config.hostingDomain ? services.identity.get() : services.identity.refresh()));
    const worker = createOutboxWorker(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, senderName, retryDelaysMs: config.mailRetryDelaysMs, pollMs: OUTBOX_POLL_MS });
    worker.start();
    return { stop: () => worker.stop() };
  },
};
