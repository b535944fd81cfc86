/**
 * An erasure is all or nothing (issue 34): cut half way (a trigger this test adds makes the last
 * deletion, the logins, fail), it leaves every row, text, upload and balance as it was, and the
 * request still open; once the fault is gone it runs to the end.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubRoles, privacyRequests } from '../db/schema';
import { createTestContext } from '../../tests/support/api';
import { searchDatabase, searchUploads, seedPrivacyFamily, type PrivacyFamily } from '../../tests/support/privacy-family';
import { tablesOf } from '../../tests/support/privacy-search';

const t = await createTestContext();
let family: PrivacyFamily;
let requestId: string;
let lead: string;

async function snapshot() {
  const out: Record<string, string> = {};
  for (const table of await tablesOf(t.db)) {
    const result = await t.db.execute<{ h: string }>(sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table)} x`);
    out[table] = result.rows[0]!.h;
  }
  return out;
}

beforeAll(async () => {
  family = await seedPrivacyFamily(t.db);
  const [row] = await t.db
    .insert(privacyRequests)
    .values({
      type: 'erasure',
      user_id: family.parent.userId,
      include_children: true,
      subject_name: family.parent.name,
      requested_by_name: family.parent.name,
      relationship: 'self',
      received_on: '2026-11-20',
      due_on: '2026-12-21',
      identity_checked_on: '2026-11-21',
      recorded_by_name: 'Club secretary',
    })
    .returning();
  requestId = row!.id;
  const login = await t.signedIn('player');
  await t.db.insert(clubRoles).values({ user_id: login.user.id, role: 'data_protection_lead' });
  lead = login.token;
}, 120_000);

describe('Erasure: all or nothing', () => {
  it('a failure at the last step leaves everything as it was', async () => {
    await t.db.execute(sql`CREATE FUNCTION erasure_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'cut half way'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER erasure_fault BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION erasure_fault()`);
    const before = await snapshot();
    const res = await t.json(`/api/privacy/requests/${requestId}/erase`, { method: 'POST', token: lead });
    expect(res.status).toBe(500);
    expect(await snapshot()).toEqual(before);
    const found = new Set((await searchDatabase(t.db, family.texts)).map((h) => h.needle));
    expect([...found].sort()).toEqual([...new Set(family.texts)].sort());
    expect((await searchUploads(t.db, family.uploadNames)).length).toBeGreaterThan(0);
  });

  it('with the fault gone, the same erasure runs to the end', async () => {
    await t.db.execute(sql`DROP TRIGGER erasure_fault ON users`);
    const res = await t.json(`/api/privacy/requests/${requestId}/erase`, { method: 'POST', token: lead });
    expect(res.status).toBe(200);
    // The safeguarding action's reason stays the club's record (the data map); see privacy-erasure.test.ts.
    expect(await searchDatabase(t.db, family.texts.filter((text) => text !== 'Shared his password with a friend'))).toEqual([]);
  });
});
