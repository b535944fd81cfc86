import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, NO_PLAYER_PROFILE, PLAYER_NOT_FOUND, USERNAME_TAKEN, formatPounds, todayIso, type CreatePlayerAccountInput, type FeedbackCreateInput, type PaymentCreateInput, type PaymentStatus, type ProfileUpdateInput, type RegistrationInput, type StatsUpdateInput } from '../../shared/players';
import type { Role, SessionUser } from '../../shared/roles';
import { hashChosenPassword } from '../auth/password-policy';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens, feedback, passwordResetTokens, fixtures, payments, players, playerStats, teams, users } from '../db/schema';
import { conflict, forbidden, isUniqueViolation, notFound, unauthenticated, type FieldError } from '../../shared/errors';
import { isUuid } from './ids';
import { accountInvitation, newFeedback, passwordChanged, paymentRequest, welcome } from '../mail/templates';
import { INVITATION_DAYS } from '../../shared/members';
import type { MailService } from './mail';
import { notifyPlayer } from './notifications';
import { trainingAttendanceOf } from './training';
import type { Feedback, Payment, PlayerProfile, PlayerStats } from '../../shared/contracts/players';
import { formatDateGB } from '../../shared/dates';

type PlayerRow = typeof players.$inferSelect;

export interface UpcomingFixture {
  id: string;
  team_id: string;
  team: string;
  match_date: string;
  match_time: string;
  venue: string;
  competition: string;
  is_home: boolean;
  away_team: string;
}

/** Which constraint a unique violation broke (drizzle wraps the pg error in `cause`). */
function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

function duplicateAccount(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = constraintOf(error) ?? '';
    if (constraint.includes('email')) throw conflict(EMAIL_TAKEN);
    if (constraint.includes('username')) throw conflict(USERNAME_TAKEN);
    if (constraint.includes('user_id')) throw conflict('This player already has a login account.');
  }
  throw error;
}

const toPayment = (p: typeof payments.$inferSelect): Payment => ({
  id: p.id,
  player_id: p.player_id,
  description: p.description,
  payment_type: p.payment_type,
  amount: Number(p.amount),
  due_date: p.due_date,
  status: p.status,
  paid_date: p.paid_date,
  created_at: p.created_at.toISOString(),
});

const toFeedback = (f: typeof feedback.$inferSelect): Feedback => ({
  id: f.id,
  player_id: f.player_id,
  coach_name: f.coach_name,
  category: f.category,
  feedback: f.feedback,
  rating: f.rating,
  date: f.date,
  created_at: f.created_at.toISOString(),
});

const emptyStats = (playerId: string): PlayerStats => ({
  player_id: playerId,
  training_attendance: null,
  training_sessions_recorded: 0,
  training_sessions_attended: 0,
  matches_played: 0,
  matches_started: 0,
  goals: 0,
  assists: 0,
  minutes_played: 0,
  yellow_cards: 0,
  red_cards: 0,
});


/**
 * Players: self-registration, the portal's own-data reads and profile edits, and the admin/staff
 * side (stats, payments, feedback, login accounts, password resets).
 */
