/**
 * Take your club and leave (issue 36): who may download the whole club, that each download is
 * recorded, and that only a new install's owner may bring a club file in, and only a real one.
 * The round trip itself: club-file-round-trip.test.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_CODE_REQUIRED, SETUP_CODE_WRONG } from '../../shared/setup';
import { createTestContext } from '../../tests/support/api';
import { bringClubFile, downloadClubFile, packFiles, setupCodeOf, unpackClubFile } from '../../tests/support/club-file';
import { clubRoles } from '../db/schema';
import { ALREADY_INITIALIZED } from '../services/setup';
import { CLUB_FILE_TOO_LARGE, EMPTY_CLUB_FILE, NEWER_CLUB_FILE, NO_CLUB_FILE, NOT_A_CLUB_FILE, ONLY_ADMINS_DOWNLOAD, UPLOAD_CUT_OFF } from '../services/club-file';

const club = await createTestContext();
const MAX_BYTES = 256 * 1024;
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'club-file-test-'));
afterAll(() => fs.rm(work, { recursive: true, force: true }));
// Another new install, for two imports at once.
const raceDataDir = path.join(work, 'race-data');
await fs.mkdir(raceDataDir);
const race = await createTestContext({ adminPassword: undefined, dataDir: raceDataDir });
// A new install (no ADMIN_PASSWORD: its owner has the setup code) that takes club files up to 256 KB,
// with a DATA_DIR of its own (where an upload is staged) and room for every refusal below.
const freshDataDir = path.join(work, 'fresh-data');
await fs.mkdir(freshDataDir);
const fresh = await createTestContext({
  adminPassword: undefined,
  clubFileMaxBytes: MAX_BYTES,
  dataDir: freshDataDir,
  setupCodeLimits: { perAddress: 100, windowSeconds: 15 * 60 },
});

let admin: Awaited<ReturnType<typeof club.signedIn>>;
let genuine: Buffer;
beforeAll(async () => {
  await club.initialize();
  admin = await club.signedIn('admin', { full_name: 'Ada Admin' });
  genuine = (await downloadClubFile(club, admin.token)).bytes;
}, 60_000);

/** A login holding one club role (and nothing else). */
async function withClubRole(role: 'secretary' | 'treasurer' | 'data_protection_lead') {
  const login = await club.signedIn('player');
  await club.db.insert(clubRoles).values({ user_id: login.user.id, role });
  return login;
}

/** Nothing of a refused file was stored: the new install still has no club and no accounts. */
async function nothingStored() {
  const { rows } = await fresh.pool.query<{ users: number; inits: number }>(
    'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM database_initialization) AS inits',
  );
  expect(rows[0]).toEqual({ users: 0, inits: 0 });
  const leftovers = (await fs.readdir(freshDataDir).catch(() => [])).filter((name) => name.startsWith('.club-file-'));
  expect(leftovers, 'staging folders left behind').toEqual([]);
}

describe('GET /api/club-file', () => {
  it('gives an admin the whole club as one .tar.gz named after the club and the day, and records who downloaded it', async () => {
    const res = await downloadClubFile(club, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.club\.tar\.gz"$/);
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
    const { manifest, tables } = await unpackClubFile(res.bytes, path.join(work, 'download'));
    expect(manifest).toMatchObject({ format: 'club-site-backup', format_version: 2 });
    expect(tables).toContain('users.jsonl');
    expect(tables).toContain('upload_contents.jsonl');
    expect((manifest.tables as Record<string, number>).sessions).toBe(0);

    const history = await club.json('/api/club-file/downloads', { token: admin.token });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(2); // the one made before the tests, and this one
    expect(history.body[0]).toMatchObject({ downloaded_by_name: 'Ada Admin', bytes: res.bytes.length });
  });

  it('refuses the secretary, the treasurer, the data protection lead and a member (403), and a visitor (401); nothing is recorded', async () => {
    const before = (await club.json('/api/club-file/downloads', { token: admin.token })).body.length;
    for (const login of [await withClubRole('secretary'), await withClubRole('treasurer'), await withClubRole('data_protection_lead'), await club.signedIn('player')]) {
      const res = await downloadClubFile(club, login.token);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.bytes.toString()).detail).toBe(ONLY_ADMINS_DOWNLOAD);
      expect((await club.json('/api/club-file/downloads', { token: login.token })).status).toBe(403);
    }
    expect((await downloadClubFile(club)).status).toBe(401);
    expect((await club.json('/api/club-file/downloads')).status).toBe(401);
    expect((await club.json('/api/club-file/downloads', { token: admin.token })).body).toHaveLength(before);
  });
});

