/**
 * Erasure in two steps (issue 34): a parent's request covering her two children, previewed then
 * carried out. The preview's counts are what happens, table by table; the ledger's total and every
 * other payer's balance stay; nothing of the family is left in any table, upload or public read;
 * the other family is untouched; the address is not invited again; only the lead, the secretary
 * and admins may; never twice.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubRoles, privacyRequests, erasures } from '../db/schema';
import { createTestContext } from '../../tests/support/api';
import { searchDatabase, searchUploads, seedOtherFamily, seedPrivacyFamily, type OtherFamily, type PrivacyFamily } from '../../tests/support/privacy-family';
import { tablesOf } from '../../tests/support/privacy-search';
import { SUPPRESSED_ADDRESS } from '../services/privacy/suppression';

const t = await createTestContext();
let family: PrivacyFamily;
let other: OtherFamily;
let requestId: string;
const tokens: Record<string, string> = {};

async function withRole(role: 'data_protection_lead' | 'secretary' | 'treasurer' | 'welfare_officer') {
  const login = await t.signedIn('player');
  await t.db.insert(clubRoles).values({ user_id: login.user.id, role });
  return login.token;
}

async function erasureRequest(values: Partial<typeof privacyRequests.$inferInsert>) {
  const [row] = await t.db
    .insert(privacyRequests)
    .values({
      type: 'erasure',
      subject_name: 'Priya Okonkwo-Hale',
      requested_by_name: 'Priya Okonkwo-Hale',
      relationship: 'self',
      received_on: '2026-11-20',
      due_on: '2026-12-21',
      recorded_by_name: 'Club secretary',
      ...values,
    })
    .returning();
  return row!.id;
}

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(t.db)) {
    const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

async function balances() {
  const result = await t.db.execute<{ payer: string | null; pence: number }>(
    sql`select payer_user_id as payer, sum(amount_pence)::int as pence from ledger_entries group by payer_user_id`,
  );
  return Object.fromEntries(result.rows.map((r) => [r.payer ?? 'none', r.pence]));
}
const ledgerTotal = async () => (await t.db.execute<{ n: number }>(sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries`)).rows[0]!.n;
const chargesTotal = async () => (await t.db.execute<{ n: number }>(sql`select coalesce(sum(amount_pence), 0)::int as n from charges`)).rows[0]!.n;

beforeAll(async () => {
  other = await seedOtherFamily(t.db);
  family = await seedPrivacyFamily(t.db, { other });
  requestId = await erasureRequest({ user_id: family.parent.userId, include_children: true });
  tokens.lead = await withRole('data_protection_lead');
  tokens.secretary = await withRole('secretary');
  tokens.treasurer = await withRole('treasurer');
  tokens.admin = (await t.signedIn('admin')).token;
  tokens.coach = (await t.signedIn('staff')).token;
  tokens.player = (await t.signedIn('player')).token;
}, 120_000);

const preview = (id: string, token?: string) => t.json(`/api/privacy/requests/${id}/erasure-preview`, { method: 'POST', token });
const erase = (id: string, token?: string) => t.json(`/api/privacy/requests/${id}/erase`, { method: 'POST', token });

describe('Erasure: who may', () => {
  it('anonymous 401; treasurer, coach and player 403; the lead, the secretary and an admin may preview', async () => {
    expect((await preview(requestId)).status).toBe(401);
    expect((await erase(requestId)).status).toBe(401);
    for (const who of ['treasurer', 'coach', 'player']) {
      expect((await preview(requestId, tokens[who])).status, who).toBe(403);
      expect((await erase(requestId, tokens[who])).status, who).toBe(403);
    }
    for (const who of ['lead', 'secretary', 'admin']) expect((await preview(requestId, tokens[who])).status, who).toBe(200);
  });

  it('an unknown request is 404; an access request is not erased (422)', async () => {
    expect((await preview('00000000-0000-0000-0000-000000000000', tokens.lead)).status).toBe(404);
    const access = await erasureRequest({ type: 'access', player_id: family.children[1].playerId, subject_name: 'Ada Okonkwo-Hale' });
    expect((await preview(access, tokens.lead)).status).toBe(422);
  });

  it('refuses the erasure until the identity check is recorded', async () => {
    const res = await erase(requestId, tokens.lead);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Record the day the person\u2019s identity was checked first.');
  });

  it('refuses to erase someone holding a club role or a team-staff place: remove it first', async () => {
    const coach = await erasureRequest({ player_id: other.parent.playerId, subject_name: other.parent.name, identity_checked_on: '2026-11-21' });
    const res = await erase(coach, tokens.lead);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/remove .* first/);
  });
});

// What the preview and the erasure answered, and the club's figures before (set by the next describe's beforeAll).
let before: Record<string, number>;
let previewed: { tables: Record<string, Record<string, number>>; pseudonym: string; people: string[]; sections: { lines: string[] }[]; kept_until: string | null; uploads_removed: number };
let done: typeof previewed;
let balancesBefore: Record<string, number>;
let totals: number[];

describe('Erasure: preview, then erase the family', () => {

  beforeAll(async () => {
    await t.db.update(privacyRequests).set({ identity_checked_on: '2026-11-21' }).where(sql`id = ${requestId}`);
    balancesBefore = await balances();
    totals = [await ledgerTotal(), await chargesTotal()];
    before = await rowCounts();
    const p = await preview(requestId, tokens.lead);
    expect(p.status).toBe(200);
    previewed = p.body;
    expect(await rowCounts()).toEqual(before); // the preview changes nothing
    const e = await erase(requestId, tokens.lead);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    done = e.body;
  }, 60_000);

  it('the preview names the family and says what is kept, until when, under the pseudonym', () => {
    expect(previewed.pseudonym).toMatch(/^Former member [0-9a-f]{4,6}$/);
    expect(previewed.people.sort()).toEqual([family.parent.name, ...family.children.map((c) => c.name)].sort());
    expect(previewed.kept_until).toBe('2033-08-31');
    const lines = previewed.sections.flatMap((s) => s.lines).join('\n');
    expect(lines).toContain(`kept until 31 August 2033 under the name ${previewed.pseudonym}`);
    expect(previewed.uploads_removed).toBe(2);
  });

  it('the counts in the preview are what happened, table by table', async () => {
    expect(done.tables).toEqual(previewed.tables);
    expect(done.pseudonym).toBe(previewed.pseudonym);
    const after = await rowCounts();
    for (const [table, n] of Object.entries(before)) {
      const deleted = previewed.tables[table]?.deleted ?? 0;
      const expected = table === 'uploads' || table === 'upload_contents' ? previewed.uploads_removed : deleted;
      const added = table === 'erasures' || table === 'email_suppressions' ? after[table]! - n : 0;
      expect(n - after[table]! + added, table).toBe(expected);
    }
  });

  it('the ledger total, the charges and every other payer\u2019s balance are unchanged', async () => {
    expect([await ledgerTotal(), await chargesTotal()]).toEqual(totals);
    const after = await balances();
    const familyUsers = [family.parent.userId, family.children[0].userId!];
    for (const [payer, pence] of Object.entries(balancesBefore)) {
      if (!familyUsers.includes(payer) && payer !== 'none') expect(after[payer], payer).toBe(pence);
    }
    const detached = familyUsers.reduce((sum, id) => sum + (balancesBefore[id] ?? 0), balancesBefore.none ?? 0);
    expect(after.none ?? 0).toBe(detached);
  });

  it('outside an erasure, the ledger\u2019s texts still never change; inside one, only they may', async () => {
    const [charge] = family.other.chargeIds;
    expect(charge).toBeDefined();
    await expect(t.db.execute(sql`update charges set description = 'Changed' where id = ${charge}`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local app.erasing = 'on'`);
        await tx.execute(sql`update charges set amount_pence = amount_pence + 1 where id = ${charge}`);
      }),
    ).rejects.toThrow();
  });

  it('no table and no upload holds any of the family\u2019s texts', async () => {
    // A safeguarding action on access stays the club's record (the data map): its reason, with no
    // name, address, phone or medical detail in it, is kept; the names in it became the pseudonym.
    const kept = ['Shared his password with a friend'];
    expect(await searchDatabase(t.db, family.texts.filter((text) => !kept.includes(text)))).toEqual([]);
    expect(await searchUploads(t.db, family.texts)).toEqual([]);
  });

  it('in other people\u2019s texts their names became the pseudonym; every other word (and Mirela\u2019s name) stayed', async () => {
    expect(family.mentions.length).toBeGreaterThan(0);
    expect(await searchDatabase(t.db, family.mentions)).toEqual([]);
    const names = [family.parent.name, ...family.children.map((c) => c.name)];
    const replaced = family.mentions.map((text) => names.reduce((out, name) => out.replaceAll(name, done.pseudonym), text));
    const hits = await searchDatabase(t.db, replaced);
    expect(new Set(hits.map((h) => h.needle))).toEqual(new Set(replaced));
  });

  it('the other family is untouched: all their texts are still there', async () => {
    const hits = await searchDatabase(t.db, other.texts);
    expect(new Set(hits.map((h) => h.needle))).toEqual(new Set(other.texts));
  });

});

describe('Erasure: afterwards', () => {
  it('public reads do not show them', async () => {
    const squad = await t.json('/api/squad');
    expect(JSON.stringify(squad.body)).not.toMatch(/Okonkwo/i);
    for (const child of family.children) expect((await t.json(`/api/squad/${child.playerId}`)).status).toBe(404);
    const teams = await t.json('/api/teams');
    expect(JSON.stringify(teams.body)).not.toMatch(/Okonkwo/i);
  });

  it('the request is completed under the pseudonym, and the erasure is recorded without personal data', async () => {
    const [request] = await t.db.select().from(privacyRequests).where(sql`id = ${requestId}`);
    expect(request).toMatchObject({ status: 'completed', subject_name: done.pseudonym, requested_by_name: done.pseudonym, user_id: null, player_id: null });
    const rows = await t.db.select().from(erasures);
    expect(rows.map((r) => r.pseudonym)).toEqual([done.pseudonym]);
  });

  it('never twice (409)', async () => {
    expect((await erase(requestId, tokens.lead)).status).toBe(409);
    expect((await preview(requestId, tokens.lead)).status).toBe(409);
  });

  it('the club cannot invite the erased address again; registering themselves clears it', async () => {
    const invite = await t.json('/api/guardian-invitations', {
      token: tokens.admin,
      body: { player_id: other.child.playerId, email: family.parent.email.toUpperCase(), level: 'secondary' },
    });
    expect(invite.status).toBe(422);
    expect(invite.body.detail).toBe(SUPPRESSED_ADDRESS);
    const record = await t.json('/api/players', { token: tokens.admin, body: { full_name: 'New Member', position: 'Defender', team_type: 'Senior' } });
    const login = await t.json('/api/admin/create-player-account', {
      token: tokens.admin,
      body: { player_id: record.body.id, username: 'new_member_login', email: family.parent.email },
    });
    expect(login.status).toBe(422);
    expect(login.body.detail).toBe(SUPPRESSED_ADDRESS);
    // Registering herself is asking again: the club may write to her.
    const registered = await t.json('/api/players/register', {
      body: {
        username: 'priya_again',
        password: 'a long new password 42',
        email: family.parent.email,
        full_name: 'Priya Again',
        date_of_birth: '1988-03-02',
        position_preference: 'Midfielder',
        phone_number: '07700 900555',
        emergency_contact_name: 'Sam Again',
        emergency_contact_phone: '07700 900556',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const again = await t.json('/api/guardian-invitations', {
      token: tokens.admin,
      body: { player_id: other.child.playerId, email: family.parent.email, level: 'secondary' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
