/**
 * The second family of issue 34's privacy tests (tests/support/privacy-family.ts): Dario
 * Vasquez-Dunn, coach of the team both families play in (a player record, team staff, a DBS check,
 * the treasurer's club role), and his daughter Mirela, who shares a team, a fixture's team sheet and
 * a training session with Tobi Okonkwo-Hale. It also makes the shared world (two junior teams, a
 * fixture, two sessions) the first family is seeded into. An export or erasure of the first family
 * must leak or change nothing of theirs: `texts` lists every piece of their personal text.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import {
  bankImports,
  bankLines,
  clubRoles,
  consents,
  dbsChecks,
  dbsNotices,
  fixtures,
  guardians,
  outbox,
  players,
  playerTeams,
  roleChanges,
  teams,
  teamStaff,
  trainingSessions,
} from '../../server/db/schema';
import { receiveMoney, writeCharges } from '../../server/services/treasury/ledger';
import { referenceOf } from '../../server/services/treasury/context';
import { CONSENT_TEXT_VERSION } from '../../shared/juniors';
import { insertLogin } from './logins';

export const FAMILY_PASSWORD = 'correct horse battery';

export interface OtherFamily {
  /** The coach, treasurer and Mirela's father: a login with a player record. */
  parent: { userId: string; playerId: string; name: string; email: string; username: string; phone: string };
  child: { playerId: string; name: string; dateOfBirth: string };
  /** The shared world the first family is seeded into. */
  teams: { u15: string; u10: string };
  fixtureId: string;
  /** The U15 session both families trained at, and the U10 session Ada was answered for. */
  sessions: { u15: string; u10: string };
  chargeIds: string[];
  texts: string[];
}

export const randomHash = () => randomBytes(32).toString('hex');

/** The teams, fixture and sessions both families share. */
async function sharedWorld(db: Db) {
  const [u15] = await db.insert(teams).values({ name: 'U15 Larks', slug: 'u15-larks', age_group: 'U15', format: '11v11', sort_order: 20 }).returning();
  const [u10] = await db.insert(teams).values({ name: 'U10 Wrens', slug: 'u10-wrens', age_group: 'U10', format: '7v7', sort_order: 30 }).returning();
  const [fixture] = await db
    .insert(fixtures)
    .values({ team_id: u15!.id, match_date: '2026-11-21', match_time: '10:30', venue: 'Netherby Rec', competition: 'County Junior League', away_team: 'Ashby Colts', status: 'completed', home_score: 3, away_score: 1 })
    .returning();
  const session = async (teamId: string, day: string) => {
    const [row] = await db
      .insert(trainingSessions)
      .values({
        team_id: teamId,
        session_date: day,
        starts_at: new Date(`${day}T18:00:00Z`),
        ends_at: new Date(`${day}T19:00:00Z`),
        place: 'Netherby Rec, pitch 2',
        one_off: true,
        attendance_recorded_at: new Date(`${day}T19:05:00Z`),
      })
      .returning();
    return row!.id;
  };
  return { teams: { u15: u15!.id, u10: u10!.id }, fixtureId: fixture!.id, sessions: { u15: await session(u15!.id, '2026-11-18'), u10: await session(u10!.id, '2026-11-19') } };
}

/** Dario's bank payment for Mirela's subs, imported from a statement. */
async function otherMoney(db: Db, parent: OtherFamily['parent'], childId: string, teamId: string) {
  return db.transaction(async (tx) => {
    const actor = { id: parent.userId, full_name: parent.name };
    await referenceOf(tx, parent.userId);
    const chargeIds = await writeCharges(tx, actor, [
      { payer_user_id: parent.userId, player_id: childId, team_id: teamId, category: 'subs', description: 'Autumn term subs', amount_pence: 4500, due_date: '2026-10-01' },
    ]);
    const [imported] = await tx
      .insert(bankImports)
      .values({
        file_name: 'statement-2026-11-vasquez.csv',
        file_hash: randomHash(),
        layout: 'starling',
        status: 'committed',
        uploaded_by: parent.userId,
        uploaded_by_name: parent.name,
        lines_read: 1,
        incoming_pence: 4500,
        outgoing_pence: 0,
        duplicates: 0,
        preview: { lines: [{ row: 2, counterparty: 'D VASQUEZ-DUNN', pence: 4500 }] },
        lines_added: 1,
        committed_at: new Date(),
        committed_by_name: parent.name,
      })
      .returning();
    const [line] = await tx
      .insert(bankLines)
      .values({ import_id: imported!.id, fingerprint: randomHash(), row: 2, date: '2026-10-03', amount_pence: 4500, counterparty: 'D VASQUEZ-DUNN', reference: 'MIRELA SUBS', status: 'allocated', payer_user_id: parent.userId })
      .returning();
    await receiveMoney(tx, actor, { payer_id: parent.userId, amount_pence: 4500, date: '2026-10-03', bank_line_id: line!.id });
    return chargeIds;
  });
}

