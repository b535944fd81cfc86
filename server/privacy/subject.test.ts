import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { insertLogin } from '../../tests/support/logins';
import { bankImports, bankLines, consents, fixtures, guardians, outbox, players, selectionPublications, teams } from '../db/schema';
import { mappedTable } from './map';
import { resolveSubject, rowsAbout, type Subject } from './subject';

const t = await createTestContext();
const { db } = t;

const parent = await insertLogin(db, { username: 'priya', password: 'correct horse battery', full_name: 'Priya Shah', email: 'Priya.Shah@Example.com' });
const memberLogin = await insertLogin(db, { username: 'sam', password: 'correct horse battery', full_name: 'Sam Shah' });
const [member] = await db.insert(players).values({ full_name: 'Samuel Shah', user_id: memberLogin.id }).returning();
const [child] = await db.insert(players).values({ full_name: 'Mira Shah', team_type: null }).returning();
const [stranger] = await db.insert(players).values({ full_name: 'Other Person' }).returning();

/** The ids of a mapped table's rows about the subject, by one of its columns. */
async function idsAbout(name: string, subject: Subject, column: string, options: { by?: boolean } = {}) {
  const entry = mappedTable(name);
  const rows = await db.select({ value: sql<string>`${sql.identifier(column)}::text` }).from(entry.table).where(rowsAbout(db, entry, subject, options));
  return rows.map((r) => r.value).sort();
}

describe('resolveSubject (server/privacy/subject.ts)', () => {
  it('finds a player record’s login, its address lower-cased, and both names', async () => {
    expect(await resolveSubject(db, { player_id: member!.id })).toEqual({
      playerIds: [member!.id],
      userIds: [memberLogin.id],
      emails: ['sam@example.com'],
      names: ['Samuel Shah', 'Sam Shah'],
    });
  });

  it('finds a login’s player record the other way round', async () => {
    const subject = await resolveSubject(db, { user_id: memberLogin.id });
    expect(subject.playerIds).toEqual([member!.id]);
    expect(subject.userIds).toEqual([memberLogin.id]);
  });

  it('gives a login without a player record (a parent) their address and name only, and a child without a login just their record', async () => {
    expect(await resolveSubject(db, { user_id: parent.id })).toEqual({ playerIds: [], userIds: [parent.id], emails: ['priya.shah@example.com'], names: ['Priya Shah'] });
    expect(await resolveSubject(db, { player_id: child!.id })).toEqual({ playerIds: [child!.id], userIds: [], emails: [], names: ['Mira Shah'] });
  });

  it('keeps an id whose row is already gone (a half-finished erasure still finds the rest), and refuses an empty subject', async () => {
    const gone = randomUUID();
    expect((await resolveSubject(db, { player_id: gone })).playerIds).toEqual([gone]);
    await expect(resolveSubject(db, {})).rejects.toThrow(/player record or a login/);
  });
});

describe('rowsAbout (server/privacy/subject.ts)', () => {
  it('selects a player record by its id or its login, and nobody else’s', async () => {
    expect(await idsAbout('players', await resolveSubject(db, { user_id: memberLogin.id }), 'id')).toEqual([member!.id]);
    expect(await idsAbout('players', await resolveSubject(db, { player_id: child!.id }), 'id')).toEqual([child!.id]);
  });

  it('selects a guardianship from either side', async () => {
    await db.insert(guardians).values({ user_id: parent.id, player_id: child!.id, approved_by: 'Club Secretary' });
    expect(await idsAbout('guardians', await resolveSubject(db, { user_id: parent.id }), 'player_id')).toEqual([child!.id]);
    expect(await idsAbout('guardians', await resolveSubject(db, { player_id: child!.id }), 'user_id')).toEqual([parent.id]);
    expect(await idsAbout('guardians', await resolveSubject(db, { player_id: stranger!.id }), 'user_id')).toEqual([]);
  });

  it('leaves out rows where the subject only did something (`by`), unless asked', async () => {
    await db.insert(consents).values({ player_id: child!.id, season: '2026-27', kind: 'photo', given: true, given_by: parent.id, given_by_name: 'Priya Shah', text_version: '1' });
    const priya = await resolveSubject(db, { user_id: parent.id });
    expect(await idsAbout('consents', priya, 'player_id')).toEqual([]);
    expect(await idsAbout('consents', priya, 'player_id', { by: true })).toEqual([child!.id]);
    expect(await idsAbout('consents', await resolveSubject(db, { player_id: child!.id }), 'player_id')).toEqual([child!.id]);
  });

  it('finds mails by address whatever its case', async () => {
    const mail = (to: string) => ({ dedupe_key: randomUUID(), kind: 'test', to_address: to, subject: 'Hello', text_body: 'Hi', html_body: '<p>Hi</p>' });
    await db.insert(outbox).values([mail('PRIYA.SHAH@example.com'), mail('someone.else@example.com')]);
    expect(await idsAbout('outbox', await resolveSubject(db, { user_id: parent.id }), 'to_address')).toEqual(['PRIYA.SHAH@example.com']);
  });

  it('finds a published squad that lists the player among others', async () => {
    const [team] = await db.insert(teams).values({ name: 'Subject U9', slug: 'subject-u9' }).returning();
    const [fixture] = await db
      .insert(fixtures)
      .values({ team_id: team!.id, match_date: '2026-09-05', match_time: '10:00', venue: 'Home', competition: 'League', away_team: 'Rovers' })
      .returning();
    await db.insert(selectionPublications).values({ fixture_id: fixture!.id, published_at: new Date(), published_player_ids: [stranger!.id, child!.id] });
    expect(await idsAbout('selection_publications', await resolveSubject(db, { player_id: child!.id }), 'fixture_id')).toEqual([fixture!.id]);
    expect(await idsAbout('selection_publications', await resolveSubject(db, { user_id: parent.id }), 'fixture_id')).toEqual([]);
  });

  it('finds a bank line that lists the parent among its possible payers', async () => {
    const [upload] = await db
      .insert(bankImports)
      .values({ file_name: 'statement.csv', file_hash: 'x', layout: 'generic', uploaded_by_name: 'Treasurer', lines_read: 1, incoming_pence: 2500, outgoing_pence: 0, duplicates: 0, preview: {} })
      .returning();
    const line = { import_id: upload!.id, row: 1, date: '2026-09-01', amount_pence: 2500, status: 'unmatched' as const, counterparty: 'P SHAH' };
    await db.insert(bankLines).values([
      { ...line, fingerprint: 'a', candidates: [memberLogin.id, parent.id] },
      { ...line, fingerprint: 'b', candidates: [memberLogin.id] },
    ]);
    expect(await idsAbout('bank_lines', await resolveSubject(db, { user_id: parent.id }), 'fingerprint')).toEqual(['a']);
  });

  it('is false for a table about nobody', async () => {
    expect(await idsAbout('teams', await resolveSubject(db, { player_id: child!.id }), 'id')).toEqual([]);
  });
});
