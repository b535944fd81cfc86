/**
 * The privacy test family (issue 34) is what it says: a row about it in every table listed, every
 * piece of its personal text findable in a dump of the database (the search the erasure test
 * reuses), its uploads' bytes and names findable, and the other family's texts there too.
 */
import { or, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_MAP, aboutColumn, sqlName, type AboutColumn } from '../../server/privacy/map';
import { createTestContext } from './api';
import { FAMILY_PASSWORD, searchDatabase, searchUploads, seedOtherFamily, seedPrivacyFamily, type OtherFamily, type PrivacyFamily } from './privacy-family';

const t = await createTestContext();
let family: PrivacyFamily;
let other: OtherFamily;

beforeAll(async () => {
  other = await seedOtherFamily(t.db);
  family = await seedPrivacyFamily(t.db, { other });
}, 60_000);

const uuids = (ids: string[]) => sql`array[${sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
)}]::uuid[]`;

/** For each table the brief lists, the rows about the family. */
function aboutTheFamily(): Record<string, SQL> {
  const users = uuids([family.parent.userId, family.children[0].userId!]);
  const players = uuids(family.children.map((c) => c.playerId));
  const emails = sql`array[${family.parent.email}, ${family.children[0].email}]::text[]`;
  const byUser = sql`user_id = any(${users})`;
  const byPlayer = sql`player_id = any(${players})`;
  const byPayer = sql`payer_user_id = any(${users})`;
  return {
    users: sql`id = any(${users})`,
    players: sql`id = any(${players})`,
    uploads: sql`id = any(${uuids(family.uploads)})`,
    upload_contents: sql`upload_id = any(${uuids(family.uploads)})`,
    sessions: byUser,
    account_tokens: byUser,
    password_reset_tokens: byUser,
    calendar_tokens: byUser,
    notification_preferences: byUser,
    notifications: byUser,
    message_reads: byUser,
    messages: byPlayer,
    documents: byPlayer,
    guardians: byUser,
    guardian_invitations: byPlayer,
    guardian_requests: byUser,
    consents: byPlayer,
    medical_note_reads: byPlayer,
    child_collectors: byPlayer,
    junior_notices: byPlayer,
    player_teams: byPlayer,
    training_attendance: byPlayer,
    availability: byPlayer,
    fixture_selections: byPlayer,
    selection_publications: sql`published_player_ids && ${players}`,
    event_changes: sql`selected_player_ids && ${players}`,
    player_stats: byPlayer,
    feedback: byPlayer,
    orders: sql`lower(customer_email) = any(${emails})`,
    join_us_submissions: sql`lower(email) = any(${emails})`,
    outbox: sql`lower(to_address) = any(${emails})`,
    charges: sql`${byPayer} or ${byPlayer}`,
    ledger_entries: byPayer,
    payer_references: byPayer,
    bank_lines: byPayer,
    bank_imports: sql`id in (select import_id from bank_lines where ${byPayer})`,
    charge_overdue_marks: sql`charge_id in (select id from charges where ${byPayer})`,
    access_changes: sql`subject_user_id = any(${users})`,
    login_throttle: sql`key like ${`user:${family.parent.username} %`} or key = ${`account:${family.parent.username}`}`,
  };
}

/**
 * Tables of the data map that can name a person but never the family, and why. Everything else the
 * map says is about someone must have a row about the family, so the export and erasure tests see it.
 */
const NEVER_THE_FAMILYS: Record<string, string> = {
  // Roles are staff's: the brief gives Priya and the children none (the other family's Dario has them).
  club_roles: 'the family holds no club role',
  role_changes: 'no role of the family was ever granted or removed',
  // About a member of staff's player record: Priya has none, and the coach is the other family's.
  team_staff: 'nobody in the family runs a team',
  dbs_checks: 'nobody in the family needs a DBS check',
  dbs_notices: 'nobody in the family needs a DBS check',
  // The export and erasure tests record their own request about the family.
  privacy_requests: 'the tests that use the family make its request themselves',
  // Only "who did it" columns, filled by staff actions: nobody in the family is staff.
  availability_reminders: 'only staff send availability reminders',
  selection_versions: 'only staff save a team sheet',
  training_sessions: 'only staff record attendance',
  payment_plans: 'only the treasurer makes payment plans',
  bank_imports: 'only the treasurer imports statements (the family is in its lines, bank_lines)',
  erasures: 'only the lead carries out erasures (an erasure names nobody it erased)',
  privacy_request_downloads: 'only the lead downloads a request\'s data',
  club_file_downloads: 'only an admin downloads the whole club (issue 36)',
  retention_rules: 'only the lead changes a retention rule',
  retention_log: 'only the lead approves a retention deletion',
};

/** The family's rows in one table of the map, through one of its `about` columns. */
function familyThrough(about: AboutColumn): SQL {
  const users = uuids([family.parent.userId, family.children[0].userId!]);
  const players = uuids(family.children.map((c) => c.playerId));
  const emails = sql`array[${family.parent.email}, ${family.children[0].email}]::text[]`;
  switch (about.kind) {
    case 'player':
      return sql`${about.column} = any(${players})`;
    case 'user':
      return sql`${about.column} = any(${users})`;
    case 'email':
      return sql`lower(${about.column}) = any(${emails})`;
    case 'playerInArray':
      return sql`${about.column} && ${players}`;
    case 'userInArray':
      return sql`${about.column} && ${users}`;
  }
}

const countWhere = async (table: string, where: SQL) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)).rows[0]!.n);