export function createPlayerService(db: Db, deps: { endAllSessions: (userId: string) => Promise<void>; mail: MailService }) {
  async function emailOrUsernameTaken(tx: DbOrTx, username: string | null, email: string, exceptUserId?: string) {
    const rows = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(
        or(
          username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : undefined,
          eq(sql`lower(${users.email})`, email.toLowerCase()),
        ),
      );
    for (const row of rows) {
      if (row.id === exceptUserId) continue;
      if (username && row.username.toLowerCase() === username.toLowerCase()) throw conflict(USERNAME_TAKEN);
      throw conflict(EMAIL_TAKEN);
    }
  }

  async function linkedPlayer(actor: SessionUser | null): Promise<PlayerRow> {
    if (!actor) throw unauthenticated();
    const [row] = await db.select().from(players).where(eq(players.user_id, actor.id));
    if (!row) throw notFound(NO_PLAYER_PROFILE);
    return row;
  }

  /**
   * Who may see one player's records: admin (and `alsoRoles`) for anyone, a player for
   * themselves only. Unknown players are 404 for those allowed to look, 403 for other players.
   */
  async function assertMayAccess(actor: SessionUser | null, playerId: string, alsoRoles: Role[] = []) {
    if (!actor) throw unauthenticated();
    const managing = actor.role === 'admin' || alsoRoles.includes(actor.role);
    if (!managing) {
      if (actor.role !== 'player' || !isUuid(playerId)) throw forbidden();
      const [own] = await db.select({ id: players.id }).from(players).where(and(eq(players.id, playerId), eq(players.user_id, actor.id)));
      if (!own) throw forbidden('You can only see your own records.');
      return;
    }
    if (!isUuid(playerId)) throw notFound(PLAYER_NOT_FOUND);
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
    if (!row) throw notFound(PLAYER_NOT_FOUND);
  }

  function assertRole(actor: SessionUser | null, roles: Role[]) {
    if (!actor) throw unauthenticated();
    if (actor.role !== 'admin' && !roles.includes(actor.role)) throw forbidden();
  }

  async function profileOf(player: PlayerRow): Promise<PlayerProfile> {
    const [user] = player.user_id
      ? await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, player.user_id))
      : [];
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
    if (!row) return { ...emptyStats(playerId), ...figures };
    // The stored training_attendance column predates recorded sessions and is not shown (ADR 017).
    const { updated_at: _u, training_attendance: _stored, ...stats } = row;
    return { ...stats, ...figures };
  }

  async function paymentsFor(playerId: string) {
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.player_id, playerId))
      .orderBy(desc(payments.due_date), desc(payments.created_at));
    return rows.map(toPayment);
  }

  async function feedbackFor(playerId: string) {
    const rows = await db.select().from(feedback).where(eq(feedback.player_id, playerId)).orderBy(desc(feedback.date), desc(feedback.created_at));
    return rows.map(toFeedback);
  }

  return {
    /**
     * Which of a registration's username and e-mail are already taken, as field errors: the
     * register page reports them with every other problem at once (ADR 026), not one per try.
     */
    async registrationConflicts(username: string | null, email: string | null): Promise<FieldError[]> {
      const checks = [
        username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : undefined,
        email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined,
      ].filter(Boolean);
      if (checks.length === 0) return [];
      const rows = await db.select({ username: users.username, email: users.email }).from(users).where(or(...checks));
      const errors: FieldError[] = [];
      if (username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) errors.push({ field: 'username', message: USERNAME_TAKEN });
      if (email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) errors.push({ field: 'email', message: EMAIL_TAKEN });
      return errors;
    },

    /** Public self-registration: always a player, with the linked squad record (pending), in one transaction. */
    async register(input: RegistrationInput) {
      await emailOrUsernameTaken(db, input.username, input.email);
      const password_hash = await hashChosenPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, full_name: input.full_name, role: 'player', password_hash })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          const [player] = await tx
            .insert(players)
            .values({
              user_id: user.id,
              full_name: input.full_name,
              position: input.position_preference,
              position_preference: input.position_preference,
              team_type: 'Senior',
              nationality: input.nationality ?? '',
              date_of_birth: input.date_of_birth,
              phone_number: input.phone_number,
              emergency_contact_name: input.emergency_contact_name,
              emergency_contact_phone: input.emergency_contact_phone,
              medical_notes: input.medical_notes,
              previous_club: input.previous_club,
              status: 'pending',
            })
            .returning({ id: players.id, status: players.status });
          // A pending member (issue 21): in no team, on no public page, counted nowhere, until the
          // secretary approves them (server/services/registrations.ts).
          // The welcome carries the link that confirms the address (7 days, single use).
          const confirmToken = randomBytes(32).toString('base64url');
          await tx.insert(accountTokens).values({
            token_hash: createHash('sha256').update(confirmToken).digest('hex'),
            user_id: user.id,
            purpose: 'confirm_email',
            email: user.email,
            expires_at: new Date(Date.now() + 7 * 24 * 3_600_000),
          });
          await deps.mail.toUser(tx, user.id, { template: welcome, data: { username: user.username, confirmToken }, dedupeKey: 'welcome' });
          return { user, player_id: player.id, status: player.status };
        });
      } catch (error) {
        duplicateAccount(error);
      }
    },

    /** The signed-in user's player record, or null (staff and admins usually have none). */
    async findOwn(actor: SessionUser | null): Promise<PlayerProfile | null> {
      if (!actor) return null;
      const [row] = await db.select().from(players).where(eq(players.user_id, actor.id));
      return row ? profileOf(row) : null;
    },

    /** The signed-in member's standing (pending while the club has not approved them); null without a player record. */
    async memberStatus(actor: SessionUser | null) {
      if (!actor) return null;
      const [row] = await db.select({ status: players.status }).from(players).where(eq(players.user_id, actor.id));
      return row?.status ?? null;
    },

    /** The id of the signed-in user's player record; 404 when there is none. */
    async linkedPlayerId(actor: SessionUser | null) {
      return (await linkedPlayer(actor)).id;
    },

    async me(actor: SessionUser | null) {
      return profileOf(await linkedPlayer(actor));
    },

    /** My Profile edits: the player record and the account's name and e-mail together. */
    async updateMe(actor: SessionUser | null, input: ProfileUpdateInput) {
      const player = await linkedPlayer(actor);
      await emailOrUsernameTaken(db, null, input.email, actor!.id);
      try {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ full_name: input.full_name, email: input.email }).where(eq(users.id, actor!.id));
          await tx
            .update(players)
            .set({
              full_name: input.full_name,
              phone_number: input.phone_number,
              date_of_birth: input.date_of_birth,
              emergency_contact_name: input.emergency_contact_name,
              emergency_contact_phone: input.emergency_contact_phone,
              position_preference: input.position_preference,
              address: input.address,
              medical_notes: input.medical_notes,
              availability: input.availability,
              // Omitted (clients that predate the opt-in): the player's earlier choice stays.
              ...(input.show_personal_details !== undefined ? { show_personal_details: input.show_personal_details } : {}),
              updated_at: new Date(),
            })
            .where(eq(players.id, player.id));
        });
      } catch (error) {
        duplicateAccount(error);
      }
      const [updated] = await db.select().from(players).where(eq(players.id, player.id));
      return profileOf(updated);
    },

    async myStats(actor: SessionUser | null) {
      return statsFor((await linkedPlayer(actor)).id);
    },
    async myPayments(actor: SessionUser | null) {
      return paymentsFor((await linkedPlayer(actor)).id);
    },
    async myFeedback(actor: SessionUser | null) {
      return feedbackFor((await linkedPlayer(actor)).id);
    },

    /** Season stats are public (the squad profile shows them). */
    async statsOf(playerId: string) {
      if (!isUuid(playerId)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return statsFor(playerId);
    },

    async updateStats(actor: SessionUser | null, playerId: string, input: StatsUpdateInput) {
      assertRole(actor, ['staff']);
      await assertMayAccess(actor, playerId, ['staff']);
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      await db
        .insert(playerStats)
        .values({ player_id: playerId, ...values })
        .onConflictDoUpdate({ target: playerStats.player_id, set: { ...values, updated_at: new Date() } });
      return statsFor(playerId);
    },

    async paymentsOf(actor: SessionUser | null, playerId: string) {
      await assertMayAccess(actor, playerId);
      return paymentsFor(playerId);
    },

    /** A payment request; the player is notified. */
    async addPayment(actor: SessionUser | null, playerId: string, input: PaymentCreateInput) {
      assertRole(actor, []);
      await assertMayAccess(actor, playerId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payments)
          .values({
            player_id: playerId,
            description: input.description,
            payment_type: input.payment_type,
            amount: input.amount,
            status: input.status,
            due_date: input.due_date ?? todayIso(),
            paid_date: input.status === 'paid' ? todayIso() : null,
          })
          .returning();
        if (row.status !== 'paid') {
          await notifyPlayer(tx, playerId, {
            kind: 'payment',
            title: `New payment request: ${row.description}`,
            body: `${formatPounds(Number(row.amount))} due ${formatDateGB(row.due_date)}`,
            link: '/players-area/payments',
          });
          await deps.mail.toPlayer(tx, playerId, {
            template: paymentRequest,
            data: { description: row.description, amount: Number(row.amount), paymentType: row.payment_type, dueDate: row.due_date },
            dedupeKey: `payment:${row.id}`,
          });
        }
        return toPayment(row);
      });
    },

    /** Paid records today's date as paid_date; back to outstanding (or overdue) clears it. */
    async setPaymentStatus(actor: SessionUser | null, playerId: string, paymentId: string, status: PaymentStatus) {
      assertRole(actor, []);
      await assertMayAccess(actor, playerId);
      if (!isUuid(paymentId)) throw notFound('Payment not found');
      const [row] = await db
        .update(payments)
        .set({ status, paid_date: status === 'paid' ? sql`coalesce(${payments.paid_date}, ${todayIso()}::date)` : null })
        .where(and(eq(payments.id, paymentId), eq(payments.player_id, playerId)))
        .returning();
      if (!row) throw notFound('Payment not found');
      return toPayment(row);
    },

    async feedbackOf(actor: SessionUser | null, playerId: string) {
      await assertMayAccess(actor, playerId, ['staff']);
      return feedbackFor(playerId);
    },

    async addFeedback(actor: SessionUser | null, playerId: string, input: FeedbackCreateInput) {
      assertRole(actor, ['staff']);
      await assertMayAccess(actor, playerId, ['staff']);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({
            player_id: playerId,
            coach_name: input.coach_name,
            category: input.category,
            feedback: input.feedback,
            rating: input.rating ?? null,
            date: input.date ?? todayIso(),
          })
          .returning();
        await notifyPlayer(tx, playerId, {
          kind: 'feedback',
          title: `New ${row.category.toLowerCase()} feedback from ${row.coach_name}`,
          body: row.feedback.length > 120 ? `${row.feedback.slice(0, 117)}…` : row.feedback,
          link: '/players-area/feedback',
        });
        await deps.mail.toPlayer(tx, playerId, {
          template: newFeedback,
          data: { coachName: row.coach_name, category: row.category, feedback: row.feedback },
          dedupeKey: `feedback:${row.id}`,
        });
        return toFeedback(row);
      });
    },

    /** A login for a squad player: role player, or staff for the Staff team. */
    async createAccount(actor: SessionUser | null, input: CreatePlayerAccountInput) {
      assertRole(actor, []);
      if (!isUuid(input.player_id)) throw notFound(PLAYER_NOT_FOUND);
      const [player] = await db.select().from(players).where(eq(players.id, input.player_id));
      if (!player) throw notFound(PLAYER_NOT_FOUND);
      if (player.user_id) throw conflict('This player already has a login account.');
      await emailOrUsernameTaken(db, input.username, input.email);
      // Without a password, an unguessable one nobody knows until the invitation's link sets theirs.
      const password_hash = await hashChosenPassword(input.password ?? randomBytes(24).toString('base64url'));
      const role = player.team_type === 'Staff' ? ('staff' as const) : ('player' as const);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, full_name: player.full_name, role, password_hash })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          const linked = await tx
            .update(players)
            .set({ user_id: user.id, updated_at: new Date() })
            .where(and(eq(players.id, player.id), sql`${players.user_id} is null`))
            .returning({ id: players.id });
          if (linked.length === 0) throw conflict('This player already has a login account.');
          if (!input.password) {
            const token = randomBytes(32).toString('base64url');
            await tx.insert(passwordResetTokens).values({
              token_hash: createHash('sha256').update(token).digest('hex'),
              user_id: user.id,
              expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 3_600_000),
            });
            await deps.mail.toUser(tx, user.id, { template: accountInvitation, data: { token, username: user.username }, dedupeKey: 'invitation' });
          }
          return { user, player_id: player.id, invited: !input.password };
        });
      } catch (error) {
        duplicateAccount(error);
      }
    },

    /**
     * Sets a new password for a user (given the user's id or their player's id) and ends all of
     * that user's sessions.
     */
    async resetPassword(actor: SessionUser | null, id: string, password: string) {
      assertRole(actor, []);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      let [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!user) {
        const [player] = await db.select({ user_id: players.user_id }).from(players).where(eq(players.id, id));
        if (player?.user_id) user = { id: player.user_id };
      }
      if (!user) throw notFound(PLAYER_NOT_FOUND);
      const passwordHash = await hashChosenPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, user.id));
        await deps.mail.toUser(tx, user.id, { template: passwordChanged, data: { how: 'admin' }, dedupeKey: `password-changed:${randomUUID()}` });
      });
      await deps.endAllSessions(user.id);
      return { user_id: user.id };
    },

    /** The next upcoming fixtures by date (portal dashboard and schedule), optionally only these teams'. */
    async upcomingFixtures(limit = 3, teamIds?: string[]): Promise<UpcomingFixture[]> {
      if (teamIds && teamIds.length === 0) return [];
      return db
        .select({
          id: fixtures.id,
          team_id: fixtures.team_id,
          team: teams.name,
          match_date: fixtures.match_date,
          match_time: fixtures.match_time,
          venue: fixtures.venue,
          competition: fixtures.competition,
          is_home: fixtures.is_home,
          away_team: fixtures.away_team,
        })
        .from(fixtures)
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .where(and(eq(fixtures.status, 'upcoming'), gte(fixtures.match_date, todayIso()), teamIds ? inArray(fixtures.team_id, teamIds) : undefined))
        .orderBy(asc(fixtures.match_date), asc(fixtures.match_time))
        .limit(limit);
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
