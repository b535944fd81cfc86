/**
 * A guardian's children and what is kept about each (issue 23): the list of children, a child's
 * guardians, consents per season, medical notes (every staff or welfare read recorded), the care
 * details a guardian keeps, and a guardian's agreement to a 13-17 year old's own login.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { forbidden, invalid, unauthenticated } from '../../../shared/errors';
import {
  CONSENTS_GUARDIANS_ONLY,
  NOT_THEIR_GUARDIAN,
  UNDER_13_NO_LOGIN,
  childCareSchema,
  consentInputSchema,
  loginAgreementSchema,
} from '../../../shared/guardians';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  CONSENT_TEXT_VERSION,
  ageGroupFor,
  ageOn,
  guardianCanAnswer,
  isJunior,
  seasonOf,
  seasonStartYear,
} from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { consents, guardianInvitations, guardians, medicalNoteReads, players, playerTeams, teams, users } from '../../db/schema';
import { parseInput } from '../checks';
import { assertGuardianOrSelf, childRow, guardianLevel, holdsClubRole, requireChild, staffOfChild, type ChildRow } from './access';
import { assertManagesGuardians, type JuniorContext } from './context';

/** Who reads a child's consents: their guardians, the staff of their teams, the welfare officer and admins (and the player). */
async function mayReadConsents(ctx: JuniorContext, actor: SessionUser, child: ChildRow) {
  if (actor.role === 'admin' || child.user_id === actor.id) return true;
  if (await guardianLevel(ctx.db, actor.id, child)) return true;
  if (await holdsClubRole(ctx.db, actor.id, ['welfare_officer'])) return true;
  return staffOfChild(ctx.db, actor.id, child.id);
}

