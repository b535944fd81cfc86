/**
 * The privacy test family (issue 34): a parent, two children (one with a login of their own), and
 * rows about them in every table of the data map that can hold one, written as the app stores them
 * (the ledger through the treasury's own primitives). The export and erasure tests seed it with
 * `seedPrivacyFamily`, and check a dump of the database with `searchDatabase` / `searchUploads`
 * for every string in `texts`. A second family (`seedOtherFamily`) shares a team, a team sheet and a
 * training session with it: nothing of theirs may leak or change.
 *
 *   const other = await seedOtherFamily(db);
 *   const family = await seedPrivacyFamily(db, { other });
 *
 * Once per database: names, usernames and addresses are fixed so a search finds them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { childCollectors, documents, guardianInvitations, guardianRequests, guardians, players, playerTeams, uploadContents, uploads, users } from '../../server/db/schema';
import { insertLogin } from './logins';
import { seedFamilyActivity } from './privacy-family-activity';
import { seedFamilyAccount } from './privacy-family-account';
import { seedFamilyMoney } from './privacy-family-money';
import { FAMILY_PASSWORD, randomHash, seedOtherFamily, type OtherFamily } from './privacy-other-family';

export { FAMILY_PASSWORD, seedOtherFamily, type OtherFamily } from './privacy-other-family';
export { searchDatabase, searchUploads, type SearchHit } from './privacy-search';

export const FAMILY_ADDRESS = '17 Larkspur Mews, Netherby NE4 7QT';

export interface FamilyChild {
  playerId: string;
  /** Tobi's login; null for Ada. */
  userId: string | null;
  email: string | null;
  username: string | null;
  name: string;
  dateOfBirth: string;
  teamId: string;
}

export interface PrivacyFamily {
  parent: { userId: string; email: string; name: string; phone: string; username: string; password: string };
  /** [Tobi (14, a login agreed by Priya), Ada (9, no login)]. */
  children: [FamilyChild, FamilyChild];
  /**
   * Every name, address, phone, e-mail, username, medical note, emergency contact, note and file
   * name written about the family, and their names as a bank wrote them ("P OKONKWO-HALE").
   */
  texts: string[];
  /**
   * Whole sentences in other people's rows that name the family (the data map's `mentions`): a mail
   * to the coach naming Ada, the match report (naming Mirela too), a session's notes, a news story.
   * Erasure replaces the family's names in them; their other words (and Mirela's name) stay.
   */
  mentions: string[];
  /** The ids of the family's uploads (Tobi's photo, Ada's document): rows in uploads and upload_contents. */
  uploads: string[];
  /** The original file names of those uploads (also in `texts`). */
  uploadNames: string[];
  /** Charges to Priya, one per child. */
  chargeIds: string[];
  /** Priya's payer reference (payer_references). */
  payerReference: string;
  messageId: string;
  documentId: string;
  other: OtherFamily;
}

/** One upload (row and bytes), as the admin's upload stores it; the bytes name the child. */
async function upload(db: Db, originalName: string, contentType: string, bytes: Buffer) {
  const [row] = await db
    .insert(uploads)
    .values({ stored_name: `${randomHash().slice(0, 32)}.${originalName.split('.').pop()}`, original_name: originalName, content_type: contentType, size_bytes: bytes.length })
    .returning();
  await db.insert(uploadContents).values({ upload_id: row!.id, bytes });
  return row!;
}

