import { asc, eq, sql } from 'drizzle-orm';
import { sponsorInputSchema } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { sponsors } from '../db/schema';
import { parseInput } from './checks';
import { mayManageClubSite, must } from '../policy';
import { notFound } from '../../shared/errors';
import { isUuid } from './ids';
import type { Sponsor } from '../../shared/contracts/sponsors';
import { withoutLeftOut } from '../../shared/fields';

export type { Sponsor };

export const SPONSOR_NOT_FOUND = 'Sponsor not found';

export function toSponsor(row: typeof sponsors.$inferSelect): Sponsor {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier,
    logo_url: row.logo_url,
    website_url: row.website_url,
    category: row.category,
    description: row.description,
  };
}

/** The club's sponsors: public to read, admin-only to manage. */
export function createSponsorService(db: Db) {
  return {
    /** Main sponsors first, then partners, then supporters; within a tier, in the order they were added. */
    async list(options: { limit?: number } = {}): Promise<Sponsor[]> {
      // An enum sorts in its declared order (main, partner, supporter).
      const q = db.select().from(sponsors).orderBy(sql`${sponsors.tier} asc`, asc(sponsors.created_at), asc(sponsors.name));
      const rows = options.limit ? await q.limit(options.limit) : await q;
      return rows.map(toSponsor);
    },

    async create(user: SessionUser | null, input: unknown): Promise<Sponsor> {
      await must(db, user, mayManageClubSite);
      const values = parseInput(sponsorInputSchema, input);
      const [row] = await db.insert(sponsors).values(values).returning();
      return toSponsor(row);
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<Sponsor> {
      await must(db, user, mayManageClubSite);
      if (!isUuid(id)) throw notFound(SPONSOR_NOT_FOUND);
      // A client that sends no tier (docs/architecture.md#earlier-clients) keeps the sponsor's tier.
      const values = withoutLeftOut(parseInput(sponsorInputSchema, input));
      const [row] = await db.update(sponsors).set(values).where(eq(sponsors.id, id)).returning();
      if (!row) throw notFound(SPONSOR_NOT_FOUND);
      return toSponsor(row);
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      await must(db, user, mayManageClubSite);
      if (!isUuid(id)) throw notFound(SPONSOR_NOT_FOUND);
      const deleted = await db.delete(sponsors).where(eq(sponsors.id, id)).returning({ id: sponsors.id });
      if (!deleted.length) throw notFound(SPONSOR_NOT_FOUND);
    },
  };
}