export function childrenUseCases(ctx: JuniorContext) {
  const { db } = ctx;

  async function teamsOf(playerId: string) {
    return db
      .select({ id: teams.id, name: teams.name, age_group: teams.age_group })
      .from(playerTeams)
      .innerJoin(teams, eq(teams.id, playerTeams.team_id))
      .where(and(eq(playerTeams.player_id, playerId), isNull(playerTeams.left_on)))
      .orderBy(asc(teams.sort_order), asc(teams.name));
  }

  async function consentsOf(playerId: string, season: string) {
    const rows = await db
      .select()
      .from(consents)
      .where(and(eq(consents.player_id, playerId), eq(consents.season, season)))
      .orderBy(desc(consents.created_at));
    return CONSENT_KINDS.map((kind) => {
      const latest = rows.find((r) => r.kind === kind);
      return {
        kind,
        label: CONSENT_TEXTS[kind].label,
        text: CONSENT_TEXTS[kind].text,
        given: latest?.given ?? false,
        given_by_name: latest?.given_by_name ?? null,
        at: latest?.created_at.toISOString() ?? null,
        text_version: latest?.text_version ?? null,
      };
    });
  }

  return {
    /** GET /api/guardians/me/children: each child this login is a guardian of (while under 18). */
    async myChildren(actor: SessionUser | null) {
      if (!actor) throw unauthenticated();
      const today = todayIso();
      const rows = await db
        .select({ child: players, level: guardians.level, relationship: guardians.relationship })
        .from(guardians)
        .innerJoin(players, eq(players.id, guardians.player_id))
        .where(eq(guardians.user_id, actor.id))
        .orderBy(asc(players.full_name));
      const result = [];
      for (const { child, level, relationship } of rows) {
        if (!isJunior(child.date_of_birth, today)) continue;
        result.push({
          player_id: child.id,
          full_name: child.full_name,
          age_group: ageGroupFor(child.date_of_birth!, seasonStartYear(today)),
          teams: await teamsOf(child.id),
          level,
          can_answer: guardianCanAnswer(level),
          relationship,
          has_login: !!child.user_id,
          may_have_login: ageOn(child.date_of_birth!, today) >= 13,
          login_agreed: !!child.login_agreed_at,
          has_emergency_contact: !!(child.emergency_contact_name && child.emergency_contact_phone),
        });
      }
      return result;
    },

    /** GET /api/players/{id}/guardians: a child's guardians and the invitations still open (admins, secretary, welfare officer). */
    async guardiansOf(actor: SessionUser | null, playerId: string) {
      await assertManagesGuardians(db, actor);
      const child = requireChild(await childRow(db, playerId));
      const linked = await db
        .select({
          user_id: guardians.user_id,
          full_name: users.full_name,
          email: users.email,
          level: guardians.level,
          relationship: guardians.relationship,
          approved_by: guardians.approved_by,
          created_at: guardians.created_at,
        })
        .from(guardians)
        .innerJoin(users, eq(users.id, guardians.user_id))
        .where(eq(guardians.player_id, child.id))
        .orderBy(asc(users.full_name));
      const invited = await db
        .select({
          email: guardianInvitations.email,
          level: guardianInvitations.level,
          expires_at: guardianInvitations.expires_at,
          invited_by: guardianInvitations.invited_by,
        })
        .from(guardianInvitations)
        .where(and(eq(guardianInvitations.player_id, child.id), isNull(guardianInvitations.used_at)))
        .orderBy(desc(guardianInvitations.created_at));
      const now = Date.now();
      return {
        player_id: child.id,
        full_name: child.full_name,
        guardians: linked.map((g) => ({ ...g, created_at: g.created_at.toISOString() })),
        invitations: invited.filter((i) => i.expires_at.getTime() > now).map((i) => ({ ...i, expires_at: i.expires_at.toISOString() })),
      };
    },

    /** GET /api/players/{id}/consents: this season's consents, each with its text, who gave it and when. */
    async consents(actor: SessionUser | null, playerId: string) {
      if (!actor) throw unauthenticated();
      const child = await childRow(db, playerId);
      if (!child || !(await mayReadConsents(ctx, actor, child))) throw forbidden(NOT_THEIR_GUARDIAN);
      const season = seasonOf(todayIso());
      return { player_id: child.id, season, text_version: CONSENT_TEXT_VERSION, consents: await consentsOf(child.id, season) };
    },

    /**
     * PUT /api/players/{id}/consents: a guardian (primary or secondary) gives or withdraws one
     * consent. A new row each time; it is in force on the next request (the public cache drops).
     */
    async setConsent(actor: SessionUser | null, playerId: string, input: unknown) {
      if (!actor) throw unauthenticated();
      const child = await childRow(db, playerId);
      const level = child ? await guardianLevel(db, actor.id, child) : null;
      if (!child || !level) throw forbidden(CONSENTS_GUARDIANS_ONLY);
      if (!guardianCanAnswer(level)) throw forbidden('View-only parents and carers cannot change consents: ask the child’s primary parent or carer.');
      const data = parseInput(consentInputSchema, input);
      const season = seasonOf(todayIso());
      await db.transaction(async (tx) => {
        await tx.insert(consents).values({
          player_id: child.id,
          season,
          kind: data.kind,
          given: data.given,
          given_by: actor.id,
          given_by_name: actor.full_name,
          text_version: CONSENT_TEXT_VERSION,
        });
        // The child's public record changes with it: touching the row fires the players table's
        // content_changed trigger, so every process drops its public cache at commit.
        await tx.update(players).set({ updated_at: new Date() }).where(eq(players.id, child.id));
      });
      return { player_id: child.id, season, text_version: CONSENT_TEXT_VERSION, consents: await consentsOf(child.id, season) };
    },

    /**
     * GET /api/players/{id}/medical-notes: the child's guardians, the staff of their teams and the
     * welfare officer only (an admin who is none of these does not see them). Staff and welfare reads are recorded.
     */
    async medicalNotes(actor: SessionUser | null, playerId: string) {
      if (!actor) throw unauthenticated();
      const child = await childRow(db, playerId);
      if (!child) throw forbidden(NOT_THEIR_GUARDIAN);
      const own = child.user_id === actor.id || !!(await guardianLevel(db, actor.id, child));
      if (!own && !(await staffOfChild(db, actor.id, child.id)) && !(await holdsClubRole(db, actor.id, ['welfare_officer']))) {
        throw forbidden('Medical notes are seen only by the child’s parents or carers, the staff of their teams and the welfare officer.');
      }
      if (!own) await db.insert(medicalNoteReads).values({ player_id: child.id, read_by: actor.id, read_by_name: actor.full_name });
      return {
        player_id: child.id,
        medical_notes: child.medical_notes,
        emergency_contact_name: child.emergency_contact_name,
        emergency_contact_phone: child.emergency_contact_phone,
      };
    },

    /** GET /api/players/{id}/medical-note-reads: who read them and when (the child's guardians, the welfare officer). */
    async medicalNoteReads(actor: SessionUser | null, playerId: string) {
      if (!actor) throw unauthenticated();
      const child = await childRow(db, playerId);
      const allowed = child && ((await guardianLevel(db, actor.id, child)) || (await holdsClubRole(db, actor.id, ['welfare_officer'])));
      if (!child || !allowed) throw forbidden(NOT_THEIR_GUARDIAN);
      const rows = await db
        .select({ read_by_name: medicalNoteReads.read_by_name, read_at: medicalNoteReads.read_at })
        .from(medicalNoteReads)
        .where(eq(medicalNoteReads.player_id, child.id))
        .orderBy(desc(medicalNoteReads.read_at))
        .limit(100);
      return rows.map((r) => ({ read_by_name: r.read_by_name, read_at: r.read_at.toISOString() }));
    },

    /** PUT /api/players/{id}/care: emergency contact and medical notes, kept up to date by a guardian who can answer. */
    async setCare(actor: SessionUser | null, playerId: string, input: unknown) {
      const { child } = await assertGuardianOrSelf(db, actor, playerId, 'answer');
      const data = parseInput(childCareSchema, input);
      await db
        .update(players)
        .set({ ...data, updated_at: new Date() })
        .where(eq(players.id, child.id));
      return { player_id: child.id, ...data };
    },

    /** PUT /api/players/{id}/login-agreement: a primary guardian agrees to a 13-17 year old's own login (recorded: who, when). */
    async setLoginAgreement(actor: SessionUser | null, playerId: string, input: unknown) {
      const { child, level } = await assertGuardianOrSelf(db, actor, playerId, 'answer');
      if (level !== 'primary') throw forbidden('Only the child’s primary parent or carer can agree to a login of their own.');
      const { agreed } = parseInput(loginAgreementSchema, input);
      if (agreed && ageOn(child.date_of_birth!, todayIso()) < 13) throw invalid(UNDER_13_NO_LOGIN, [{ field: 'agreed', message: UNDER_13_NO_LOGIN }]);
      const at = agreed ? new Date() : null;
      await db
        .update(players)
        .set({ login_agreed_by: agreed ? actor!.full_name : null, login_agreed_at: at })
        .where(eq(players.id, child.id));
      return { player_id: child.id, login_agreed: agreed, login_agreed_by: agreed ? actor!.full_name : null, login_agreed_at: at?.toISOString() ?? null };
    },
  };
}
