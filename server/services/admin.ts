import { count } from 'drizzle-orm';
import { canEnterAdmin, type SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { fixtures, joinUsSubmissions, orders, players, products, sponsors } from '../db/schema';
import { forbidden, unauthenticated } from './errors';
import type { DatabaseStatus } from './setup';

/** The six tiles of the admin dashboard. */
export interface DashboardCounts {
  orders: number;
  players: number;
  products: number;
  fixtures: number;
  join_us: number;
  sponsors: number;
}

export type AdminDashboard = DashboardCounts & DatabaseStatus;

/**
 * The admin panel's overview. Admins and staff may read it (staff see the panel's dashboard);
 * the counts are plain numbers, no personal data.
 */
export function createAdminService(db: Db, setup: { status: () => Promise<DatabaseStatus> }) {
  const tally = async (table: typeof orders | typeof players | typeof products | typeof fixtures | typeof joinUsSubmissions | typeof sponsors) => {
    const [row] = await db.select({ value: count() }).from(table);
    return row.value;
  };

  return {
    async dashboard(actor: SessionUser | null): Promise<AdminDashboard> {
      if (!actor) throw unauthenticated();
      if (!canEnterAdmin(actor.role)) throw forbidden();
      const [o, pl, pr, f, j, s, status] = await Promise.all([
        tally(orders),
        tally(players),
        tally(products),
        tally(fixtures),
        tally(joinUsSubmissions),
        tally(sponsors),
        setup.status(),
      ]);
      return { orders: o, players: pl, products: pr, fixtures: f, join_us: j, sponsors: s, ...status };
    },
  };
}
