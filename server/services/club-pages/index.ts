import { and, asc, eq, gte, isNull, or } from 'drizzle-orm';
import { clubPageInputSchema, type ClubPage } from '../../../shared/contracts/club-pages';
import { CLUB_PAGES, isClubPageSlug, type ClubPageSlug } from '../../../shared/club-pages';
import { today } from '../../../shared/dates';
import { notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import { clubPages, teams, trainingSlots } from '../../db/schema';
import { mayManageClubSite, maySeeTraining, must } from '../../policy';
import { parseInput } from '../checks';
import { assertCurrentVersion, versionOf } from '../edit-version';
import { DEFAULT_CLUB_PAGES } from './defaults';
import { renderClubPage } from './render';
import { currentNotice, publishNotice } from '../privacy-notice';

export { renderClubPage } from './render';

export const CLUB_PAGE_NOT_FOUND = 'Page not found';

/** One weekly training time on the About page: from a team's training slots, never typed text. */
export interface TrainingTime {
  team: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  start_time: string;
  end_time: string;
  place: string;
}

type Row = typeof clubPages.$inferSelect;

const toPage = (slug: ClubPageSlug, row: Row | undefined): ClubPage =>
  row
    ? { slug, markdown: row.markdown, html: row.html, version: versionOf(row.updated_at), updated_at: row.updated_at.toISOString() }
    : // Never saved: the default text, and an empty version (a save from it is refused once someone has saved).
      { slug, markdown: DEFAULT_CLUB_PAGES[slug], html: renderClubPage(DEFAULT_CLUB_PAGES[slug]), version: '', updated_at: null };

function slugOf(slug: string): ClubPageSlug {
  if (!isClubPageSlug(slug)) throw notFound(CLUB_PAGE_NOT_FOUND);
  return slug;
}

/** The pages the club writes (issue 33): anyone reads them; whoever manages the club's site edits them. */
export function createClubPagesService(db: Db) {
  return {
    /** A page as visitors get it (its HTML sanitised when saved); the default text until the club saves its own. */
    async get(slug: string): Promise<ClubPage> {
      const known = slugOf(slug);
      const [row] = await db.select().from(clubPages).where(eq(clubPages.slug, known));
      const page = toPage(known, row);
      // The privacy notice says which version it is: forms send it back beside what people give (issue 34).
      return known === 'privacy' ? { ...page, notice: await currentNotice(db) } : page;
    },

    /**
     * Saves a page's Markdown with its rendered, sanitised HTML. A save based on an older version
     * than the stored one is refused (409) naming who saved since and when (issue 22's pattern).
     */
    async update(user: SessionUser | null, slug: string, input: unknown): Promise<ClubPage> {
      const actor = await must(db, user, mayManageClubSite);
      const known = slugOf(slug);
      const { markdown, version } = parseInput(clubPageInputSchema, input);
      const values = { markdown, html: renderClubPage(markdown), updated_by: actor.name, updated_at: new Date() };
      const what = `${CLUB_PAGES[known].label} page`;
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(clubPages).where(eq(clubPages.slug, known)).for('update');
        // The privacy notice keeps every published text (issue 34): the one in force is recorded first.
        if (known === 'privacy') await currentNotice(tx);
        const { row, mine } = await saveRow(tx, current);
        if (known === 'privacy' && mine) await publishNotice(tx, row);
        return row;
      });
      const page = toPage(known, saved);
      return known === 'privacy' ? { ...page, notice: await currentNotice(db) } : page;

      async function saveRow(tx: DbOrTx, current: Row | undefined) {
        if (current) {
          assertCurrentVersion(what, current, version);
          return { row: (await tx.update(clubPages).set(values).where(eq(clubPages.slug, known)).returning())[0]!, mine: true };
        }
        const [made] = await tx
          .insert(clubPages)
          .values({ slug: known, ...values })
          .onConflictDoNothing()
          .returning();
        if (made) return { row: made, mine: true };
        // Someone saved the page's first version in the same instant: theirs stands.
        const [theirs] = await tx.select().from(clubPages).where(eq(clubPages.slug, known));
        assertCurrentVersion(what, theirs, version ?? '');
        return { row: theirs!, mine: false };
      }
    },

    /** The privacy notice version in force and its date: forms show the link and send the version back (issue 34). */
    notice: () => currentNotice(db),

    /** A page's Markdown as it would be shown, without saving it (the admin's preview). */
    async preview(user: SessionUser | null, markdown: string): Promise<string> {
      await must(db, user, mayManageClubSite);
      return renderClubPage(markdown);
    },

    /**
     * The weekly training times the public may see, team by team (About): the slots of every team
     * whose training is public (a junior team's only its own people see: issue 30, finding 19) that
     * still run on `onDate`.
     */
    async trainingTimes(onDate: string = today()): Promise<TrainingTime[]> {
      const rows = await db
        .select({
          team_id: teams.id,
          team: teams.name,
          age_group: teams.age_group,
          weekday: trainingSlots.weekday,
          start_time: trainingSlots.start_time,
          end_time: trainingSlots.end_time,
          place: trainingSlots.place,
        })
        .from(trainingSlots)
        .innerJoin(teams, eq(teams.id, trainingSlots.team_id))
        .where(and(or(isNull(trainingSlots.ends_on), gte(trainingSlots.ends_on, onDate))))
        .orderBy(asc(teams.sort_order), asc(teams.name), asc(trainingSlots.weekday), asc(trainingSlots.start_time));
      return rows
        .filter((r) => maySeeTraining(new Set(), { id: r.team_id, age_group: r.age_group }))
        .map(({ team, weekday, start_time, end_time, place }) => ({ team, weekday, start_time, end_time, place }));
    },
  };
}
