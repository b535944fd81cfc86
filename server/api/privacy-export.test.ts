/**
 * The access download (issue 34): the ZIP covers every table of the data map with a row about the
 * subject (computed here from the map and the database), holds nothing of another family, a
 * child's copy holds that child only, a team sheet only their own line, no secret; and who may
 * have which download.
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { insertLogin } from '../../tests/support/logins';
import { seedOtherFamily, seedPrivacyFamily, FAMILY_PASSWORD, type OtherFamily, type PrivacyFamily } from '../../tests/support/privacy-family';
import { privacyRequestAbout } from '../../tests/support/privacy-request';
import { clubRoles, guardians, players, users } from '../db/schema';
import { DATA_MAP } from '../privacy/map';
import type { About, MappedTable } from '../privacy/types';

const t = await createTestContext();
let family: PrivacyFamily;
let other: OtherFamily;
let lead: string;

async function signIn(username: string, password = FAMILY_PASSWORD) {
  const login = await t.json('/api/auth/login', { body: { username, password } });
  expect(login.status).toBe(200);
  return login.body.access_token as string;
}

/** A login with nothing else, signed in. */
async function bareLogin(name: string) {
  const username = `${name.toLowerCase().replace(/[^a-z]/g, '')}${Math.random().toString(36).slice(2, 7)}`;
  const user = await insertLogin(t.db, { username, password: FAMILY_PASSWORD, full_name: name, email: `${username}@example.com` });
  return { user, token: await signIn(username) };
}

