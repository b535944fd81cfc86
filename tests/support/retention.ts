/**
 * Rows on both sides of every retention rule's boundary (issue 34, point 5), dated against a
 * moment `later` the test moves the clock to: `due` rows are a few days past their rule's period
 * then, `kept` rows a few days short of it, and `others` are never due (a member, staff today).
 */
import { randomUUID } from 'node:crypto';
import { clubDateOf } from '../../shared/dates';
import { addMonths } from '../../server/services/privacy/retention-due';
import type { Db } from '../../server/db/client';
import {
  availability,
  childCollectors,
  dbsChecks,
  dbsNotices,
  fixtures,
  joinUsSubmissions,
  outbox,
  players,
  pushOutbox,
  roleChanges,
  sessions,
  teams,
  teamStaff,
  trainingAttendance,
  trainingSessions,
  users,
} from '../../server/db/schema';

/** Days either side of a boundary: month arithmetic in PostgreSQL and here may differ by up to three. */
export const MARGIN_DAYS = 5;
const DAY = 86_400_000;

export const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY);
export function monthsBefore(at: Date, months: number) {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}
const shiftDay = (date: string, days: number) => clubDateOf(new Date(new Date(`${date}T12:00:00Z`).getTime() + days * DAY));

/** A date of birth whose 18th birthday is `eighteen` (never 29 February). */
function bornFor(eighteen: string) {
  const [y, m, d] = eighteen.split('-');
  return `${Number(y) - 18}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}

export async function seedRetentionRows(db: Db, later: Date) {
  const tag = randomUUID().slice(0, 8);
  const [team] = await db.insert(teams).values({ name: `Team ${tag}`, slug: `team-${tag}` }).returning();
  const login = async (name: string) =>
    (await db.insert(users).values({ username: `${name}-${tag}`.toLowerCase().replace(/\s/g, '-'), email: `${tag}.${name.replace(/\s/g, '.')}@example.com`.toLowerCase(), full_name: name, password_hash: 'x' }).returning())[0]!;
  const member = async (name: string, values: Partial<typeof players.$inferInsert> = {}) =>
    (await db.insert(players).values({ full_name: `${name} ${tag}`, ...values }).returning())[0]!;

  // --- enquiries: 12 months after sent, unless they became a member ---
  const enquiry = async (name: string, at: Date, email = `${name}.${tag}@example.com`) =>
    (await db.insert(joinUsSubmissions).values({ full_name: name, email, phone_number: '07700 900000', message: 'Hello', interest_types: ['playing'], created_at: at }).returning())[0]!;
  const enquiryDue = await enquiry('Early Enquirer', daysBefore(monthsBefore(later, 12), MARGIN_DAYS));
  const enquiryKept = await enquiry('Recent Enquirer', daysBefore(monthsBefore(later, 12), -MARGIN_DAYS));
  const joinedLogin = await login('Joined Member');
  await member('Joined Member', { user_id: joinedLogin.id });
  const enquiryJoined = await enquiry('Joined Member', daysBefore(monthsBefore(later, 24), 1), joinedLogin.email.toUpperCase());

  // --- left_member_health: 30 days after leaving ---
  const care = { medical_notes: 'Asthma: inhaler in bag', emergency_contact_name: 'Pat Parent', emergency_contact_phone: '07700 900111' };
  const healthDue = await member('Left Long', { ...care, status: 'left', status_changed_at: daysBefore(later, 30 + MARGIN_DAYS) });
  await db.insert(childCollectors).values({ player_id: healthDue.id, others: 'Grandma Asha', set_by_name: 'Pat Parent' });
  const healthKept = await member('Left Lately', { ...care, status: 'left', status_changed_at: daysBefore(later, 30 - MARGIN_DAYS) });
  const healthActive = await member('Still Playing', { ...care, status_changed_at: daysBefore(later, 400) });

  // --- former_member: 6 years after last contact (leaving, sign-in, charge or payment) ---
  const formerDue = await member('Gone Before', { status: 'left', status_changed_at: daysBefore(monthsBefore(later, 72), MARGIN_DAYS) });
  const signedInLogin = await login('Signed In Lately');
  const formerSignedIn = await member('Signed In Lately', { user_id: signedInLogin.id, status: 'left', status_changed_at: daysBefore(monthsBefore(later, 72), MARGIN_DAYS) });
  await db.insert(sessions).values({ token_hash: `h-${tag}`, user_id: signedInLogin.id, expires_at: later, created_at: daysBefore(monthsBefore(later, 72), -MARGIN_DAYS) });
  const formerKept = await member('Gone Lately', { status: 'left', status_changed_at: daysBefore(monthsBefore(later, 72), -MARGIN_DAYS) });

  // --- junior_attendance: 3 years after the 18th birthday; only what came before it ---
  const laterDay = clubDateOf(later);
  const grownEighteen = shiftDay(addMonths(laterDay, -36), -MARGIN_DAYS);
  const youngEighteen = shiftDay(addMonths(laterDay, -36), MARGIN_DAYS);
  const grown = await member('Grown Up', { date_of_birth: bornFor(grownEighteen) });
  const young = await member('Younger One', { date_of_birth: bornFor(youngEighteen) });
  const session = async (date: string) =>
    (await db.insert(trainingSessions).values({ team_id: team.id, session_date: date, starts_at: new Date(`${date}T18:00:00Z`), ends_at: new Date(`${date}T19:00:00Z`), place: 'Park' }).returning())[0]!;
  const asJunior = await session(shiftDay(grownEighteen, -100));
  const asAdult = await session(shiftDay(grownEighteen, 10));
  const youngSession = await session(shiftDay(youngEighteen, -100));
  await db.insert(trainingAttendance).values([
    { session_id: asJunior.id, player_id: grown.id },
    { session_id: asAdult.id, player_id: grown.id },
    { session_id: youngSession.id, player_id: young.id },
  ]);
  const [juniorFixture] = await db
    .insert(fixtures)
    .values({ team_id: team.id, match_date: shiftDay(grownEighteen, -50), match_time: '10:00', venue: 'Park', competition: 'League', away_team: 'Rovers' })
    .returning();
  await db.insert(availability).values([
    { player_id: grown.id, fixture_id: juniorFixture.id, status: 'available' },
    { player_id: grown.id, session_id: asAdult.id, status: 'available' },
    { player_id: young.id, fixture_id: juniorFixture.id, status: 'available' },
  ]);

  // --- sent_mail: 12 months after sent (sent, dead and expired mail; never mail still to go) ---
  const mail = async (status: 'sent' | 'dead' | 'pending' | 'expired', at: Date) =>
    (
      await db
        .insert(outbox)
        .values({ dedupe_key: `${tag}:${randomUUID()}`, kind: 'test', to_address: 'x@example.com', subject: 's', text_body: 't', html_body: 'h', status, created_at: at, sent_at: status === 'sent' ? at : null })
        .returning()
    )[0]!;
  const old = daysBefore(monthsBefore(later, 12), MARGIN_DAYS);
  const mailDue = [await mail('sent', old), await mail('dead', old), await mail('expired', old)];
  const mailKept = [await mail('sent', daysBefore(monthsBefore(later, 12), -MARGIN_DAYS)), await mail('pending', old)];

  // --- sent_notifications: 3 months after sent or given up (never one still to go) ---
  const pushUser = await login('Push Reader');
  const notification = async (status: 'sent' | 'dead' | 'pending', at: Date) =>
    (
      await db
        .insert(pushOutbox)
        .values({ dedupe_key: `${tag}:${randomUUID()}`, message_key: `${tag}:m`, user_id: pushUser.id, kind: 'message', title: 'Message from the club', body: 'Open to see it', url: '/players-area', tag: 'message', status, created_at: at, sent_at: status === 'sent' ? at : null })
        .returning()
    )[0]!;
  const oldPush = daysBefore(monthsBefore(later, 3), MARGIN_DAYS);
  const pushDue = [await notification('sent', oldPush), await notification('dead', oldPush)];
  const pushKept = [await notification('sent', daysBefore(monthsBefore(later, 3), -MARGIN_DAYS)), await notification('pending', oldPush)];

  // --- dbs_status: 6 months after their last team role ended ---
  const checked = async (name: string, roleEnded: Date) => {
    const person = await member(name);
    await db.insert(dbsChecks).values({ player_id: person.id, status: 'in_date', checked_by: 'Welfare Officer', checked_on: '2020-01-01', updated_at: monthsBefore(later, 30) });
    await db.insert(dbsNotices).values({ player_id: person.id, kind: 'expired', expires_on: '2023-01-01' });
    await db.insert(roleChanges).values({ subject_name: name, subject_player_id: person.id, role: `Coach of Team ${tag}`, action: 'removed', by_name: 'Admin', created_at: roleEnded });
    return person;
  };
  const dbsDue = await checked('Former Coach', daysBefore(monthsBefore(later, 6), MARGIN_DAYS));
  const dbsKept = await checked('Recent Coach', daysBefore(monthsBefore(later, 6), -MARGIN_DAYS));
  const dbsStaff = await checked('Coach Today', daysBefore(monthsBefore(later, 24), 0));
  await db.insert(teamStaff).values({ player_id: dbsStaff.id, team_id: team.id, role: 'coach' });

  return {
    tag,
    team,
    enquiries: { due: [enquiryDue.id], kept: [enquiryKept.id, enquiryJoined.id] },
    left_member_health: { due: [healthDue.id], kept: [healthKept.id, healthActive.id] },
    former_member: { due: [formerDue.id], kept: [formerSignedIn.id, formerKept.id] },
    junior_attendance: { due: [grown.id], kept: [young.id], juniorSession: asJunior.id, adultSession: asAdult.id, fixture: juniorFixture.id },
    sent_mail: { due: mailDue.map((m) => m.id), kept: mailKept.map((m) => m.id) },
    sent_notifications: { due: pushDue.map((m) => m.id), kept: pushKept.map((m) => m.id) },
    dbs_status: { due: [dbsDue.id], kept: [dbsKept.id, dbsStaff.id] },
    names: { healthDue: healthDue.full_name, formerDue: formerDue.full_name, grown: grown.full_name, dbsDue: dbsDue.full_name },
  };
}
export type RetentionSeed = Awaited<ReturnType<typeof seedRetentionRows>>;
