/**
 * What is kept about a child (issue 23): consents per season, medical notes (every staff or welfare
 * read recorded), the care details a guardian keeps, and a guardian's agreement to a 13-17 year old's own login.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { forbidden, invalid } from '../../../shared/errors';
import {
  CONSENTS_GUARDIANS_ONLY,
  NOT_THEIR_GUARDIAN,
  UNDER_13_NO_LOGIN,
  childCareSchema,
  consentInputSchema,
  loginAgreementSchema,
} from '../../../shared/guardians';
import { CONSENT_KINDS, CONSENT_TEXTS, CONSENT_TEXT_VERSION, ageOn, isUnder16, seasonOf, type ConsentKind } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { consents, guardians, medicalNoteReads, players, users } from '../../db/schema';
import { consentWithdrawn } from '../../mail/templates';
import type { MailService } from '../mail';
import { parseInput } from '../checks';
import { noticeVersionFor } from '../privacy-notice';
import { childRelation, mayAnswerForChild, mayReadConsents, mayReadMedicalNoteLog, mayReadMedicalNotes, signedIn } from '../../policy';
import { assertGuardianOrSelf, childRow } from './access';
import { firstName, type JuniorContext } from './context';

export const MEDICAL_NOTES_READERS = 'Medical notes are seen only by the child’s parents or carers, the staff of their teams and the welfare officer.';

/** Direct messages to the child are for 16-17 year olds only (issue 31): a younger child is never offered it. */
export const DIRECT_CONTACT_16_17 = 'Club messages straight to a child are only for players aged 16 or 17.';

/** The consents a guardian is asked for, for this child today: the direct-contact one only at 16 or 17. */
export const consentKindsFor = (dateOfBirth: string | null, today = todayIso()) =>
  CONSENT_KINDS.filter((kind) => kind !== 'direct_contact' || !isUnder16(dateOfBirth, today));

/** This season's answer per kind offered for the child, with its text, who gave it and when (none: not given). */
async function consentsOf(db: DbOrTx, child: { id: string; date_of_birth: string | null }, season: string) {
  const playerId = child.id;
  const rows = await db
    .select()
    .from(consents)
    .where(and(eq(consents.player_id, playerId), eq(consents.season, season)))
    .orderBy(desc(consents.created_at));
  return consentKindsFor(child.date_of_birth).map((kind) => {
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

/** Mails the child's guardians other than the one who withdrew a consent. */
async function tellOtherGuardians(
  tx: DbOrTx,
  mail: MailService,
  e: { child: { id: string; full_name: string }; kind: ConsentKind; by: { id: string; name: string }; consentId: string },
) {
  const others = sql`${users.id} in (select ${guardians.user_id} from ${guardians} where ${guardians.player_id} = ${e.child.id} and ${guardians.user_id} <> ${e.by.id})`;
  await mail.toUsersWhere(tx, others, {
    template: consentWithdrawn,
    data: { childFirstName: firstName(e.child.full_name), consent: CONSENT_TEXTS[e.kind].label, byName: e.by.name },
    dedupeKey: `consent-withdrawn:${e.consentId}`,
  });
}

export function childRecordsUseCases(ctx: JuniorContext) {
  const { db } = ctx;

  return {
    /** GET /api/players/{id}/consents: this season's consents, each with its text, who gave it and when. */
    async consents(actor: SessionUser | null, playerId: string) {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      if (!child || !mayReadConsents(me, await childRelation(db, me, child))) throw forbidden(NOT_THEIR_GUARDIAN);
      const season = seasonOf(todayIso());
      return { player_id: child.id, season, text_version: CONSENT_TEXT_VERSION, consents: await consentsOf(db, child, season) };
    },

    /**
     * PUT /api/players/{id}/consents: a guardian (primary or secondary) gives or withdraws one
     * consent. A new row each time; it is in force on the next request (the public cache drops).
     */
    async setConsent(actor: SessionUser | null, playerId: string, input: unknown) {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      const rel = child ? await childRelation(db, me, child) : null;
      if (!child || !rel?.level) throw forbidden(CONSENTS_GUARDIANS_ONLY);
      if (!mayAnswerForChild(rel)) throw forbidden('View-only parents and carers cannot change consents: ask the child’s primary parent or carer.');
      const data = parseInput(consentInputSchema, input);
      if (!consentKindsFor(child.date_of_birth).includes(data.kind)) throw invalid(DIRECT_CONTACT_16_17, [{ field: 'kind', message: DIRECT_CONTACT_16_17 }]);
      const season = seasonOf(todayIso());
      const notice_version = await noticeVersionFor(db, data.notice_version);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ given: consents.given })
          .from(consents)
          .where(and(eq(consents.player_id, child.id), eq(consents.season, season), eq(consents.kind, data.kind)))
          .orderBy(desc(consents.created_at))
          .limit(1);
        const [row] = await tx.insert(consents).values({
          player_id: child.id,
          season,
          kind: data.kind,
          given: data.given,
          given_by: me.id,
          given_by_name: me.name,
          text_version: CONSENT_TEXT_VERSION,
          notice_version,
        }).returning({ id: consents.id });
        // The child's public record changes with it: touching the row fires the players table's
        // content_changed trigger, so every process drops its public cache at commit.
        await tx.update(players).set({ updated_at: new Date() }).where(eq(players.id, child.id));
        // A withdrawal is news to the child's other parents and carers (issue 31): they are told, once per withdrawal.
        if (before?.given && !data.given) await tellOtherGuardians(tx, ctx.mail, { child, kind: data.kind, by: me, consentId: row!.id });
      });
      return { player_id: child.id, season, text_version: CONSENT_TEXT_VERSION, consents: await consentsOf(db, child, season) };
    },

    /**
     * GET /api/players/{id}/medical-notes: the child's guardians, the staff of their teams and the
     * welfare officer only (an admin who is none of these does not see them). Staff and welfare reads are recorded.
     */
    async medicalNotes(actor: SessionUser | null, playerId: string) {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      if (!child) throw forbidden(NOT_THEIR_GUARDIAN);
      // The staff of a team the child plays for today only: a spell that ended, or a junior team's
      // coach whose DBS check lapsed, reads nothing (issue 30).
      const rel = await childRelation(db, me, child);
      if (!mayReadMedicalNotes(me, rel)) throw forbidden(MEDICAL_NOTES_READERS);
      const own = rel.self || !!rel.level;
      if (!own) await db.insert(medicalNoteReads).values({ player_id: child.id, read_by: me.id, read_by_name: me.name });
      return {
        player_id: child.id,
        medical_notes: child.medical_notes,
        emergency_contact_name: child.emergency_contact_name,
        emergency_contact_phone: child.emergency_contact_phone,
      };
    },

    /** GET /api/players/{id}/medical-note-reads: who read them and when (the child's guardians, the welfare officer). */
    async medicalNoteReads(actor: SessionUser | null, playerId: string) {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      if (!child || !mayReadMedicalNoteLog(me, await childRelation(db, me, child))) throw forbidden(NOT_THEIR_GUARDIAN);
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
