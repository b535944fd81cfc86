/**
 * Issue 36's acceptance for "Take your club and leave": a club file downloaded from an install with
 * the sample club's content and uploads, brought into an empty install, downloaded again there, is
 * the same file apart from its manifest's time: every table file byte for byte.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { bringClubFile, downloadClubFile, PNG_1X1, setupCodeOf, unpackClubFile, uploadImage } from '../../tests/support/club-file';
import { restoreBackup } from '../db/backup';
import { CLUB_FILE_LEAVES_EMPTY } from '../services/club-file';

const oldInstall = await createTestContext();
// A new, empty install: no ADMIN_PASSWORD, so its owner has the setup code from its log.
const newInstall = await createTestContext({ adminPassword: undefined });
// A third, restored the way `npm run db:restore <file>` does it (scripts/db-restore.ts calls restoreBackup).
const scriptInstall = await createTestContext();
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-file-round-trip-'));
afterAll(() => fs.rm(work, { recursive: true, force: true }));

async function signIn(install: typeof oldInstall, password = TEST_ADMIN_PASSWORD) {
  const login = await install.json('/api/auth/login', { body: { username: 'admin', password } });
  expect(login.status).toBe(200);
  return login.body.access_token as string;
}

describe('Take your club and leave: the round trip', () => {
  it('export, import into an empty install, export again: the same file apart from the manifest’s time', async () => {
    await oldInstall.initialize();
    const oldAdmin = await signIn(oldInstall);
    const image = await uploadImage(oldInstall, oldAdmin);
    // A second download before the one compared: the file of the next one lists it, as the club's record.
    expect((await downloadClubFile(oldInstall, oldAdmin)).status).toBe(200);

    const first = await downloadClubFile(oldInstall, oldAdmin);
    expect(first.status).toBe(200);
    const brought = await bringClubFile(newInstall, first.bytes, await setupCodeOf(newInstall));
    expect(brought.status, brought.body.detail).toBe(200);

    // The club's own admin signs in on the new install with their own password; the install is set up.
    const newAdmin = await signIn(newInstall);
    expect((await newInstall.json('/api/admin/database-status')).body).toEqual({ needs_initialization: false });
    // The uploaded image is served by the new install, the same bytes.
    const served = await newInstall.app.request(image);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const second = await downloadClubFile(newInstall, newAdmin);
    expect(second.status).toBe(200);

    const a = await unpackClubFile(first.bytes, path.join(work, 'first'));
    const b = await unpackClubFile(second.bytes, path.join(work, 'second'));
    expect(b.tables).toEqual(a.tables);
    for (const table of a.tables) {
      const [left, right] = await Promise.all([fs.readFile(path.join(work, 'first', 'tables', table)), fs.readFile(path.join(work, 'second', 'tables', table))]);
      expect(right.equals(left), `tables/${table} differs after the round trip`).toBe(true);
    }
    const withoutTime = ({ created_at: _time, ...rest }: Record<string, unknown>) => rest;
    expect(withoutTime(b.manifest)).toEqual(withoutTime(a.manifest));
    expect(b.manifest.created_at).not.toBe(a.manifest.created_at);

    // What the file holds: the sample club, its upload and the earlier download; not the install's sign-ins.
    const counts = a.manifest.tables as Record<string, number>;
    expect(counts.products).toBeGreaterThan(0);
    expect(counts.fixtures).toBeGreaterThan(0);
    expect(counts.upload_contents).toBe(1);
    expect(counts.club_file_downloads).toBe(1);
    for (const table of CLUB_FILE_LEAVES_EMPTY) expect(counts[table], table).toBe(0);

    // The file names no install's club id (the same club gives the same file on any install); the
    // rows came in under the new install's own club, which keeps its id and takes the file's name.
    for (const table of a.tables) {
      const text = await fs.readFile(path.join(work, 'first', 'tables', table), 'utf8');
      expect(text, table).not.toContain('"club_id"');
    }
    expect(await fs.readFile(path.join(work, 'first', 'tables', 'clubs.jsonl'), 'utf8')).toMatch(/^\{"name" ?: ?"[^"]+"\}\n$/);
    const clubsThere = await newInstall.pool.query<{ id: string; name: string }>('select id, name from clubs');
    expect(clubsThere.rows).toEqual([{ id: newInstall.installClub?.id, name: (await oldInstall.pool.query('select name from clubs')).rows[0].name }]);
    const strays = await newInstall.pool.query(`select count(*)::int as n from users where club_id <> $1`, [newInstall.installClub?.id]);
    expect(strays.rows[0].n).toBe(0);

    // `npm run db:restore` takes a club file too: the same club, and its admin signs in.
    const file = path.join(work, 'riverside.club.tar.gz');
    await fs.writeFile(file, first.bytes);
    const restored = await restoreBackup(scriptInstall.pool, { file, workDir: scriptInstall.dataDir });
    expect(restored.counts.users).toBe(counts.users);
    await signIn(scriptInstall);
  }, 120_000);
});
