/**
 * The privacy notice's versions (issue 34, point 6). Version 1 is recorded lazily from the text in
 * force when first asked (the club's saved page or the default); each save of the privacy page adds
 * the next version (server/services/club-pages). Forms send the version they showed; a version that
 * was never published is refused (422), none sent means the current one.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { invalid } from '../../../shared/errors';
import { UNKNOWN_NOTICE_VERSION } from '../../../shared/privacy-notice';
import type { DbOrTx } from '../../db/client';
import { clubPages, privacyNoticeVersions } from '../../db/schema';
import { currentClubId } from '../../tenancy/context';
import { DEFAULT_CLUB_PAGES } from '../club-pages/defaults';
import { renderClubPage } from '../club-pages/render';

export interface NoticeVersion {
  version: number;
  /** ISO timestamp: when this text was published. */
  published_at: string;
}

const latest = (db: DbOrTx) =>
  db
    .select({ version: privacyNoticeVersions.version, published_at: privacyNoticeVersions.published_at })
    .from(privacyNoticeVersions)
    .orderBy(desc(privacyNoticeVersions.version))
    .limit(1);

/** The notice in force: its version and date (version 1 is recorded on first use). */
export async function currentNotice(db: DbOrTx): Promise<NoticeVersion> {
  let [row] = await latest(db);
  if (!row) {
    const [page] = await db.select().from(clubPages).where(eq(clubPages.slug, 'privacy'));
    const markdown = page?.markdown ?? DEFAULT_CLUB_PAGES.privacy;
    await db
      .insert(privacyNoticeVersions)
      .values({ version: 1, markdown, html: page?.html ?? renderClubPage(markdown), published_at: page?.updated_at ?? new Date() })
      .onConflictDoNothing();
    [row] = await latest(db);
  }
  return { version: row!.version, published_at: row!.published_at.toISOString() };
}

/**
 * A save of the privacy page publishes the next version, inside the save's transaction; call
 * `currentNotice` before the page's row changes, so version 1 keeps the words people saw before.
 */
export async function publishNotice(tx: DbOrTx, page: { markdown: string; html: string; updated_at: Date }): Promise<number> {
  // The page's row is locked by the save, so two saves never take the same number.
  const [row] = await tx
    .insert(privacyNoticeVersions)
    .values({
      version: sql`(select coalesce(max(${privacyNoticeVersions.version}), 0) + 1 from ${privacyNoticeVersions})`,
      markdown: page.markdown,
      html: page.html,
      published_at: page.updated_at,
    })
    .returning({ version: privacyNoticeVersions.version });
  return row!.version;
}

/**
 * Versions known to be published, per database handle: a published version never changes nor goes,
 * so a form's version checked once needs no query again (the shop's checkout, issue 34's bench).
 */
const published = new WeakMap<object, Set<string>>();

/** Whether this version was published (from memory once seen), in the club of the work running now (ADR 065: each club numbers its own). */
async function isPublished(db: DbOrTx, version: number): Promise<boolean> {
  const seen = published.get(db) ?? new Set<string>();
  published.set(db, seen);
  const key = `${currentClubId() ?? ''}:${version}`;
  if (seen.has(key)) return true;
  const [known] = await db.select({ version: privacyNoticeVersions.version }).from(privacyNoticeVersions).where(eq(privacyNoticeVersions.version, version));
  if (known) seen.add(key);
  return !!known;
}

/**
 * The version a form sent, checked: it must have been published (422 on `notice_version`
 * otherwise). For writes that read the current version inside their own insert (`CURRENT_NOTICE_SQL`).
 */
export async function checkedNoticeVersion(db: DbOrTx, sent: number): Promise<number> {
  if (!(await isPublished(db, sent))) throw invalid(UNKNOWN_NOTICE_VERSION, [{ field: 'notice_version', message: UNKNOWN_NOTICE_VERSION }]);
  return sent;
}

/** The current version, read by the insert itself (no round trip of its own); null before any was published. */
export const CURRENT_NOTICE_SQL = sql<number | null>`(select max(${privacyNoticeVersions.version}) from ${privacyNoticeVersions})`;

/**
 * The version to store beside what a form gave: the one it sent, which must have been published
 * (422 on `notice_version` otherwise), or the current one when it sent none.
 */
export async function noticeVersionFor(db: DbOrTx, sent: number | undefined): Promise<number> {
  if (sent !== undefined) return checkedNoticeVersion(db, sent);
  return (await currentNotice(db)).version;
}