/** The second family and the shared world; call once per database, before seedPrivacyFamily. */
export async function seedOtherFamily(db: Db): Promise<OtherFamily> {
  const world = await sharedWorld(db);
  const name = 'Dario Vasquez-Dunn';
  const username = 'dario.vasquezdunn';
  const email = 'dario.vasquez-dunn@example.org';
  const phone = '07700 900555';
  const login = await insertLogin(db, { username, email, password: FAMILY_PASSWORD, full_name: name, role: 'staff' });
  const [coach] = await db
    .insert(players)
    .values({ user_id: login.id, full_name: name, date_of_birth: '1984-02-11', phone_number: phone, address: '4 Quarry Bank Lane, Netherby NE4 9RX', team_type: 'Senior' })
    .returning();
  const parent = { userId: login.id, playerId: coach!.id, name, email, username, phone };
  const childName = 'Mirela Vasquez-Dunn';
  const [child] = await db
    .insert(players)
    .values({
      full_name: childName,
      date_of_birth: '2012-09-03',
      team_type: null,
      position: null,
      address: '4 Quarry Bank Lane, Netherby NE4 9RX',
      emergency_contact_name: 'Lucia Vasquez-Dunn',
      emergency_contact_phone: '07700 900556',
      medical_notes: 'Mirela wears glasses for matches; spare pair with Dario.',
    })
    .returning();
  await db.insert(playerTeams).values({ player_id: child!.id, team_id: world.teams.u15, joined_on: '2025-09-01' });
  await db.insert(guardians).values({ user_id: login.id, player_id: child!.id, level: 'primary', relationship: 'Father', approved_by: 'Club secretary' });
  await db.insert(consents).values({ player_id: child!.id, season: '2026-27', kind: 'photo', given: true, given_by: login.id, given_by_name: name, text_version: CONSENT_TEXT_VERSION });
  // Dario coaches the U15s: team staff, a DBS check (with a reminder sent) and the treasurer's role.
  await db.insert(teamStaff).values({ player_id: coach!.id, team_id: world.teams.u15, role: 'coach' });
  await db.insert(dbsChecks).values({ player_id: coach!.id, status: 'in_date', expires_on: '2027-01-15', checked_by: 'Club welfare officer', checked_on: '2024-01-15', recorded_by: 'Club secretary' });
  await db.insert(dbsNotices).values({ player_id: coach!.id, kind: 'first', expires_on: '2027-01-15' });
  await db.insert(clubRoles).values({ user_id: login.id, role: 'treasurer' });
  await db.insert(roleChanges).values([
    { subject_name: name, subject_user_id: login.id, subject_player_id: coach!.id, role: 'treasurer', action: 'granted', by_name: 'Club secretary' },
    { subject_name: name, subject_user_id: login.id, subject_player_id: coach!.id, role: 'coach of U15 Larks', action: 'granted', by_name: 'Club secretary' },
  ]);
  await db.insert(outbox).values({
    dedupe_key: `privacy-fixture:dario:${randomHash()}`,
    kind: 'charge_created',
    to_address: email,
    subject: 'Mirela Vasquez-Dunn: Autumn term subs',
    text_body: 'Dear Dario, a charge of £45.00 for Mirela Vasquez-Dunn is due on 1 October 2026.',
    html_body: '<p>Dear Dario, a charge of £45.00 for Mirela Vasquez-Dunn is due on 1 October 2026.</p>',
    status: 'sent',
    sent_at: new Date(),
  });
  const chargeIds = await otherMoney(db, parent, child!.id, world.teams.u15);
  return {
    parent,
    child: { playerId: child!.id, name: childName, dateOfBirth: '2012-09-03' },
    ...world,
    chargeIds,
    texts: [name, childName, email, username, phone, '4 Quarry Bank Lane, Netherby NE4 9RX', 'Lucia Vasquez-Dunn', '07700 900556', 'Mirela wears glasses for matches; spare pair with Dario.', 'D VASQUEZ-DUNN'],
  };
}
