import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { DOCUMENT_MAX_BYTES } from '../services/uploads';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, backupFileName, createBackup, NOT_BACKED_UP, readBackup, restoreBackup } from './backup';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const into = { workDir: t.dataDir };
const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-test-'));
afterAll(() => fs.rm(backupDir, { recursive: true, force: true }));

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A document at the 10 MB limit: one backed-up row of about 20 MB of JSON (hex), more than one restore batch. */
const BIG_PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(DOCUMENT_MAX_BYTES - 9)]);

const sha256 = (bytes: Buffer | null) => bytes && createHash('sha256').update(bytes).digest('hex');

/** An uploaded image as a visitor gets it (status, bytes). */
async function served(storedName: string) {
  const res = await t.app.request(`/uploads/${storedName}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

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
  it('a backup taken, the database (uploaded files included) wiped, the backup restored: the data is back', async () => {
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
    const big = await t.services.uploads.save(t.db, { bytes: BIG_PDF, name: 'big.pdf' }, { allowed: ['pdf'], maxBytes: DOCUMENT_MAX_BYTES });
    // More rows than one cursor page (1000) and one insert batch (500), so paging is exercised.
    await t.pool.query(
      `INSERT INTO login_throttle (key, failures, window_ends_at) SELECT 'bulk:' || g, g % 5, now() + g * interval '1 second' FROM generate_series(1, 2345) g`,
    );

    const before = await tableCounts();
    const orderBefore = (await t.json(`/api/orders/${order.id}`, { token: admin.token })).body;
    const productBefore = (await t.json(`/api/products/${order.product_id}`)).body;
    const file = path.join(backupDir, backupFileName());
    const manifest = await createBackup(t.pool, { file });

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
    expect(manifest.uploads).toEqual({ files: 2, bytes: PNG.length + BIG_PDF.length });
    expect(manifest.tables.upload_contents).toBe(2);
    expect((await readBackup(file)).manifest).toEqual(manifest);
    expect(manifest.tables.login_throttle).toBeGreaterThanOrEqual(2345);

    // The layout: manifest first, one JSON-lines file per table (the files' bytes are rows); nothing else left behind.
    const names = await archiveEntries(file);
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain('tables/users.jsonl');
    expect(names.filter((n) => n.startsWith('tables/') && n !== 'tables/')).toHaveLength(tableOrder.length);
    expect(names).toContain('tables/upload_contents.jsonl');
    expect(names.filter((n) => n.startsWith('uploads'))).toEqual([]);
    expect(((await fs.stat(file)).mode & 0o777).toString(8)).toBe('600');
    expect(await fs.readdir(backupDir)).toEqual([path.basename(file)]);

    // Changes after the backup, then a wipe of everything.
    await placeOrder('After The Backup');
    await t.pool.query(`TRUNCATE ${Object.keys(before).map((n) => `"${n}"`).join(', ')} CASCADE`);
    expect(Object.values(await tableCounts()).every((n) => n === 0)).toBe(true);
    expect((await served(stored.stored_name)).status).toBe(404);

    const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
    const { counts } = await restoreBackup(t.pool, { file, ...into });
    expect((await fs.readdir(t.dataDir)).sort()).toEqual(dataDirBefore); // staging removed, nothing written to disk
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
    expect(await served(stored.stored_name)).toEqual({ status: 200, bytes: PNG });
    // Compared by digest: a deep equality of 10 MB takes vitest a minute.
    expect(sha256(await t.services.uploads.read(t.db, big.id))).toBe(sha256(BIG_PDF));
    await t.services.uploads.remove(t.db, big.id); // the later tests need no 10 MB in each archive
  });
});

describe('Backups: refusing a file that is not a backup of this database', () => {
  it('refuses a file that is not a backup, a damaged backup, and a backup from a database with other migrations, changing nothing', async () => {
    const junk = path.join(backupDir, 'junk.tar.gz');
    await fs.writeFile(junk, 'not a backup');
    await expect(restoreBackup(t.pool, { file: junk, ...into })).rejects.toThrow(BackupError);
    await expect(restoreBackup(t.pool, { file: path.join(backupDir, 'missing.tar.gz'), ...into })).rejects.toThrow(/No such backup file/);

    const file = path.join(backupDir, 'current.tar.gz');
    await createBackup(t.pool, { file });
    const before = await tableCounts();
    const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
    // A damaged backup (cut short, as by a full disk): refused, its staging folder removed.
    const whole = await fs.readFile(file);
    const truncated = path.join(backupDir, 'truncated.tar.gz');
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restoreBackup(t.pool, { file: truncated, ...into })).rejects.toThrow(/is not a readable \.tar\.gz backup/);
    expect(await tableCounts()).toEqual(before);
    expect((await fs.readdir(t.dataDir)).sort()).toEqual(dataDirBefore);
    // A backup from a newer version of the app (one more migration), and from a database whose
    // last migration is another one: refused. (One from an older version restores: see format 1 below.)
    const addMigration = (hash: string) =>
      t.pool.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, (SELECT max(created_at) + 1 FROM drizzle.__drizzle_migrations))`, [hash]);
    const newer = path.join(backupDir, 'newer.tar.gz');
    await addMigration('a-newer-migration');
    try {
      await createBackup(t.pool, { file: newer });
    } finally {
      await t.pool.query(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'a-newer-migration'`);
    }
    await expect(restoreBackup(t.pool, { file: newer, ...into })).rejects.toThrow(/migrations applied; this database has .*\(an older version of the app\)/);
    expect(await tableCounts()).toEqual(before);
    await addMigration('another-migration');
    try {
      await expect(restoreBackup(t.pool, { file: newer, ...into })).rejects.toThrow(/migrations applied; this database has .*different last migration/);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await t.pool.query(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'another-migration'`);
    }
  });
});

