import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
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

/** The names in a .tar.gz, in order. */
async function archiveEntries(file: string) {
  const names: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => names.push(`${entry.path}${entry.type === 'SymbolicLink' ? ` -> ${entry.linkpath}` : ''}`) });
  return names;
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
    // More rows than one cursor page (1000) and one insert batch (500), so paging is exercised.
    await t.pool.query(
      `INSERT INTO login_throttle (key, failures, window_ends_at) SELECT 'bulk:' || g, g % 5, now() + g * interval '1 second' FROM generate_series(1, 2345) g`,
    );

    const before = await tableCounts();
    const orderBefore = (await t.json(`/api/orders/${order.id}`, { token: admin.token })).body;
    const productBefore = (await t.json(`/api/products/${order.product_id}`)).body;
    const file = path.join(backupDir, backupFileName());
    const manifest = await createBackup(t.pool, { file, uploadsDir });

    expect(path.basename(file)).toMatch(/^club-\d{8}-\d{6}\.tar\.gz$/);
    expect(manifest.format).toBe(BACKUP_FORMAT);
    expect(manifest.format_version).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(manifest.postgres_version).toMatch(/^\d+\.\d+/);
    expect(manifest.tables).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, before[k]])));
    // Tables come in restore order: a table after those it refers to.
    const tableOrder = Object.keys(manifest.tables);
    expect(tableOrder.indexOf('users')).toBeLessThan(tableOrder.indexOf('players'));
    expect(tableOrder.indexOf('products')).toBeLessThan(tableOrder.indexOf('orders'));
    expect(manifest.uploads).toEqual({ files: 1, bytes: PNG.length });
    expect((await readBackup(file)).manifest).toEqual(manifest);
    expect(manifest.tables.login_throttle).toBeGreaterThanOrEqual(2345);

    // The layout: manifest first, one JSON-lines file per table, the uploads; nothing else left behind.
    const names = await archiveEntries(file);
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain('tables/users.jsonl');
    expect(names.filter((n) => n.startsWith('tables/') && n !== 'tables/')).toHaveLength(tableOrder.length);
    expect(names).toContain(`uploads/${stored.stored_name}`);
    expect(((await fs.stat(file)).mode & 0o777).toString(8)).toBe('600');
    expect(await fs.readdir(backupDir)).toEqual([path.basename(file)]);

    // Changes after the backup, then a wipe of everything.
    await placeOrder('After The Backup');
    await t.pool.query(`TRUNCATE ${Object.keys(before).map((n) => `"${n}"`).join(', ')} CASCADE`);
    await fs.rm(uploadsDir, { recursive: true, force: true });
    expect(Object.values(await tableCounts()).every((n) => n === 0)).toBe(true);

    const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
    const { counts } = await restoreBackup(t.pool, { file, uploadsDir });
    expect((await fs.readdir(t.dataDir)).sort()).toEqual([...new Set([...dataDirBefore, 'uploads'])].sort()); // staging removed
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

  it('refuses a file that is not a backup, a damaged backup, and a backup from a database with other migrations, changing nothing', async () => {
    const junk = path.join(backupDir, 'junk.tar.gz');
    await fs.writeFile(junk, 'not a backup');
    await expect(restoreBackup(t.pool, { file: junk, uploadsDir })).rejects.toThrow(BackupError);
    await expect(restoreBackup(t.pool, { file: path.join(backupDir, 'missing.tar.gz'), uploadsDir })).rejects.toThrow(/No such backup file/);

    const file = path.join(backupDir, 'current.tar.gz');
    await createBackup(t.pool, { file, uploadsDir });
    const before = await tableCounts();
    const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
    // A damaged backup (cut short, as by a full disk): refused, its staging folder removed.
    const whole = await fs.readFile(file);
    const truncated = path.join(backupDir, 'truncated.tar.gz');
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restoreBackup(t.pool, { file: truncated, uploadsDir })).rejects.toThrow(/is not a readable \.tar\.gz backup/);
    expect(await tableCounts()).toEqual(before);
    expect((await fs.readdir(t.dataDir)).sort()).toEqual(dataDirBefore);
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
  it('refuses an archive with a path outside it, an absolute path, a symlink or a hard link, writing nothing outside its staging folder', async () => {
    // A genuine backup, unpacked, to which each test adds one hostile entry and packs again.
    const genuine = path.join(backupDir, 'genuine.tar.gz');
    const manifest = await createBackup(t.pool, { file: genuine, uploadsDir });
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-crafted-'));
    try {
      const src = path.join(work, 'src');
      const outside = path.join(work, 'outside');
      await fs.mkdir(src);
      await fs.mkdir(outside);
      await tar.extract({ file: genuine, cwd: src });
      const layout = ['manifest.json', 'tables', 'uploads'];

      const crafted: Record<string, () => Promise<string>> = {
        // uploads/../../escaped.txt, from the staging folder, would land in DATA_DIR itself.
        async dotdot() {
          await fs.writeFile(path.join(work, 'escaped.txt'), 'escaped');
          const file = path.join(work, 'dotdot.tar.gz');
          await tar.create({ gzip: true, file, cwd: src, preservePaths: true }, [...layout, 'uploads/../../escaped.txt']);
          return file;
        },
        async absolute() {
          await fs.writeFile(path.join(outside, 'absolute.txt'), 'absolute');
          const file = path.join(work, 'absolute.tar.gz');
          await tar.create({ gzip: true, file, cwd: src, preservePaths: true }, [...layout, path.join(outside, 'absolute.txt')]);
          await fs.rm(path.join(outside, 'absolute.txt'));
          return file;
        },
        // A symlink to a folder outside, then a file written through it.
        async symlink() {
          await fs.symlink(outside, path.join(src, 'uploads', 'escape'));
          await fs.writeFile(path.join(outside, 'through-link.txt'), 'through a link');
          const file = path.join(work, 'symlink.tar.gz');
          await tar.create({ gzip: true, file, cwd: src }, [...layout, 'uploads/escape/through-link.txt']);
          await fs.rm(path.join(src, 'uploads', 'escape'));
          await fs.rm(path.join(outside, 'through-link.txt'));
          return file;
        },
        async hardlink() {
          await fs.link(path.join(src, 'manifest.json'), path.join(src, 'uploads', 'hard.txt'));
          const file = path.join(work, 'hardlink.tar.gz');
          await tar.create({ gzip: true, file, cwd: src }, layout);
          await fs.rm(path.join(src, 'uploads', 'hard.txt'));
          return file;
        },
      };
      const expected: Record<string, RegExp> = {
        dotdot: /uploads\/\.\.\/\.\.\/escaped\.txt \(a path with '\.\.'\)/,
        absolute: /absolute\.txt \(an absolute path\)/,
        symlink: /uploads\/escape \(a SymbolicLink entry/,
        hardlink: /\(a Link entry/,
      };

      const before = await tableCounts();
      const uploadsBefore = (await fs.readdir(uploadsDir)).sort();
      const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
      for (const [kind, craft] of Object.entries(crafted)) {
        const file = await craft();
        // The crafted archive does hold the hostile entry.
        const names = await archiveEntries(file);
        expect(names.some((n) => /escaped|absolute|escape|hard/.test(n)), kind).toBe(true);

        const attempt = restoreBackup(t.pool, { file, uploadsDir });
        await expect(attempt, kind).rejects.toThrow(BackupError);
        await expect(attempt, kind).rejects.toThrow(expected[kind]);

        // Nothing written outside the staging folder, which is gone; the database and uploads unchanged.
        expect(await fs.readdir(outside), kind).toEqual([]);
        expect(existsSync(path.join(t.dataDir, 'escaped.txt')), kind).toBe(false);
        expect(existsSync(path.join(path.dirname(t.dataDir), 'escaped.txt')), kind).toBe(false);
        expect((await fs.readdir(t.dataDir)).sort(), kind).toEqual(dataDirBefore);
        expect((await fs.readdir(uploadsDir)).sort(), kind).toEqual(uploadsBefore);
        expect(await tableCounts(), kind).toEqual(before);
      }

      // The genuine archive still restores (the refusals were the entries, not the rest).
      const { counts } = await restoreBackup(t.pool, { file: genuine, uploadsDir });
      expect(counts).toEqual(manifest.tables);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