describe('POST /api/club-file', () => {
  it('is refused once the install has a club (409), even with a genuine file, and changes nothing', async () => {
    const res = await bringClubFile(club, genuine, 'ABCD-EFGH-JKMN');
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ALREADY_INITIALIZED);
    expect((await club.json('/api/club-file/downloads', { token: admin.token })).status).toBe(200); // the admin's session is still there
  });

  it('asks for the setup code from the server log, even with a genuine file: 403 without or with a wrong one', async () => {
    const without = await bringClubFile(fresh, genuine);
    expect(without.status).toBe(403);
    expect(without.body.detail).toBe(SETUP_CODE_REQUIRED);
    const wrong = await bringClubFile(fresh, genuine, 'ZZZZ-ZZZZ-ZZZZ');
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe(SETUP_CODE_WRONG);
    await nothingStored();
  });

  it('refuses what is not a genuine club file in plain words (422), never 500, and stores nothing', async () => {
    const code = await setupCodeOf(fresh);
    const { manifest } = await unpackClubFile(genuine, path.join(work, 'genuine'));
    const tablesOf = async (dir: string) =>
      Object.fromEntries(await Promise.all((await fs.readdir(path.join(dir, 'tables'))).map(async (n) => [`tables/${n}`, await fs.readFile(path.join(dir, 'tables', n), 'utf8')])));
    const genuineTables = await tablesOf(path.join(work, 'genuine'));
    const cases: [string, () => Promise<Buffer>, string][] = [
      ['not gzip', async () => Buffer.from('this is a spreadsheet, not a club file'), NOT_A_CLUB_FILE],
      ['cut short', async () => genuine.subarray(0, Math.floor(genuine.length / 2)), NOT_A_CLUB_FILE],
      ['a tar with a ../ path', () => packFiles(path.join(work, 'dotdot'), { 'manifest.json': JSON.stringify(manifest), 'tables/../../escaped.txt': 'escaped' }, { preservePaths: true }), NOT_A_CLUB_FILE],
      ['no manifest', () => packFiles(path.join(work, 'nomanifest'), { 'tables/users.jsonl': '' }), NOT_A_CLUB_FILE],
      ['a newer format', () => packFiles(path.join(work, 'newer'), { 'manifest.json': JSON.stringify({ ...manifest, format_version: 99 }), ...genuineTables }), NEWER_CLUB_FILE],
      [
        'a newer app (more migrations)',
        () => packFiles(path.join(work, 'newer-app'), { 'manifest.json': JSON.stringify({ ...manifest, migrations: { count: 999, last_hash: 'x' } }), ...genuineTables }),
        NEWER_CLUB_FILE,
      ],
      [
        'a club never set up',
        () => packFiles(path.join(work, 'empty'), { 'manifest.json': JSON.stringify({ ...manifest, tables: { ...(manifest.tables as object), database_initialization: 0 } }), ...genuineTables }),
        EMPTY_CLUB_FILE,
      ],
    ];
    for (const [what, make, detail] of cases) {
      const res = await bringClubFile(fresh, await make(), code);
      expect(res.status, what).toBe(422);
      expect(res.body.detail, what).toBe(detail);
      await nothingStored();
    }
  });

  it('refuses a file over the install’s limit (413) whether its size is declared or not, and an empty upload (422)', async () => {
    const code = await setupCodeOf(fresh);
    const big = Buffer.alloc(MAX_BYTES + 1, 7);
    const declared = await bringClubFile(fresh, big, code);
    expect(declared.status).toBe(413);
    expect(declared.body.detail).toBe(CLUB_FILE_TOO_LARGE(MAX_BYTES));
    // Streamed without a length: counted as it comes, stopped past the limit.
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(MAX_BYTES / 4));
        controller.close();
      },
    });
    // Node's Request needs `duplex` for a streamed body.
    const init = { method: 'POST', headers: { 'content-type': 'application/gzip', 'x-setup-code': code }, body: streamed, duplex: 'half' } as RequestInit;
    const res = await fresh.app.request('/api/club-file', init);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toBe(CLUB_FILE_TOO_LARGE(MAX_BYTES));
    const empty = await bringClubFile(fresh, Buffer.alloc(0), code);
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe(NO_CLUB_FILE);
    await nothingStored();
  });

  it('an upload cut off half way is refused in plain words (422), never 500, and stores nothing', async () => {
    const code = await setupCodeOf(fresh);
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(genuine.subarray(0, 1024)));
        controller.error(new TypeError('terminated'));
      },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/gzip', 'x-setup-code': code }, body: cut, duplex: 'half' } as RequestInit;
    const res = await fresh.app.request('/api/club-file', init);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe(UPLOAD_CUT_OFF);
    await nothingStored();
  });

  it('with the setup code, brings a genuine club file in once; then the install has a club and refuses another (409)', async () => {
    // A small club fits the 256 KB limit: the sample club without its uploads is well under it.
    expect(genuine.length).toBeLessThan(MAX_BYTES);
    const code = await setupCodeOf(fresh);
    const res = await bringClubFile(fresh, genuine, code);
    expect(res.status, res.body.detail).toBe(200);
    expect(res.body.detail).toMatch(/sign in with their own usernames and passwords/);
    const again = await bringClubFile(fresh, genuine, code);
    expect(again.status).toBe(409);
    // The club's admin signs in with their own password.
    const login = await fresh.json('/api/auth/login', { body: { username: admin.username, password: admin.password } });
    expect(login.status).toBe(200);
  });

  it('two imports at once: exactly one brings the club in, the other is refused (409) and changes nothing', async () => {
    const code = await setupCodeOf(race);
    const answers = await Promise.all([bringClubFile(race, genuine, code), bringClubFile(race, genuine, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await race.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const { rows: original } = await club.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].n).toBeLessThanOrEqual(original[0].n);
  });
});