describe('Backups: refusing an unsafe archive', () => {
  it('refuses an archive with a path outside it, an absolute path, a symlink or a hard link, writing nothing outside its staging folder', async () => {
    // A genuine backup, unpacked, to which each test adds one hostile entry and packs again.
    const genuine = path.join(backupDir, 'genuine.tar.gz');
    const manifest = await createBackup(t.pool, { file: genuine });
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-crafted-'));
    try {
      const src = path.join(work, 'src');
      const outside = path.join(work, 'outside');
      await fs.mkdir(src);
      await fs.mkdir(outside);
      await tar.extract({ file: genuine, cwd: src });
      await fs.mkdir(path.join(src, 'uploads')); // as a format 1 backup has
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
      const contentsBefore = await t.pool.query(`SELECT upload_id, md5(bytes) AS md5 FROM upload_contents ORDER BY 1`);
      const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
      for (const [kind, craft] of Object.entries(crafted)) {
        const file = await craft();
        // The crafted archive does hold the hostile entry.
        const names = await archiveEntries(file);
        expect(names.some((n) => /escaped|absolute|escape|hard/.test(n)), kind).toBe(true);

        const attempt = restoreBackup(t.pool, { file, ...into });
        await expect(attempt, kind).rejects.toThrow(BackupError);
        await expect(attempt, kind).rejects.toThrow(expected[kind]);

        // Nothing written outside the staging folder, which is gone; the database (uploads included) unchanged.
        expect(await fs.readdir(outside), kind).toEqual([]);
        expect(existsSync(path.join(t.dataDir, 'escaped.txt')), kind).toBe(false);
        expect(existsSync(path.join(path.dirname(t.dataDir), 'escaped.txt')), kind).toBe(false);
        expect((await fs.readdir(t.dataDir)).sort(), kind).toEqual(dataDirBefore);
        expect((await t.pool.query(`SELECT upload_id, md5(bytes) AS md5 FROM upload_contents ORDER BY 1`)).rows, kind).toEqual(contentsBefore.rows);
        expect(await tableCounts(), kind).toEqual(before);
      }

      // The genuine archive still restores (the refusals were the entries, not the rest).
      const { counts } = await restoreBackup(t.pool, { file: genuine, ...into });
      expect(counts).toEqual(manifest.tables);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});

describe('Backups: format 1 (files in an uploads/ folder)', () => {
  it('restores a format 1 backup (files in an uploads/ folder, taken before the uploads moved into the database): the files go into the database', async () => {
    const image = await t.services.uploads.save(t.db, { bytes: PNG, name: 'old-crest.png' }, { allowed: ['png'], maxBytes: 1024 });
    const genuine = path.join(backupDir, 'for-format-1.tar.gz');
    const current = await createBackup(t.pool, { file: genuine });
    const { rows: contents } = await t.pool.query<{ stored_name: string; bytes: Buffer }>(
      `SELECT u.stored_name, c.bytes FROM uploads u JOIN upload_contents c ON c.upload_id = u.id`,
    );
    expect(contents.length).toBeGreaterThanOrEqual(2);
    const { rows: hashes } = await t.pool.query<{ hash: string }>(`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);

    // The same data as the previous version would have written it: no upload_contents table (its
    // migration not yet applied), the files under uploads/, plus one file whose upload was removed.
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-format-1-'));
    try {
      const src = path.join(work, 'src');
      await fs.mkdir(src);
      await tar.extract({ file: genuine, cwd: src });
      await fs.rm(path.join(src, 'tables', 'upload_contents.jsonl'));
      await fs.mkdir(path.join(src, 'uploads'));
      for (const row of contents) await fs.writeFile(path.join(src, 'uploads', row.stored_name), row.bytes);
      await fs.writeFile(path.join(src, 'uploads', 'removed-before-the-backup.png'), PNG);
      const { upload_contents: _dropped, ...tables } = current.tables;
      const bytes = contents.reduce((sum, row) => sum + row.bytes.length, PNG.length);
      const manifest = {
        ...current,
        format_version: 1,
        migrations: { count: hashes.length - 1, last_hash: hashes.at(-2)!.hash },
        tables,
        uploads: { files: contents.length + 1, bytes },
      };
      await fs.writeFile(path.join(src, 'manifest.json'), JSON.stringify(manifest));
      const file = path.join(work, 'format-1.tar.gz');
      await tar.create({ gzip: true, file, cwd: src, portable: true }, ['manifest.json', 'tables', 'uploads']);
      expect((await readBackup(file)).manifest.format_version).toBe(1);

      await t.pool.query('TRUNCATE uploads CASCADE');
      expect((await served(image.stored_name)).status).toBe(404);
      const dataDirBefore = (await fs.readdir(t.dataDir)).sort();
      const { counts } = await restoreBackup(t.pool, { file, workDir: t.dataDir });
      expect((await fs.readdir(t.dataDir)).sort()).toEqual(dataDirBefore);
      expect(counts).toEqual(current.tables);
      expect(await served(image.stored_name)).toEqual({ status: 200, bytes: PNG });
      for (const row of contents) {
        const [upload] = (await t.pool.query(`SELECT id FROM uploads WHERE stored_name = $1`, [row.stored_name])).rows;
        expect(sha256(await t.services.uploads.read(t.db, upload.id))).toBe(sha256(row.bytes));
      }

      // A format 1 manifest that does not match its files is refused, changing nothing.
      await fs.writeFile(path.join(src, 'manifest.json'), JSON.stringify({ ...manifest, uploads: { files: contents.length, bytes } }));
      const wrong = path.join(work, 'wrong.tar.gz');
      await tar.create({ gzip: true, file: wrong, cwd: src, portable: true }, ['manifest.json', 'tables', 'uploads']);
      const before = await tableCounts();
      await expect(restoreBackup(t.pool, { file: wrong, workDir: t.dataDir })).rejects.toThrow(/uploaded files .* the manifest says/);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});

describe('Restoring a backup from before teams (migration 0005)', () => {
  it('moves its fixtures to Senior and its players to Vets or Senior, as the migration does', async () => {
    // Sample content, unless an earlier test of this file initialized already.
    if ((await t.pool.query(`SELECT count(*)::int AS n FROM fixtures`)).rows[0].n === 0) await t.initialize();
    const genuine = path.join(backupDir, 'for-before-teams.tar.gz');
    const current = await createBackup(t.pool, { file: genuine });
    const { rows: hashes } = await t.pool.query<{ hash: string }>(`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-backup-before-teams-'));
    try {
      const src = path.join(work, 'src');
      await fs.mkdir(src);
      await tar.extract({ file: genuine, cwd: src });
      // As the previous version wrote it: no team tables (nor the later ones), fixtures without team_id.
      const teamTables = ['teams', 'player_teams', 'training_slots', 'training_sessions', 'training_attendance', 'team_staff', 'club_roles', 'role_changes', 'account_tokens'];
      for (const table of teamTables) await fs.rm(path.join(src, 'tables', `${table}.jsonl`), { force: true });
      const fixturesFile = path.join(src, 'tables', 'fixtures.jsonl');
      const lines = (await fs.readFile(fixturesFile, 'utf8')).split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(5);
      await fs.writeFile(fixturesFile, lines.map((l) => { const { team_id: _t, ...row } = JSON.parse(l); return JSON.stringify(row); }).join('\n') + '\n');
      const tables = Object.fromEntries(Object.entries(current.tables).filter(([name]) => !teamTables.includes(name)));
      await fs.writeFile(path.join(src, 'manifest.json'), JSON.stringify({ ...current, migrations: { count: hashes.length - 1, last_hash: hashes.at(-2)!.hash }, tables }));
      const file = path.join(work, 'before-teams.tar.gz');
      await tar.create({ gzip: true, file, cwd: src, portable: true }, ['manifest.json', 'tables']);

      const { counts } = await restoreBackup(t.pool, { file, workDir: t.dataDir });
      expect(counts.fixtures).toBe(current.tables.fixtures);
      expect(counts.teams).toBe(2);
      const { rows: fixtureTeams } = await t.pool.query(`SELECT DISTINCT t.name FROM fixtures f JOIN teams t ON t.id = f.team_id`);
      expect(fixtureTeams).toEqual([{ name: 'Senior' }]);
      // Players join Vets or Senior by team_type; the staff coach Senior and play for nobody (migration 0012).
      const { rows: players } = await t.pool.query(
        `SELECT p.team_type, t.name, 'player' AS as FROM players p JOIN player_teams pt ON pt.player_id = p.id JOIN teams t ON t.id = pt.team_id
         UNION ALL SELECT p.team_type, t.name, 'staff' FROM players p JOIN team_staff ts ON ts.player_id = p.id JOIN teams t ON t.id = ts.team_id`,
      );
      expect(players.length).toBe(current.tables.players);
      for (const p of players) {
        expect(p.name).toBe(p.team_type === 'Vets' ? 'Vets' : 'Senior');
        expect(p.as).toBe(p.team_type === 'Staff' ? 'staff' : 'player');
      }
      const { rows: slots } = await t.pool.query(`SELECT count(*)::int AS n FROM training_slots`);
      expect(slots[0].n).toBe(4);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
