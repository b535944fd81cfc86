import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, backupFileName, createBackup, NOT_BACKED_UP, readBackup, restoreBackup } from './backup';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const uploadsDir = path.join(t.dataDir, 'uploads');
const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-test-'));
afterAll(() => fs.rm(backupDir, { recursive: true, force: true }));

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function tableCounts() {
  const { rows } = await t.pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    if (NOT_BACKED_UP.includes(name)) continue;
    counts[name] = (await t.pool.query(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0].n;
  }
  return counts;
}

async function placeOrder(customer: string) {
  const products = await t.json('/api/products');
  const product = products.body.find((p: any) => p.stock >= 2);
  const res = await t.json('/api/orders', {
    body: {
      product_id: product.id,
      quantity: 2,
      size: product.sizes[0] ?? undefined,
      customer_name: customer,
      customer_email: 'backup.customer@example.com',
      customer_phone: '07700 900123',
      notes: 'Ünïcödé, "quotes", a\nnew line and a tab\there',
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('Backups (npm run db:backup / db:restore)', () => {
  it('a backup taken, the database and uploads wiped, the backup restored: the data is back', async () => {
    await t.initialize();
    const order = await placeOrder('Backup Buyer');
    const registration = await t.json('/api/players/register', {
      body: {
        username: 'backup_player',
        password: 'backup-secret-1',
        email: 'backup.player@example.com',
        full_name: 'Bea Backup',
        phone_number: '07700 900456',
        date_of_birth: '2001-02-03',
        position_preference: 'Defender',
        emergency_contact_name: 'Kin',
        emergency_contact_phone: '07700 900789',
      },
    });
    expect(registration.status).toBe(201);
    const stored = await t.services.uploads.save(t.db, { bytes: PNG, name: 'crest.png' }, { allowed: ['png'], maxBytes: 1024 });

    const before = await tableCounts();
    const orderBefore = (await t.json(`/api/orders/${order.id}`, { token: admin.token })).body;
    const productBefore = (await t.json(`/api/products/${order.product_id}`)).body;
    const file = path.join(backupDir, backupFileName());
    const manifest = await createBackup(t.pool, { file, uploadsDir });

    expect(path.basename(file)).toMatch(/^club-\d{8}-\d{6}\.tar\.gz$/);
    expect(manifest.format).toBe(BACKUP_FORMAT);
    expect(manifest.format_version).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(manifest.tables).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, before[k]])));
    // Tables come in restore order: a table after those it refers to.
    const tableOrder = Object.keys(manifest.tables);
    expect(tableOrder.indexOf('users')).toBeLessThan(tableOrder.indexOf('players'));
    expect(tableOrder.indexOf('products')).toBeLessThan(tableOrder.indexOf('orders'));
    expect(manifest.uploads).toEqual({ files: 1, bytes: PNG.length });
    expect((await readBackup(file)).manifest).toEqual(manifest);

    // Changes after the backup, then a wipe of everything.
    await placeOrder('After The Backup');
    await t.pool.query(`TRUNCATE ${Object.keys(before).map((n) => `"${n}"`).join(', ')} CASCADE`);
    await fs.rm(uploadsDir, { recursive: true, force: true });
    expect(Object.values(await tableCounts()).every((n) => n === 0)).toBe(true);

    const { counts } = await restoreBackup(t.pool, { file, uploadsDir });
    expect(counts).toEqual(manifest.tables);
    expect(await tableCounts()).toEqual(before);

    // Specific rows are back as they were: the order (with its awkward notes), stock, the player, the file.
    const adminAgain = await t.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(adminAgain.status).toBe(200);
    const orderAfter = await t.json(`/api/orders/${order.id}`, { token: adminAgain.body.access_token });
    expect(orderAfter.status).toBe(200);
    expect(orderAfter.body).toEqual(orderBefore);
    expect((await t.json(`/api/products/${order.product_id}`)).body).toEqual(productBefore);
    const { rows: later } = await t.pool.query(`SELECT 1 FROM orders WHERE customer_name = 'After The Backup'`);
    expect(later).toEqual([]);
    const signIn = await t.json('/api/auth/login', { body: { username: 'backup_player', password: 'backup-secret-1' } });
    expect(signIn.status).toBe(200);
    const me = await t.json('/api/players/me', { token: signIn.body.access_token });
    expect(me.body.id).toBe(registration.body.player_id);
    expect(me.body.full_name).toBe('Bea Backup');
    expect(await fs.readFile(path.join(uploadsDir, stored.stored_name))).toEqual(PNG);
  });

  it('refuses a file that is not a backup, and a backup from a database with other migrations, changing nothing', async () => {
    const junk = path.join(backupDir, 'junk.tar.gz');
    await fs.writeFile(junk, 'not a backup');
    await expect(restoreBackup(t.pool, { file: junk, uploadsDir })).rejects.toThrow(BackupError);
    await expect(restoreBackup(t.pool, { file: path.join(backupDir, 'missing.tar.gz'), uploadsDir })).rejects.toThrow(/No such backup file/);

    const file = path.join(backupDir, 'current.tar.gz');
    await createBackup(t.pool, { file, uploadsDir });
    const before = await tableCounts();
    // As if the app had been upgraded since: one more migration applied here.
    await t.pool.query(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('a-newer-migration', (SELECT max(created_at) + 1 FROM drizzle.__drizzle_migrations))`,
    );
    try {
      await expect(restoreBackup(t.pool, { file, uploadsDir })).rejects.toThrow(/migrations applied; this database has/);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await t.pool.query(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'a-newer-migration'`);
    }
  });
});
