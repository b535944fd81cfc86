/**
 * Who may have an access download, and of whom (issue 34): the club for a request (the data
 * protection lead, the secretary), a person their own copy, a parent with parental responsibility
 * their child's. Every decision is a rule of the rule book (server/policy).
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { players, privacyRequestDownloads, privacyRequests } from '../../db/schema';
import { childRelation, mayDownloadChildData, mayDownloadOwnData, mayHandlePersonalData, must, signedIn, allow } from '../../policy';
import { notFound } from '../../../shared/errors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { isUuid } from '../ids';
import { buildAccessExport, controllerOf, exportFileName } from './export';
import { subjectOfPlayer, subjectOfUser, subjectsOfRequest, type ExportSubject } from './export-subjects';

export interface ExportDownload {
  bytes: Uint8Array;
  fileName: string;
}

export const NOT_YOUR_CHILD = 'Only a parent or carer with parental responsibility can download a child’s data.';
export const OWN_DATA_LATER =
  'Your own download opens once the club has approved your registration. Until then, or after leaving, ask the club for a copy.';

export interface RequestDownload {
  downloaded_by_name: string;
  row_count: number;
  created_at: string;
}

export function createPrivacyExportService(db: DbOrTx) {
  async function download(subjects: ExportSubject[], now = new Date()) {
    const built = await buildAccessExport(db, subjects, { generatedAt: now });
    const controller = await controllerOf(db);
    const rows = Object.values(built.counts).reduce((n, c) => n + (c ?? 0), 0);
    return { bytes: built.bytes, fileName: exportFileName(controller.short_name, subjects[0]?.name ?? 'member', todayIso(now)), rows };
  }

  return {
    /** A request's download, for the data protection lead or the secretary; recorded in the request's history. */
    async forRequest(user: SessionUser | null, requestId: string): Promise<ExportDownload> {
      const actor = await must(db, user, mayHandlePersonalData);
      if (!isUuid(requestId)) throw notFound('Request not found');
      const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, requestId));
      if (!request) throw notFound('Request not found');
      const made = await download(await subjectsOfRequest(db, request));
      await db.insert(privacyRequestDownloads).values({ request_id: request.id, downloaded_by: actor.id, downloaded_by_name: actor.name, row_count: made.rows });
      return made;
    },

    /** Who downloaded a request's data, and when, newest first; 404 for a request the club does not have. */
    async downloadsOf(user: SessionUser | null, requestId: string): Promise<RequestDownload[]> {
      await must(db, user, mayHandlePersonalData);
      if (!isUuid(requestId)) throw notFound('Request not found');
      const [request] = await db.select({ id: privacyRequests.id }).from(privacyRequests).where(eq(privacyRequests.id, requestId));
      if (!request) throw notFound('Request not found');
      const rows = await db
        .select()
        .from(privacyRequestDownloads)
        .where(eq(privacyRequestDownloads.request_id, requestId))
        .orderBy(desc(privacyRequestDownloads.created_at));
      return rows.map((r) => ({ downloaded_by_name: r.downloaded_by_name, row_count: r.row_count, created_at: r.created_at.toISOString() }));
    },

    /** Whether the portal offers this login its own download (not while a registration waits). */
    async offersOwnDownload(user: SessionUser): Promise<boolean> {
      return mayDownloadOwnData(await signedIn(db, user));
    },

    /** The signed-in person's own copy: their login and their player record. */
    async mine(user: SessionUser | null): Promise<ExportDownload> {
      const actor = await must(db, user, mayDownloadOwnData, OWN_DATA_LATER);
      return download([await subjectOfUser(db, actor.id)]);
    },

    /** A child's copy, for a parent or carer with parental responsibility today: that child only. */
    async child(user: SessionUser | null, playerId: string): Promise<ExportDownload> {
      const actor = await signedIn(db, user);
      if (!isUuid(playerId)) throw notFound('Player not found');
      const [child] = await db.select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth }).from(players).where(eq(players.id, playerId));
      if (!child) throw notFound('Player not found');
      allow(mayDownloadChildData(await childRelation(db, actor, child)), NOT_YOUR_CHILD);
      return download([await subjectOfPlayer(db, child.id)]);
    },
  };
}

export type PrivacyExportService = ReturnType<typeof createPrivacyExportService>;
