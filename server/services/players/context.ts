/** What the player use cases share: the context type, the access checks, the row mappers and the record reads. */
import { desc, eq, or, sql } from 'drizzle-orm';
import { clubDateOf } from '../../../shared/dates';
import { paymentStatusOf } from '../../../shared/payment-status';
import { EMAIL_TAKEN, NO_PLAYER_PROFILE, PLAYER_NOT_FOUND, USERNAME_TAKEN, emptySeasonStats } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import { charges, feedback, players, playerStats, users } from '../../db/schema';
import { chargeViews, type ChargeView } from '../treasury/ledger';
import { CHARGE_CATEGORY_LABELS, type ChargeCategory } from '../../../shared/contracts/treasury';
import { conflict, forbidden, isUniqueViolation, notFound, unauthenticated } from '../../../shared/errors';
import { isUuid } from '../ids';
import type { AnonymousWriteLimiter } from '../throttle';
import type { MailService } from '../mail';
import type { EmailAddressDeps, EmailAddressService } from '../email-address';
import { trainingAttendanceOf } from '../training';
import { actorOf, allow, AWAITING_APPROVAL, childRelation, mayUseMembersArea, holds, isAdmin, mayCoachPlayer, runsAnyTeam, signedIn } from '../../policy';

export const COACHES_ONLY = 'Only the player’s coaches and the club secretary write feedback and stats.';
import type { Feedback, Payment, PlayerProfile, PlayerStats } from '../../../shared/contracts/players';

export type PlayerRow = typeof players.$inferSelect;

/** What createPlayerService is given: ends a user's sessions (password resets) and queues mail. */
export interface PlayerDeps {
  endAllSessions: (userId: string) => Promise<void>;
  mail: MailService;
  /** Registrations per client address and hour (issue 30); without it none are counted. */
  anonymousWrites?: AnonymousWriteLimiter;
  /** A new login address goes through the link to it, after the current password (issue 30). */
  emailChange: { startChange: EmailAddressService['startChange']; confirmCurrentPassword: EmailAddressDeps['confirmCurrentPassword'] };
}

export type PlayerContext = { db: Db } & PlayerDeps & ReturnType<typeof playerAccess> & ReturnType<typeof playerRecords>;

/** Which constraint a unique violation broke (drizzle wraps the pg error in `cause`). */
function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

export function duplicateAccount(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = constraintOf(error) ?? '';
    if (constraint.includes('email')) throw conflict(EMAIL_TAKEN);
    if (constraint.includes('username')) throw conflict(USERNAME_TAKEN);
    if (constraint.includes('user_id')) throw conflict('This player already has a login account.');
  }
  throw error;
}

/**
 * A charge as the players' payments list has always answered it (issue 24 keeps the shape), with
 * whom it is for and what is left (issue 31): paid when nothing is outstanding, overdue once past
 * its due date (or marked so before the ledger), else outstanding (shared/payment-status.ts).
 */
export const toPayment = (c: ChargeView, today = clubDateOf(new Date())): Payment => ({
  id: c.id,
  player_id: c.member_id ?? '',
  description: c.description,
  payment_type: c.label ?? CHARGE_CATEGORY_LABELS[c.category],
  amount: c.amount_pence / 100,
  due_date: c.due_date,
  status: paymentStatusOf(c, today),
  paid_date: c.outstanding_pence <= 0 ? c.last_paid : null,
  created_at: c.created_at,
  member_name: c.member_name,
  payer_name: c.payer_name,
  outstanding_amount: c.outstanding_pence / 100,
});

/** The payments form's free-text type, as a charge's category. */
export function chargeCategoryOf(paymentType: string): ChargeCategory {
  if (/sub|member/i.test(paymentType)) return 'subs';
  if (/match/i.test(paymentType)) return 'match_fee';
  if (/kit/i.test(paymentType)) return 'kit';
  if (/tour/i.test(paymentType)) return 'tour';
  return 'other';
}

export const toFeedback = (f: typeof feedback.$inferSelect): Feedback => ({
  id: f.id,
  player_id: f.player_id,
  coach_name: f.coach_name,
  category: f.category,
  feedback: f.feedback,
  rating: f.rating,
  date: f.date,
  created_at: f.created_at.toISOString(),
});

