import { and, desc, eq } from 'drizzle-orm';
import { newsInputSchema } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { parseInput } from './checks';
import { allow, mayWriteNews, signedIn } from '../policy';

export const NEWS_WRITERS_ONLY = 'News is written by the secretary, team staff and admins.';
import { notFound } from '../../shared/errors';
import { isUuid } from './ids';
import type { NewsArticle } from '../../shared/contracts/news';

/** The public pages' name for a news article. */
export type Article = NewsArticle;

export const ARTICLE_NOT_FOUND = 'Article not found';

export function toArticle(row: typeof news.$inferSelect): NewsArticle {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    image_url: row.image_url,
    is_published: row.is_published,
    created_at: row.created_at.toISOString(),
  };
}

/** Club news: the public sees published articles only; admins and staff write and publish. */
export function createNewsService(db: Db) {
  return {
    /** Published articles, newest first. */
    async listPublished(options: { limit?: number } = {}): Promise<Article[]> {
      const q = db.select().from(news).where(eq(news.is_published, true)).orderBy(desc(news.created_at));
      const rows = options.limit ? await q.limit(options.limit) : await q;
      return rows.map(toArticle);
    },

    /** A published article; an unpublished one is as unknown as a missing one. */
    async getPublished(id: string): Promise<Article> {
      if (!isUuid(id)) throw notFound(ARTICLE_NOT_FOUND);
      const [row] = await db.select().from(news).where(and(eq(news.id, id), eq(news.is_published, true)));
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      return toArticle(row);
    },

    /** Every article, drafts included (admin panel). */
    async listAll(user: SessionUser | null): Promise<Article[]> {
      allow(mayWriteNews(await signedIn(db, user)), NEWS_WRITERS_ONLY);
      const rows = await db.select().from(news).orderBy(desc(news.created_at));
      return rows.map(toArticle);
    },

    async create(user: SessionUser | null, input: unknown): Promise<Article> {
      allow(mayWriteNews(await signedIn(db, user)), NEWS_WRITERS_ONLY);
      const values = parseInput(newsInputSchema, input);
      const [row] = await db.insert(news).values(values).returning();
      return toArticle(row);
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<Article> {
      allow(mayWriteNews(await signedIn(db, user)), NEWS_WRITERS_ONLY);
      if (!isUuid(id)) throw notFound(ARTICLE_NOT_FOUND);
      const values = parseInput(newsInputSchema, input);
      const [row] = await db.update(news).set({ ...values, updated_at: new Date() }).where(eq(news.id, id)).returning();
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      return toArticle(row);
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      allow(mayWriteNews(await signedIn(db, user)), NEWS_WRITERS_ONLY);
      if (!isUuid(id)) throw notFound(ARTICLE_NOT_FOUND);
      const deleted = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
      if (!deleted.length) throw notFound(ARTICLE_NOT_FOUND);
    },
  };
}
