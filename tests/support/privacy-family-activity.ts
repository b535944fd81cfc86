/**
 * The privacy family's football (tests/support/privacy-family.ts): availability answers, a team
 * sheet shared with Mirela Vasquez-Dunn, its publication, version and change announcement, training
 * attendance, stats, the coach's feedback, a message to Tobi read by him and his mum, and Tobi
 * named in a match report, a session's notes and a news story.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  availability,
  eventChanges,
  feedback,
  fixtures,
  fixtureSelections,
  messageReads,
  messages,
  news,
  playerStats,
  selectionPublications,
  selectionVersions,
  trainingAttendance,
  trainingSessions,
} from '../../server/db/schema';
import type { SeededPeople } from './privacy-family';
import type { OtherFamily } from './privacy-other-family';

/** Answers: Tobi for the fixture (himself) and the U15 session (by the coach), Ada for the U10 session (by Priya). */
async function seedAvailability(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const [tobi, ada] = children;
  const adaNote = 'Ada has a dentist appointment until 6:15, so she will be late';
  const tobiNote = 'Can get a lift with Mirela';
  await db.insert(availability).values([
    { player_id: tobi.playerId, fixture_id: other.fixtureId, status: 'available', answered_by: tobi.userId, note: tobiNote },
    { player_id: tobi.playerId, session_id: other.sessions.u15, status: 'maybe', answered_by: other.parent.userId, on_behalf: true },
    { player_id: ada.playerId, session_id: other.sessions.u10, status: 'available', answered_by: parent.userId, note: adaNote },
    { player_id: other.child.playerId, fixture_id: other.fixtureId, status: 'available', answered_by: other.parent.userId },
  ]);
  return [adaNote, tobiNote];
}

/** The U15 team sheet (Tobi and Mirela), published, saved by the coach, and its kick-off change announced. */
async function seedTeamSheet(db: Db, people: SeededPeople, other: OtherFamily) {
  const tobi = people.children[0];
  const squad = [tobi.playerId, other.child.playerId];
  await db.insert(fixtureSelections).values([
    { fixture_id: other.fixtureId, player_id: tobi.playerId, role: 'starter', shirt_number: 4, confirmed: true, responded_at: new Date('2026-11-19T18:00:00Z') },
    { fixture_id: other.fixtureId, player_id: other.child.playerId, role: 'starter', shirt_number: 9, captain: true },
  ]);
  await db.insert(selectionPublications).values({ fixture_id: other.fixtureId, published_at: new Date('2026-11-19T12:00:00Z'), published_by: other.parent.userId, published_player_ids: squad });
  await db.insert(selectionVersions).values({ fixture_id: other.fixtureId, version: 2, saved_by: other.parent.userId, saved_by_name: other.parent.name, saved_at: new Date('2026-11-19T11:58:00Z') });
  const details = { date: '2026-11-21', place: 'Netherby Rec', status: 'upcoming' };
  await db.insert(eventChanges).values({
    kind: 'fixture',
    event_id: other.fixtureId,
    before: { ...details, time: '10:00' },
    after: { ...details, time: '10:30' },
    selected_player_ids: squad,
    changed_by_name: other.parent.name,
    due_at: new Date('2026-11-20T09:10:00Z'),
    sent_at: new Date('2026-11-20T09:11:00Z'),
  });
}

/** Who came to training, Tobi's season figures and the coach's notes on him. */
async function seedTraining(db: Db, people: SeededPeople, other: OtherFamily) {
  const [tobi, ada] = people.children;
  await db.insert(trainingAttendance).values([
    { session_id: other.sessions.u15, player_id: tobi.playerId },
    { session_id: other.sessions.u15, player_id: other.child.playerId },
    { session_id: other.sessions.u10, player_id: ada.playerId },
  ]);
  await db.insert(playerStats).values({ player_id: tobi.playerId, training_attendance: 88, matches_played: 9, matches_started: 8, goals: 1, assists: 2, minutes_played: 640, yellow_cards: 1 });
  const note = 'Tobi reads the game well; work on his weaker left foot when clearing';
  await db.insert(feedback).values({ player_id: tobi.playerId, coach_name: other.parent.name, category: 'Performance', feedback: note, rating: 4, date: '2026-11-21' });
  return [note];
}

/** A message from the coach to Tobi, read by Tobi and by Priya. */
async function seedMessage(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const tobi = children[0];
  const body = 'Tobi, great block in the second half on Saturday. Keep it up.';
  const [message] = await db
    .insert(messages)
    .values({ subject: 'Saturday against Ashby Colts', body, player_id: tobi.playerId, sender_user_id: other.parent.userId, sender_name: other.parent.name })
    .returning();
  await db.insert(messageReads).values([
    { message_id: message!.id, user_id: tobi.userId! },
    { message_id: message!.id, user_id: parent.userId },
  ]);
  return { messageId: message!.id, texts: [body] };
}

/**
 * The family named in other people's text (the map's `mentions`): the match report (beside Mirela,
 * whose name must stay), the U15 session's notes, and a news story. Erasure replaces their names there.
 */
async function seedMentions(db: Db, people: SeededPeople, other: OtherFamily) {
  const tobi = people.children[0];
  const report = `Goals from ${other.child.name} (2) and ${tobi.name}; a clean sheet in the second half.`;
  await db.update(fixtures).set({ match_report: report }).where(eq(fixtures.id, other.fixtureId));
  const notes = `${tobi.name} leads the warm-up; bring shin pads.`;
  await db.update(trainingSessions).set({ notes }).where(eq(trainingSessions.id, other.sessions.u15));
  const story = `${tobi.name} made his 50th appearance for the U15 Larks on Saturday.`;
  await db.insert(news).values({ title: 'Fifty up for the U15 Larks defender', summary: story, content: `${story} Well done from everyone at the club.`, is_published: true });
  return [report, notes, story];
}

/** Everything about the family's football; returns the personal texts it wrote, the sentences naming them in others' rows, and the message's id. */
export async function seedFamilyActivity(db: Db, people: SeededPeople, other: OtherFamily) {
  const texts = [...(await seedAvailability(db, people, other))];
  await seedTeamSheet(db, people, other);
  texts.push(...(await seedTraining(db, people, other)));
  const message = await seedMessage(db, people, other);
  return { messageId: message.messageId, texts: [...texts, ...message.texts], mentions: await seedMentions(db, people, other) };
}
