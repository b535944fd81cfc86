import { countDistinct, sql } from 'drizzle-orm';
import type { AdminDashboard } from '../../shared/contracts/admin';
import type { Db } from '../db/client';
import { clubRoles, fixtures, products, teams } from '../db/schema';

export type FirstSteps = NonNullable<AdminDashboard['today']['first_steps']>;

/**
 * A new club's first steps on the Today page (issue 33): each is done when the club's data says so,
 * never by a stored flag, so deleting the last team shows "Add your teams" again. The committee is
 * invited once anyone besides the first admin holds a club role.
 */
export async function firstSteps(db: Db): Promise<FirstSteps> {
  const exists = async (table: typeof teams | typeof fixtures | typeof products) =>
    (await db.select({ one: sql`1` }).from(table).limit(1)).length > 0;
  const [t, f, p, [roles]] = await Promise.all([
    exists(teams),
    exists(fixtures),
    exists(products),
    db.select({ people: countDistinct(clubRoles.user_id) }).from(clubRoles),
  ]);
  return { teams: t, fixture: f, kit: p, committee: roles.people > 1 };
}
