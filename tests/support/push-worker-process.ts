/**
 * A push worker in a process of its own, for server/services/push-delivery.test.ts to kill with
 * SIGKILL mid-send: a real crash, which leaves its claims behind until their lease runs out.
 * Run with `node --import tsx`; everything it needs comes in PUSH_TEST_* variables.
 */
import https from 'node:https';
import type pg from 'pg';
import { createDb, openAppPool } from '../../server/db/client';
import { setLogLevel } from '../../server/log';
import { createPushWorker } from '../../server/services/push/delivery';
import { vapidKeysOnce } from '../../server/services/push/keys';

setLogLevel('silent');
// As the app opens it: every connection given the install's club (ADR 065).
const { pool } = await openAppPool(JSON.parse(process.env.PUSH_TEST_DATABASE!) as pg.PoolConfig, { max: 2 });
pool.on('error', () => undefined);
const db = createDb(pool);
createPushWorker(db, {
  vapidSubject: process.env.PUSH_TEST_SUBJECT,
  keys: vapidKeysOnce(db),
  allowedOrigins: [process.env.PUSH_TEST_ORIGIN!],
  agent: new https.Agent({ ca: process.env.PUSH_TEST_CA }),
  leaseMs: Number(process.env.PUSH_TEST_LEASE_MS),
  pollMs: 50,
  requestTimeoutMs: 60_000,
}).start();