/** Priya's login, the children's player records (Tobi's login), their teams, photo and document, guardian links. */
async function seedPeople(db: Db, other: OtherFamily) {
  const parentName = 'Priya Okonkwo-Hale';
  const parentEmail = 'priya.okonkwo-hale@example.net';
  const parentUsername = 'priya.okonkwohale';
  const parentPhone = '07700 900123';
  const parent = await insertLogin(db, { username: parentUsername, email: parentEmail, password: FAMILY_PASSWORD, full_name: parentName });
  await db.update(users).set({ phone: parentPhone }).where(eq(users.id, parent.id));

  const tobiName = 'Tobi Okonkwo-Hale';
  const tobiUsername = 'tobi.okonkwohale';
  const tobiEmail = 'tobi.okonkwo-hale@example.net';
  const tobiLogin = await insertLogin(db, { username: tobiUsername, email: tobiEmail, password: FAMILY_PASSWORD, full_name: tobiName });
  const photo = await upload(db, 'tobi-okonkwo-hale-headshot.jpg', 'image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF Tobi Okonkwo-Hale headshot'), Buffer.from([0xff, 0xd9])]));
  const tobiNotes = 'Mild asthma: blue Salbutamol inhaler kept in the kit bag';
  const [tobi] = await db
    .insert(players)
    .values({
      user_id: tobiLogin.id,
      full_name: tobiName,
      date_of_birth: '2012-06-14',
      team_type: null,
      position: 'Defender',
      jersey_number: 4,
      photo_url: `/uploads/${photo.stored_name}`,
      bio: 'Tobi plays centre-back and loves a sliding tackle.',
      phone_number: '07700 900456',
      address: FAMILY_ADDRESS,
      emergency_contact_name: 'Femi Okonkwo-Hale',
      emergency_contact_phone: '07700 900789',
      medical_notes: tobiNotes,
      login_agreed_by: parentName,
      login_agreed_at: new Date('2026-09-02T17:00:00Z'),
      updated_by: parentName,
    })
    .returning();
  const adaName = 'Ada Okonkwo-Hale';
  const adaNotes = 'Severe peanut allergy: EpiPen in the red pouch';
  const [ada] = await db
    .insert(players)
    .values({
      full_name: adaName,
      date_of_birth: '2017-04-09',
      team_type: null,
      position: null,
      address: FAMILY_ADDRESS,
      emergency_contact_name: 'Femi Okonkwo-Hale',
      emergency_contact_phone: '07700 900789',
      medical_notes: adaNotes,
    })
    .returning();
  // Tobi's spells: an ended one in the U10s, then the U15s (with Mirela); Ada's in the U10s.
  await db.insert(playerTeams).values([
    { player_id: tobi!.id, team_id: other.teams.u10, joined_on: '2021-09-01', left_on: '2023-09-01' },
    { player_id: tobi!.id, team_id: other.teams.u15, joined_on: '2023-09-01' },
    { player_id: ada!.id, team_id: other.teams.u10, joined_on: '2025-09-01' },
  ]);
  await db.insert(guardians).values([
    { user_id: parent.id, player_id: tobi!.id, level: 'primary', relationship: 'Mother', approved_by: 'Club secretary' },
    { user_id: parent.id, player_id: ada!.id, level: 'primary', relationship: 'Mother', approved_by: 'Club secretary' },
  ]);
  // Priya was invited for Tobi (accepted), and asked to be linked to Ada (approved).
  await db.insert(guardianInvitations).values({ token_hash: randomHash(), player_id: tobi!.id, email: parentEmail, level: 'primary', relationship: 'Mother', invited_by: 'Club secretary', expires_at: new Date('2025-09-08T00:00:00Z'), used_at: new Date('2025-09-02T00:00:00Z') });
  await db.insert(guardianRequests).values({
    user_id: parent.id,
    child_name: adaName,
    child_date_of_birth: '2017-04-09',
    relationship: 'Mother',
    team_id: other.teams.u10,
    message: 'Ada starts with the U10 Wrens this September; I am her mum.',
    status: 'approved',
    player_id: ada!.id,
    decided_by: 'Club secretary',
    decided_at: new Date('2025-09-03T00:00:00Z'),
  });
  const collectors = 'Grandad Femi Okonkwo-Hale, or our neighbour Callum Reyes-Thorpe';
  await db.insert(childCollectors).values({ player_id: ada!.id, others: collectors, set_by: parent.id, set_by_name: parentName });
  const docName = 'ada-okonkwo-hale-medical-form.pdf';
  const docUpload = await upload(db, docName, 'application/pdf', Buffer.from(`%PDF-1.4\nMedical form for ${adaName}: ${adaNotes}\n%%EOF`));
  const [document] = await db
    .insert(documents)
    .values({ title: 'Medical form: Ada', description: 'Signed by Priya', url: `/uploads/${docUpload.stored_name}`, file_name: docName, content_type: 'application/pdf', size_bytes: docUpload.size_bytes, player_id: ada!.id, upload_id: docUpload.id })
    .returning();
  const children: [FamilyChild, FamilyChild] = [
    { playerId: tobi!.id, userId: tobiLogin.id, email: tobiEmail, username: tobiUsername, name: tobiName, dateOfBirth: '2012-06-14', teamId: other.teams.u15 },
    { playerId: ada!.id, userId: null, email: null, username: null, name: adaName, dateOfBirth: '2017-04-09', teamId: other.teams.u10 },
  ];
  return {
    parent: { userId: parent.id, email: parentEmail, name: parentName, phone: parentPhone, username: parentUsername, password: FAMILY_PASSWORD },
    children,
    documentId: document!.id,
    uploads: [photo.id, docUpload.id],
    uploadNames: [photo.original_name, docName],
    texts: [
      parentName,
      parentEmail,
      parentUsername,
      parentPhone,
      tobiName,
      tobiUsername,
      tobiEmail,
      adaName,
      FAMILY_ADDRESS,
      '07700 900456',
      'Femi Okonkwo-Hale',
      '07700 900789',
      tobiNotes,
      adaNotes,
      'Tobi plays centre-back and loves a sliding tackle.',
      'Ada starts with the U10 Wrens this September; I am her mum.',
      collectors,
      photo.original_name,
      docName,
    ],
  };
}

/** The family, in every table that can hold a row about them; seeds the other family first unless given. */
export async function seedPrivacyFamily(db: Db, opts: { other?: OtherFamily } = {}): Promise<PrivacyFamily> {
  const other = opts.other ?? (await seedOtherFamily(db));
  const people = await seedPeople(db, other);
  const account = await seedFamilyAccount(db, people, other);
  const activity = await seedFamilyActivity(db, people, other);
  const money = await seedFamilyMoney(db, people, other);
  return {
    ...people,
    texts: [...people.texts, ...account.texts, ...activity.texts, ...money.texts],
    mentions: [...account.mentions, ...activity.mentions],
    chargeIds: money.chargeIds,
    payerReference: money.reference,
    messageId: activity.messageId,
    other,
  };
}

/** What the seeding steps after the people are given. */
export type SeededPeople = Awaited<ReturnType<typeof seedPeople>>;