describe('the privacy family', () => {
  it('has a row in every table the brief lists', async () => {
    const empty: string[] = [];
    for (const [table, where] of Object.entries(aboutTheFamily())) if ((await countWhere(table, where)) === 0) empty.push(table);
    expect(empty).toEqual([]);
  });

  it('has a row in every table of the data map that is about someone, but for those it cannot be in', async () => {
    const missing: string[] = [];
    const needlessly: string[] = [];
    for (const entry of DATA_MAP) {
      const name = sqlName(entry.table);
      if (entry.about.length === 0) continue;
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(entry.table)
        .where(or(...entry.about.map((a) => familyThrough(aboutColumn(a)))));
      const has = row!.n > 0;
      if (!has && !(name in NEVER_THE_FAMILYS)) missing.push(name);
      if (has && name in NEVER_THE_FAMILYS) needlessly.push(name);
    }
    expect(missing).toEqual([]);
    // An exclusion that no longer holds is taken off the list.
    expect(needlessly).toEqual([]);
    for (const name of Object.keys(NEVER_THE_FAMILYS)) expect(DATA_MAP.some((e) => sqlName(e.table) === name && e.about.length > 0), name).toBe(true);
  });

  it('is a parent with a phone and no player record, and two children of 14 (with a login agreed by her) and 9', async () => {
    const [tobi, ada] = family.children;
    expect(await countWhere('players', sql`user_id = ${family.parent.userId}`)).toBe(0);
    expect(await countWhere('users', sql`id = ${family.parent.userId} and phone = ${family.parent.phone}`)).toBe(1);
    expect(await countWhere('guardians', sql`user_id = ${family.parent.userId} and level = 'primary'`)).toBe(2);
    expect(await countWhere('players', sql`id = ${tobi.playerId} and login_agreed_by = ${family.parent.name} and date_of_birth = '2012-06-14'`)).toBe(1);
    expect(tobi.userId).not.toBeNull();
    expect(ada.userId).toBeNull();
    // Priya holds no role, and no DBS check is anybody's in the family: the coach is the other family's.
    expect(await countWhere('club_roles', sql`user_id = ${family.parent.userId} or user_id = ${tobi.userId}`)).toBe(0);
    expect(await countWhere('team_staff', sql`player_id = any(${uuids(family.children.map((c) => c.playerId))})`)).toBe(0);
  });

  it('signs in as Priya, as Tobi and as Dario with the family password (a few failed attempts are on record, not a lock-out)', async () => {
    for (const username of [family.parent.username, family.children[0].username!, other.parent.username]) {
      const login = await t.json('/api/auth/login', { body: { username, password: FAMILY_PASSWORD } });
      expect(login.status, username).toBe(200);
    }
  });

  it('writes a ledger the treasury reads as valid: two charges, a bank payment, a reversal', async () => {
    const kinds = await t.db.execute<{ kind: string; n: number }>(
      sql`select kind::text, count(*)::int as n from ledger_entries where payer_user_id = ${family.parent.userId} group by kind order by kind`,
    );
    expect(Object.fromEntries(kinds.rows.map((r) => [r.kind, r.n]))).toEqual({ charge: 2, payment: 2, reversal: 1 });
    const balance = await t.db.execute<{ b: number }>(sql`select sum(amount_pence)::int as b from ledger_entries where payer_user_id = ${family.parent.userId}`);
    // Tobi's £45 paid from the bank; Ada's £30 paid by hand, then reversed: £30 owed.
    expect(balance.rows[0]!.b).toBe(3000);
  });

  it('finds every one of its texts in a dump of the database', async () => {
    const hits = await searchDatabase(t.db, family.texts);
    const found = new Set(hits.map((h) => h.needle));
    expect(family.texts.filter((text) => !found.has(text))).toEqual([]);
    // The search is by text: the bank line's counterparty, in capitals, and Ada named in a mail to the coach.
    expect(hits).toContainEqual({ table: 'bank_lines', needle: 'P OKONKWO-HALE' });
    expect(hits).toContainEqual({ table: 'outbox', needle: family.children[1].name });
    // Named in other people's text (the map's mentions): the match report, a session's notes, the news.
    for (const table of ['fixtures', 'training_sessions', 'news']) expect(hits).toContainEqual({ table, needle: family.children[0].name });
  });

  it('finds the sentences that name it in other people\'s rows', async () => {
    const found = new Set((await searchDatabase(t.db, family.mentions)).map((h) => h.needle));
    expect(family.mentions.filter((text) => !found.has(text))).toEqual([]);
    expect(family.mentions.every((text) => family.texts.some((name) => text.includes(name)))).toBe(true);
  });

  it('finds the other family in the dump too, and nothing that is in neither', async () => {
    const found = new Set((await searchDatabase(t.db, other.texts)).map((h) => h.needle));
    expect(other.texts.filter((text) => !found.has(text))).toEqual([]);
    expect(await searchDatabase(t.db, ['Zebedee Quillfeather'])).toEqual([]);
  });

  it('finds its uploads by their bytes and names', async () => {
    const hits = await searchUploads(t.db, [family.children[0].name, family.children[1].name, ...family.uploadNames, 'Zebedee Quillfeather']);
    expect(hits).toContainEqual({ table: 'upload_contents', needle: 'Tobi Okonkwo-Hale' });
    expect(hits).toContainEqual({ table: 'upload_contents', needle: 'Ada Okonkwo-Hale' });
    for (const name of family.uploadNames) expect(hits).toContainEqual({ table: 'uploads', needle: name });
    expect(hits.filter((h) => h.needle === 'Zebedee Quillfeather')).toEqual([]);
  });
});
