/**
 * An erasure request's two steps (issue 34): its preview and its erasure, for the data protection
 * lead, the secretary and admins. Refused while the person's identity is unchecked, once done
 * (409), and while they hold a club role or a team-staff place (those are removed first, where the
 * club's last admin and welfare officer are protected).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { clubRoles, erasures, privacyRequests, teamStaff, teams } from '../../db/schema';
import { DATA_MAP } from '../../privacy/map';
import { CLUB_ROLE_LABELS, TEAM_STAFF_ROLE_LABELS } from '../../../shared/club-roles';
import { conflict, invalid, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import { todayIso } from '../../../shared/players';
import { executeErasure, previewErasure, pseudonymFor, type ErasureReport } from './erasure';
import { resolveErasureSubjects, subjectDisplayNames, type ErasureSubjects } from './erasure-subject';

export const IDENTITY_UNCHECKED = 'Record the day the person\u2019s identity was checked first.';
export const ALREADY_ERASED = 'This erasure has already been carried out.';
const NO_REQUEST = 'No such request.';
const NOT_ERASURE = 'Only an erasure request can be carried out as an erasure.';
const NOBODY = 'The person this request is about is no longer on record.';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function requestOf(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(NO_REQUEST);
  const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  if (!request) throw notFound(NO_REQUEST);
  if (request.type !== 'erasure') throw invalid(NOT_ERASURE);
  const done = await db.select({ id: erasures.id }).from(erasures).where(eq(erasures.request_id, id));
  if (done.length > 0 || request.status !== 'open') throw conflict(ALREADY_ERASED);
  return request;
}

/** A club role or a team-staff place must be removed (by whoever may) before the person is erased. */
async function refuseRoleHolders(db: DbOrTx, subjects: ErasureSubjects) {
  if (subjects.userIds.length) {
    const roles = await db.select({ role: clubRoles.role }).from(clubRoles).where(inArray(clubRoles.user_id, subjects.userIds));
    if (roles.length) {
      const names = roles.map((r) => CLUB_ROLE_LABELS[r.role].toLowerCase()).join(', ');
      throw invalid(`They hold a club role (${names}): remove the role first, then erase. The club\u2019s last admin can never be erased.`);
    }
  }
  if (subjects.playerIds.length) {
    const staff = await db
      .select({ role: teamStaff.role, team: teams.name })
      .from(teamStaff)
      .innerJoin(teams, eq(teams.id, teamStaff.team_id))
      .where(inArray(teamStaff.player_id, subjects.playerIds));
    if (staff.length) {
      const places = staff.map((s) => `${TEAM_STAFF_ROLE_LABELS[s.role].toLowerCase()} of ${s.team}`).join(', ');
      throw invalid(`They are on a team\u2019s staff (${places}): remove them from the staff first, then erase.`);
    }
  }
}

async function prepare(db: DbOrTx, id: string) {
  const request = await requestOf(db, id);
  const subjects = await resolveErasureSubjects(db, request);
  if (subjects.playerIds.length === 0 && subjects.userIds.length === 0) throw invalid(NOBODY);
  await refuseRoleHolders(db, subjects);
  const people = await subjectDisplayNames(db, subjects);
  const pseudonym = await pseudonymFor(db, request.id);
  return { request, subjects, people, pseudonym, map: DATA_MAP };
}

/** POST /api/privacy/requests/{id}/erasure-preview */
export async function previewRequestErasure(db: Db, id: string): Promise<ErasureReport> {
  return previewErasure(db, await prepare(db, id));
}

/** POST /api/privacy/requests/{id}/erase: carries it out and completes the request. */
export async function eraseForRequest(db: Db, by: SessionUser, id: string): Promise<ErasureReport> {
  const run = await prepare(db, id);
  if (!run.request.identity_checked_on) throw invalid(IDENTITY_UNCHECKED);
  const before = async (tx: DbOrTx) => {
    const [locked] = await tx.select({ status: privacyRequests.status }).from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
    if (!locked || locked.status !== 'open') throw conflict(ALREADY_ERASED);
  };
  const after = async (tx: DbOrTx, report: ErasureReport) => {
    await tx
      .update(privacyRequests)
      .set({
        subject_name: report.pseudonym,
        ...(run.request.relationship === 'self' ? { requested_by_name: report.pseudonym } : {}),
        player_id: null,
        user_id: null,
        status: 'completed',
        completed_on: todayIso(),
        outcome: `Erased. The records the club must keep are kept under the name ${report.pseudonym}.`,
        updated_at: new Date(),
        updated_by: by.full_name,
      })
      .where(eq(privacyRequests.id, id));
  };
  return executeErasure(db, { ...run, requestId: id, by: { id: by.id, name: by.full_name } }, { before, after });
}

