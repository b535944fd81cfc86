/**
 * The privacy family's logins and what hangs off them (tests/support/privacy-family.ts): sessions,
 * links sent by mail, calendar feeds, notification settings, notifications, a failed sign-in, a login
 * switched off and on, the consents Priya gave and withdrew, mails, a shop order and an enquiry.
 */
import type { Db } from '../../server/db/client';
import {
  accessChanges,
  accountTokens,
  calendarTokens,
  consents,
  joinUsSubmissions,
  juniorNotices,
  loginThrottle,
  medicalNoteReads,
  notificationPreferences,
  notifications,
  orders,
  outbox,
  passwordResetTokens,
  pushOutbox,
  pushSubscriptions,
  sessions,
} from '../../server/db/schema';
import { CONSENT_TEXT_VERSION } from '../../shared/juniors';
import type { SeededPeople } from './privacy-family';
import { randomHash, type OtherFamily } from './privacy-other-family';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Logins' own rows: sessions, tokens, calendar feeds, preferences, notifications, the throttle, access changes. */
async function seedLogins(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const tobi = children[0];
  await db.insert(sessions).values([
    { token_hash: randomHash(), user_id: parent.userId, expires_at: inDays(30) },
    { token_hash: randomHash(), user_id: tobi.userId!, expires_at: inDays(30) },
  ]);
  await db.insert(accountTokens).values({ token_hash: randomHash(), user_id: parent.userId, purpose: 'confirm_email', email: parent.email, expires_at: inDays(-300), used_at: inDays(-301) });
  await db.insert(passwordResetTokens).values({ token_hash: randomHash(), user_id: parent.userId, expires_at: inDays(-10), used_at: inDays(-10) });
  await db.insert(calendarTokens).values([
    { token_hash: randomHash(), user_id: parent.userId, last_used_at: inDays(-1) },
    { token_hash: randomHash(), user_id: tobi.userId! },
  ]);
  await db.insert(notificationPreferences).values([
    { user_id: parent.userId, kind: 'availability_reminder', email: false },
    { user_id: tobi.userId!, kind: 'message', email: true },
  ]);
  await db.insert(notifications).values([
    { user_id: parent.userId, kind: 'squad_published', title: 'Tobi Okonkwo-Hale is in the squad against Ashby Colts', link: `/portal/children/${tobi.playerId}` },
    { user_id: tobi.userId!, kind: 'message', title: 'A message from your coach', body: 'Well played on Saturday, Tobi.' },
  ]);
  // Priya's phone receives notifications (issue 35), and had one about Tobi's squad.
  const [phone] = await db
    .insert(pushSubscriptions)
    .values({ user_id: parent.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${randomHash()}`, p256dh: randomHash(), auth: randomHash().slice(0, 22), device_label: 'Chrome on Android' })
    .returning({ id: pushSubscriptions.id });
  await db.insert(pushOutbox).values({
    dedupe_key: `squad:${tobi.playerId}:${phone!.id}`,
    message_key: `squad:${tobi.playerId}`,
    user_id: parent.userId,
    subscription_id: phone!.id,
    kind: 'squad_published',
    title: 'Squad published',
    body: 'Open to see it',
    url: `/portal/children/${tobi.playerId}`,
    tag: 'squad',
    status: 'sent',
    sent_at: inDays(-2),
  });
  // Two failed sign-ins as Priya, counted as server/services/throttle.ts keys them (per name and address, per account).
  await db.insert(loginThrottle).values([
    { key: `user:${parent.username} addr:203.0.113.7`, failures: 2, window_ends_at: inDays(1) },
    { key: `account:${parent.username}`, failures: 2, window_ends_at: inDays(1) },
  ]);
  await db.insert(accessChanges).values([
    { action: 'login_switched_off', subject_user_id: tobi.userId, subject_name: tobi.name, reason: 'Shared his password with a friend', by_user_id: other.parent.userId, by_name: other.parent.name },
    { action: 'login_switched_on', subject_user_id: tobi.userId, subject_name: tobi.name, reason: 'Chose a new password with his mum', by_user_id: other.parent.userId, by_name: other.parent.name },
  ]);
  return ['Tobi Okonkwo-Hale is in the squad against Ashby Colts', 'Shared his password with a friend'];
}

/** Consents (Tobi's photo given, then withdrawn), a coach's read of Tobi's medical notes, a reminder claimed for Tobi. */
async function seedJuniorRecords(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const [tobi, ada] = children;
  const by = { given_by: parent.userId, given_by_name: parent.name, text_version: CONSENT_TEXT_VERSION, season: '2026-27' };
  await db.insert(consents).values([
    { ...by, player_id: tobi.playerId, kind: 'photo', given: true, created_at: new Date('2026-09-02T17:00:00Z') },
    { ...by, player_id: tobi.playerId, kind: 'photo', given: false, created_at: new Date('2026-10-12T08:00:00Z') },
    { ...by, player_id: tobi.playerId, kind: 'medical_treatment', given: true },
    { ...by, player_id: ada.playerId, kind: 'full_name', given: true },
    { ...by, player_id: ada.playerId, kind: 'medical_treatment', given: true },
  ]);
  await db.insert(medicalNoteReads).values({ player_id: tobi.playerId, read_by: other.parent.userId, read_by_name: other.parent.name, via: 'Match-day card: U15 Larks' });
  // The availability reminder for a junior goes to the parents, claimed once per child (server/services/availability/digest.ts).
  await db.insert(juniorNotices).values({ player_id: tobi.playerId, kind: `availability-reminder:${other.fixtureId}:${tobi.playerId}:early` });
  return [];
}

/** Mails: to Priya, to Tobi's login (held until he confirms), and one to the coach that names Ada. */
async function seedMails(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const [tobi, ada] = children;
  const mail = (to: string, subject: string, text: string, extra: Partial<typeof outbox.$inferInsert> = {}) => ({
    dedupe_key: `privacy-fixture:${randomHash()}`,
    kind: 'message',
    to_address: to,
    subject,
    text_body: text,
    html_body: `<p>${text}</p>`,
    status: 'sent' as const,
    sent_at: new Date(),
    ...extra,
  });
  const coachNote = `${ada.name} will be collected by her grandad after training on Wednesday.`;
  await db.insert(outbox).values([
    mail(parent.email, 'Your invoice: Autumn term subs', `Dear ${parent.name}, the subs for ${tobi.name} and ${ada.name} are due on 1 October 2026.`, { kind: 'charge_created' }),
    mail(tobi.email!, 'You are in the squad against Ashby Colts', `Hi ${tobi.name}, you start on Saturday. Meet at 9:45.`, { kind: 'squad_published', status: 'held', sent_at: null, held_for_user_id: tobi.userId }),
    mail(other.parent.email, `Collection: ${ada.name}`, coachNote),
  ]);
  return { mentions: [coachNote] };
}

/** A shop order delivered to the family's address, and Priya's enquiry through Join us. */
async function seedShopAndEnquiry(db: Db, people: SeededPeople) {
  const { parent } = people;
  const orderNote = 'Please leave with the neighbour at number 19 if we are out';
  await db.insert(orders).values({
    product_name: 'Home shirt (junior)',
    size: 'YL',
    quantity: 1,
    unit_price: 28,
    total_amount: 28,
    customer_name: parent.name,
    customer_email: parent.email,
    customer_phone: parent.phone,
    customer_address: '17 Larkspur Mews, Netherby NE4 7QT',
    notes: orderNote,
    fulfilment: 'delivery',
    status: 'paid',
  });
  const enquiry = 'My younger daughter Ada would love to try the U10 Wrens; which evening do they train?';
  await db.insert(joinUsSubmissions).values({ full_name: parent.name, email: parent.email, phone_number: parent.phone, message: enquiry, interest_types: ['junior'] });
  return [orderNote, enquiry];
}

/** Everything about the family's logins, mails and forms; returns the personal texts it wrote, and the text of others' rows naming them. */
export async function seedFamilyAccount(db: Db, people: SeededPeople, other: OtherFamily) {
  const texts = [
    ...(await seedLogins(db, people, other)),
    ...(await seedJuniorRecords(db, people, other)),
    ...(await seedShopAndEnquiry(db, people)),
  ];
  const { mentions } = await seedMails(db, people, other);
  return { texts, mentions };
}