/** Who may do what: taken usernames and e-mails, the signed-in player's record, access to a player's records, roles. */
export function playerAccess(db: Db) {
  async function emailOrUsernameTaken(tx: DbOrTx, username: string | null, email: string, exceptUserId?: string) {
    const rows = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(or(username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : undefined, eq(sql`lower(${users.email})`, email.toLowerCase())));
    for (const row of rows) {
      if (row.id === exceptUserId) continue;
      if (username && row.username.toLowerCase() === username.toLowerCase()) throw conflict(USERNAME_TAKEN);
      throw conflict(EMAIL_TAKEN);
    }
  }

  /**
   * The signed-in member's own record. `area`: the members' area beyond one's own profile (stats,
   * payments, feedback, documents, messages), which a pending registrant may not use (issue 30).
   */
  async function linkedPlayer(actor: SessionUser | null, use: 'profile' | 'area' = 'area'): Promise<PlayerRow> {
    if (!actor) throw unauthenticated();
    const [row] = await db.select().from(players).where(eq(players.user_id, actor.id));
    if (!row) throw notFound(NO_PLAYER_PROFILE);
    if (use === 'area') allow(mayUseMembersArea(await actorOf(db, actor)), AWAITING_APPROVAL);
    return row;
  }

  async function playerRef(playerId: string) {
    if (!isUuid(playerId)) return undefined;
    const [row] = await db
      .select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth })
      .from(players)
      .where(eq(players.id, playerId));
    return row;
  }

  /**
   * Who may see one player's records (rule book, issue 30): the player themselves, a parent or
   * carer of a junior, and the club: admins for payments and the account; for coaching (feedback,
   * stats) also the secretary and the staff of a team the player plays for today. Unknown players
   * are 404 for the club, 403 for everyone else.
   */
  async function assertMayAccess(actor: SessionUser | null, playerId: string, purpose: 'records' | 'coaching' = 'records') {
    const me = await signedIn(db, actor);
    const row = await playerRef(playerId);
    const club = purpose === 'coaching' ? holds(me, 'secretary') : isAdmin(me);
    if (club) {
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return;
    }
    if (row) {
      const rel = await childRelation(db, me, row);
      if (rel.self || rel.level) return;
      if (purpose === 'coaching' && mayCoachPlayer(me, rel)) return;
    }
    throw forbidden('You can only see your own records (or your children’s).');
  }

  /** Feedback and stats are written by the secretary (and admins) and the player's coaches today; returns who writes. */
  async function assertMayCoach(actor: SessionUser | null, playerId: string) {
    const me = await signedIn(db, actor);
    allow(runsAnyTeam(me), COACHES_ONLY);
    const row = await playerRef(playerId);
    if (!row) {
      if (holds(me, 'secretary')) throw notFound(PLAYER_NOT_FOUND);
      throw forbidden(COACHES_ONLY);
    }
    allow(mayCoachPlayer(me, await childRelation(db, me, row)), COACHES_ONLY);
    return me;
  }

  /** Admins only (creating logins, payments by hand, setting passwords). */
  async function assertAdmin(actor: SessionUser | null) {
    allow(isAdmin(await signedIn(db, actor)));
  }

  return { emailOrUsernameTaken, linkedPlayer, assertMayAccess, assertMayCoach, assertAdmin };
}

/** One player's records as the API answers them: profile, season stats, payments, coach feedback. */
export function playerRecords(db: Db) {
  async function profileOf(player: PlayerRow): Promise<PlayerProfile> {
    const [user] = player.user_id ? await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, player.user_id)) : [];
    return {
      id: player.id,
      user_id: player.user_id,
      username: user?.username ?? null,
      email: user?.email ?? null,
      full_name: player.full_name,
      jersey_number: player.jersey_number,
      position: player.position,
      team_type: player.team_type,
      nationality: player.nationality,
      photo_url: player.photo_url,
      date_of_birth: player.date_of_birth,
      phone_number: player.phone_number,
      address: player.address,
      emergency_contact_name: player.emergency_contact_name,
      emergency_contact_phone: player.emergency_contact_phone,
      medical_notes: player.medical_notes,
      previous_club: player.previous_club,
      position_preference: player.position_preference,
      availability: player.availability,
      show_personal_details: player.show_personal_details,
    };
  }

  /** Match figures as staff entered them; training attendance computed from recorded sessions (decision 14 in docs/architecture.md). */
  async function statsFor(playerId: string): Promise<PlayerStats> {
    const [row] = await db.select().from(playerStats).where(eq(playerStats.player_id, playerId));
    const training = await trainingAttendanceOf(db, playerId);
    const figures = {
      training_attendance: training.percent,
      training_sessions_recorded: training.recorded,
      training_sessions_attended: training.attended,
    };
    if (!row) return { player_id: playerId, ...emptySeasonStats(), ...figures };
    // The stored training_attendance column predates recorded sessions and is not shown (ADR 017).
    const { updated_at: _u, training_attendance: _stored, ...stats } = row;
    return { ...stats, ...figures };
  }

  /** The member's charges (a reversed one is no longer asked for), latest due first. */
  async function paymentsFor(playerId: string) {
    return (await chargeViews(db, eq(charges.player_id, playerId))).filter((c) => !c.reversed).map((c) => toPayment(c));
  }

  /**
   * What one login owes and paid (issue 31): the charges of their own member record, if they have
   * one, and every charge they pay (their children's), each naming whom it is for; latest due first.
   */
  async function paymentsOfLogin(userId: string, playerId: string | null) {
    const where = playerId ? or(eq(charges.player_id, playerId), eq(charges.payer_user_id, userId))! : eq(charges.payer_user_id, userId);
    return (await chargeViews(db, where)).filter((c) => !c.reversed).map((c) => toPayment(c));
  }

  /** The member as a new charge needs them (who pays follows from their age and guardians). */
  const memberForCharge = (tx: DbOrTx, playerId: string) =>
    tx.select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth }).from(players).where(eq(players.id, playerId));

  async function feedbackFor(playerId: string) {
    const rows = await db.select().from(feedback).where(eq(feedback.player_id, playerId)).orderBy(desc(feedback.date), desc(feedback.created_at));
    return rows.map(toFeedback);
  }

  return { profileOf, statsFor, paymentsFor, paymentsOfLogin, feedbackFor, memberForCharge };
}