async function download(path: string, token?: string) {
  const response = await t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

interface Unzipped {
  files: Record<string, Uint8Array>;
  data: { club: { name: string; email: string }; subjects: { name: string }[]; sections: Record<string, Record<string, Record<string, unknown>[]>>; files: string[] };
  /** Every text file of the ZIP, joined. */
  text: string;
}

function unzip(bytes: Uint8Array): Unzipped {
  const files = unzipSync(bytes);
  const data = JSON.parse(strFromU8(files['data.json']!));
  const text = Object.entries(files)
    .filter(([name]) => !name.startsWith('files/'))
    .map(([, b]) => strFromU8(b))
    .join('\n');
  return { files, data, text };
}

interface Who {
  players: string[];
  users: string[];
  emails: string[];
}

const uuids = (ids: string[]) => sql`array[${sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`null`], sql`, `)}]::uuid[]`;

/** Worked out here from the map and the database: how many rows of each mapped table are about these people. */
async function expectedCounts(who: Who): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const condition = (about: About): SQL | null => {
    const a = about as About & { userInArray?: { name: string }; by?: true };
    if (a.by) return null;
    const col = (c: { name: string }) => sql.identifier(c.name);
    if ('player' in a) return sql`${col(a.player)} = any(${uuids(who.players)})`;
    if ('user' in a) return sql`${col(a.user)} = any(${uuids(who.users)})`;
    if ('email' in a) return sql`lower(${col(a.email)}) = any(array[${sql.join(who.emails.map((e) => sql`${e}`), sql`, `)}]::text[])`;
    if ('playerInArray' in a) return sql`${col(a.playerInArray)} && ${uuids(who.players)}`;
    if (a.userInArray) return sql`${col(a.userInArray)} && ${uuids(who.users)}`;
    return null;
  };
  for (const entry of DATA_MAP as readonly MappedTable[]) {
    if (!entry.section) continue;
    const conditions = entry.about.flatMap((a) => condition(a) ?? []);
    if (!conditions.length) continue;
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(getTableName(entry.table))} where ${sql.join(conditions, sql` or `)}`,
    );
    const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if (n > 0) counts[`${entry.section}/${getTableName(entry.table)}`] = n;
  }
  return counts;
}

const countsInZip = (z: Unzipped) =>
  Object.fromEntries(Object.entries(z.data.sections).flatMap(([section, tables]) => Object.entries(tables).map(([table, rows]) => [`${section}/${table}`, rows.length])));

/** Nothing of the other family: no id, no name, no address, no phone, no note. */
function expectNothingOfTheOtherFamily(z: Unzipped) {
  const found = [...other.texts, other.parent.userId, other.parent.playerId, other.child.playerId].flatMap((needle) => {
    const at = z.text.indexOf(needle);
    return at < 0 ? [] : [`${needle} in …${z.text.slice(Math.max(0, at - 200), at + 60)}…`];
  });
  expect(found).toEqual([]);
}

beforeAll(async () => {
  other = await seedOtherFamily(t.db);
  family = await seedPrivacyFamily(t.db, { other });
  const dpl = await bareLogin('Dana Lead');
  await t.db.insert(clubRoles).values({ user_id: dpl.user.id, role: 'data_protection_lead' });
  lead = dpl.token;
}, 120_000);

describe("A request's access download (the data protection lead)", () => {
  it("a parent's request with her children covers every mapped table with a row about them, and nothing of another family", async () => {
    const [tobi, ada] = family.children;
    const id = await privacyRequestAbout(t, { user_id: family.parent.userId, include_children: true }, family.parent.name);
    const started = Date.now();
    const res = await download(`/api/privacy/requests/${id}/export`, lead);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-data-priya-okonkwo-hale-\d{4}-\d{2}-\d{2}\.zip"$/);
    const z = unzip(res.bytes);
    expect(z.data.subjects.map((s) => s.name).sort()).toEqual([ada.name, family.parent.name, tobi.name].sort());
    const who = { players: [tobi.playerId, ada.playerId], users: [family.parent.userId, tobi.userId!], emails: [family.parent.email, tobi.email!] };
    const expected = await expectedCounts(who);
    expect(Object.keys(expected).length).toBeGreaterThan(15);
    expect(countsInZip(z)).toEqual(expected);
    // One CSV per section with rows, with a header row; the README names the controller.
    for (const section of Object.keys(z.data.sections)) expect(strFromU8(z.files[`${section}.csv`]!).split('\r\n')[0] ?? strFromU8(z.files[`${section}.csv`]!)).toMatch(/^table,/);
    expect(strFromU8(z.files['README.txt']!)).toContain(`${z.data.club.name} is the data controller. Contact: ${z.data.club.email}`);
    // Their files: Tobi's photo and Ada's document.
    expect(z.data.files.some((f) => f.startsWith('files/photo-tobi-okonkwo-hale'))).toBe(true);
    expect(z.data.files.some((f) => f.endsWith('ada-okonkwo-hale-medical-form.pdf'))).toBe(true);
    expectNothingOfTheOtherFamily(z);
    // The download is in the request's history.
    const history = await t.json(`/api/privacy/requests/${id}/downloads`, { token: lead });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject([{ downloaded_by_name: 'Dana Lead' }]);
    expect(history.body[0].row_count).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
  });

  it("a parent's request for one child holds that child only: not the sibling, not the parent", async () => {
    const [tobi, ada] = family.children;
    const id = await privacyRequestAbout(t, { player_id: ada.playerId }, ada.name);
    const z = unzip((await download(`/api/privacy/requests/${id}/export`, lead)).bytes);
    expect(z.data.subjects).toEqual([{ name: ada.name }]);
    expect(countsInZip(z)).toEqual(await expectedCounts({ players: [ada.playerId], users: [], emails: [] }));
    for (const needle of [tobi.name, tobi.playerId, tobi.userId!, tobi.email!, tobi.username!, family.parent.userId, family.parent.email]) expect(z.text, needle).not.toContain(needle);
    expect(z.data.files.some((f) => f.includes('tobi'))).toBe(false);
    expectNothingOfTheOtherFamily(z);
  });

  it("a team sheet keeps only the subject's own line, and no secret is in the download", async () => {
    const [tobi] = family.children;
    const id = await privacyRequestAbout(t, { player_id: tobi.playerId }, tobi.name);
    const z = unzip((await download(`/api/privacy/requests/${id}/export`, lead)).bytes);
    const sheets = z.data.sections.selections?.selection_publications ?? [];
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(sheet.published_player_ids).toEqual([tobi.playerId]);
    for (const selection of z.data.sections.selections?.fixture_selections ?? []) expect(selection.player_id).toBe(tobi.playerId);
    expectNothingOfTheOtherFamily(z);
    // No password's or token's hash, under any name.
    const [login] = await t.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, tobi.userId!));
    expect(z.text).not.toContain(login!.hash);
    for (const tables of Object.values(z.data.sections))
      for (const rows of Object.values(tables)) for (const row of rows) for (const key of Object.keys(row)) expect(key).not.toMatch(/_hash$|^token$|^claim_token$/);
  });

  it('answers 404 for an unknown request and 403 to anyone but the lead, the secretary and admins', async () => {
    expect((await download('/api/privacy/requests/00000000-0000-4000-8000-000000000000/export', lead)).status).toBe(404);
    expect((await download('/api/privacy/requests/not-an-id/export', lead)).status).toBe(404);
    const id = await privacyRequestAbout(t, { player_id: family.children[1].playerId });
    expect((await download(`/api/privacy/requests/${id}/export`)).status).toBe(401);
    expect((await download(`/api/privacy/requests/${id}/export`, await signIn(family.parent.username))).status).toBe(403);
    expect((await download(`/api/privacy/requests/${id}/export`, await signIn(other.parent.username))).status).toBe(403);
  });
});

describe('A download from the portal, without asking the club', () => {
  it("a member's own copy: their login and their player record", async () => {
    const [tobi] = family.children;
    const res = await download('/api/privacy/me/export', await signIn(tobi.username!));
    expect(res.status).toBe(200);
    const z = unzip(res.bytes);
    expect(z.data.subjects).toEqual([{ name: tobi.name }]);
    expect(countsInZip(z)).toEqual(await expectedCounts({ players: [tobi.playerId], users: [tobi.userId!], emails: [tobi.email!] }));
    expectNothingOfTheOtherFamily(z);
  });

  it("a parent-only login's own copy holds the parent, not the children", async () => {
    const z = unzip((await download('/api/privacy/me/export', await signIn(family.parent.username))).bytes);
    expect(z.data.subjects).toEqual([{ name: family.parent.name }]);
    expect(z.text).not.toContain(family.children[1].playerId);
  });

  it("a parent with parental responsibility downloads their child's data: that child only", async () => {
    const [tobi, ada] = family.children;
    const res = await download(`/api/privacy/children/${ada.playerId}/export`, await signIn(family.parent.username));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('-data-ada-okonkwo-hale-');
    const z = unzip(res.bytes);
    expect(z.data.subjects).toEqual([{ name: ada.name }]);
    expect(z.text).not.toContain(tobi.playerId);
    expect(z.text).not.toContain(tobi.name);
    expectNothingOfTheOtherFamily(z);
  });

  it('refuses a view-only guardian, a former guardian, a coach, a pending member and a member who left; 401 signed out', async () => {
    const ada = family.children[1];
    const child = (token?: string) => download(`/api/privacy/children/${ada.playerId}/export`, token).then((r) => r.status);
    const mine = (token?: string) => download('/api/privacy/me/export', token).then((r) => r.status);

    const viewOnly = await bareLogin('Vera Viewonly');
    await t.db.insert(guardians).values({ user_id: viewOnly.user.id, player_id: ada.playerId, level: 'view_only', approved_by: 'Club secretary' });
    expect(await child(viewOnly.token)).toBe(403);

    const former = await bareLogin('Fergus Former');
    await t.db.insert(guardians).values({ user_id: former.user.id, player_id: ada.playerId, level: 'primary', approved_by: 'Club secretary' });
    expect(await child(former.token)).toBe(200);
    await t.db.delete(guardians).where(eq(guardians.user_id, former.user.id));
    expect(await child(former.token)).toBe(403);

    // The coach of Tobi's team (the other family's father), and a coach of another team.
    expect(await download(`/api/privacy/children/${family.children[0].playerId}/export`, await signIn(other.parent.username)).then((r) => r.status)).toBe(403);
    const coach = await t.signedIn('staff');
    expect(await child(coach.token)).toBe(403);
    // Another family's parent, for a child not theirs.
    expect(await child(await signIn(other.parent.username))).toBe(403);

    const pending = await t.signedIn('player');
    await t.db.update(players).set({ status: 'pending' }).where(eq(players.id, pending.playerId!));
    expect(await mine(pending.token)).toBe(403);
    const left = await t.signedIn('player');
    await t.db.update(players).set({ status: 'left' }).where(eq(players.id, left.playerId!));
    expect(await mine(left.token)).toBe(403);

    expect(await mine()).toBe(401);
    expect(await child()).toBe(401);
    expect((await download('/api/privacy/children/not-an-id/export', viewOnly.token)).status).toBe(404);
  });
});
