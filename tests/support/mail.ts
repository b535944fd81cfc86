import { afterAll, beforeAll } from 'vitest';
import type { ServiceOptions } from '../../server/services';
import { createOutboxWorker } from '../../server/services/outbox';
import { createTestContext } from './api';
import { freePort, initializeDatabase, startServer, type RunningServer } from './server';
import { startSmtpServer } from './smtp';

export const TEST_MAIL_FROM = 'Riverside Rovers FC <club@example.org>';

/**
 * For API tests whose mail must really be delivered: a fresh database (createTestContext) whose
 * outbox worker sends to a real SMTP server started here. Call once per file, at the top level.
 */
export async function createMailingTestContext(options: Partial<ServiceOptions> = {}, harness: Parameters<typeof createTestContext>[1] = {}) {
  const smtp = await startSmtpServer();
  const t = await createTestContext({ smtpUrl: smtp.url, publicUrl: 'https://club.example.org', ...options }, harness);
  const worker = createOutboxWorker(t.db, { smtpUrl: smtp.url, from: TEST_MAIL_FROM, pollMs: 50 });
  worker.start();
  afterAll(async () => {
    await worker.stop();
    await smtp.stop();
  });
  return { ...t, smtp };
}

/**
 * For browser tests that follow mailed links: the production build on a server of its own, its
 * SMTP_URL pointing at a real SMTP server started here and PUBLIC_URL at itself, initialized.
 * Call once per file, at the top level; `server` is there once the file's tests run.
 */
export async function useMailingServer() {
  const smtp = await startSmtpServer();
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const port = await freePort();
    // The admin has a real address (staff notices go to it; a placeholder .invalid one is never mailed).
    server = await startServer({ port, env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAIL: 'club-admin@example.org' } });
    await initializeDatabase(server.baseURL);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await server?.cleanup();
    await smtp.stop();
  });
  return {
    smtp,
    get server(): RunningServer {
      if (!server) throw new Error('The mailing server starts in beforeAll');
      return server;
    },
  };
}
