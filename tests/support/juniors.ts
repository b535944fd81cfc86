import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { clubRoles, guardians, players, playerTeams, teams } from '../../server/db/schema';
import { insertLogin } from './logins';
import type { GuardianLevel } from '../../shared/juniors';

type Json = <T = any>(path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<{ status: number; body: T }>;

export { bornYearsAgo } from './ages';

/** Helpers for junior-football tests (issue 23): logins with no player record, children, guardian links. */
export function juniorFixtures(t: { db: Db; json: Json }) {
  const unique = () => randomBytes(3).toString('hex');

  /** A login with no player record of its own (a parent), signed in; optionally holding a club role. */
  async function adult(fullName: string, clubRole?: 'secretary' | 'welfare_officer' | 'treasurer') {
    const username = `${fullName.split(' ')[0]!.toLowerCase()}_${unique()}`;
    const password = 'correct horse battery';
    const user = await insertLogin(t.db, { username, password, full_name: fullName, role: clubRole ? 'staff' : 'player' });
    if (clubRole) await t.db.insert(clubRoles).values({ user_id: user!.id, role: clubRole });
    const login = await t.json('/api/auth/login', { body: { username, password } });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    return { user: user!, token: login.body.access_token as string, email: user!.email, username, password };
  }

  /** A junior member in a team (by slug), with a date of birth; optionally with a login of their own. */
  async function child(fullName: string, dateOfBirth: string, teamSlug = 'senior', withLogin = false) {
    const [team] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, teamSlug));
    let userId: string | null = null;
    let email: string | null = null;
    let token: string | null = null;
    if (withLogin) {
      const username = `${fullName.split(' ')[0]!.toLowerCase()}_${unique()}`;
      email = `${username}@kids.example.com`;
      userId = (await insertLogin(t.db, { username, email, password: 'correct horse battery', full_name: fullName })).id;
      token = (await t.json('/api/auth/login', { body: { username, password: 'correct horse battery' } })).body.access_token;
    }
    const [row] = await t.db
      .insert(players)
      .values({
        full_name: fullName,
        date_of_birth: dateOfBirth,
        user_id: userId,
        login_agreed_at: withLogin ? new Date() : null,
        login_agreed_by: withLogin ? 'A parent' : null,
        emergency_contact_name: 'Emergency Person',
        emergency_contact_phone: '07700 900123',
      })
      .returning();
    if (team) await t.db.insert(playerTeams).values({ player_id: row!.id, team_id: team.id, joined_on: '2020-01-01' });
    return { id: row!.id, userId, email, token, teamId: team?.id };
  }

  async function link(userId: string, playerId: string, level: GuardianLevel = 'primary') {
    await t.db.insert(guardians).values({ user_id: userId, player_id: playerId, level, relationship: 'Parent', approved_by: 'Test' });
  }

  /** A parent or carer (an `adult`), linked to each of the given children at the given level. */
  async function guardian(fullName: string, ...children: [child: { id: string }, level: GuardianLevel][]) {
    const grownUp = await adult(fullName);
    for (const [child, level] of children) await link(grownUp.user.id, child.id, level);
    return grownUp;
  }

  return { adult, child, guardian, link, unique };
}
