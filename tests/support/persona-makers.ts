/** Helpers that build the access matrix's club (tests/support/personas.ts): its API, its people. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { guardians, outbox, players, playerTeams, users } from '../../server/db/schema';
import { bornYearsAgo } from './ages';
import { insertLogin } from './logins';
import type { createTestContext } from './api';
import { TEST_ADMIN_PASSWORD } from './api';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
type Json = TestContext['json'];

/**
 * Where the club is built: the app in this process (API tests) or a running production server
 * (the pages' half, tests/e2e): its API, its database, how to initialize it and the admin's password.
 */
export interface ClubHost {
  db: Db;
  json: Json;
  /** A raw request (multipart bodies). */
  request: (path: string, init: RequestInit) => Promise<Response>;
  initialize: () => Promise<unknown>;
  adminPassword: string;
}

/** The app of an API test's context as a club host. */
export const appHost = (t: TestContext): ClubHost => ({
  db: t.db,
  json: t.json,
  request: async (path, init) => t.app.request(path, init),
  initialize: t.initialize,
  adminPassword: TEST_ADMIN_PASSWORD,
});

export const PASSWORD = 'Matrix kick-off 3pm';
export const tag = () => randomBytes(4).toString('hex');
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Where the club's things are: ids (and a few tokens) by name. */
export type Targets = Record<string, string>;

export type Must = <T = any>(what: string, path: string, init: Parameters<Json>[1], status?: number[]) => Promise<T>;

/** The club's API as the set-up uses it: a request that must succeed, and signing in. */
export function clubApi(t: ClubHost) {
  const must: Must = async <T = any>(what: string, path: string, init: Parameters<Json>[1], status = [200, 201, 202]) => {
    const res = await t.json<T>(path, init);
    if (!status.includes(res.status))
      throw new Error(`club set-up: ${what}: ${init?.method ?? (init?.body ? 'POST' : 'GET')} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const signIn = async (username: string, password = PASSWORD) => {
    const res = await t.json('/api/auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`club set-up: sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  return { must, signIn };
}

/** Makers of the club's people: members through the API, parents and children straight into the database. */
export function peopleMakers(t: ClubHost, must: Must, adminToken: string, senior: string) {
  const as = (token: string) => ({ token });
  /** An adult who registered through the public form and, unless pending, was approved by the admin. */
  async function member(fullName: string, options: { pending?: boolean; team?: string | null } = {}) {
    const username = `${fullName.split(' ')[0]!.toLowerCase()}_${tag()}`;
    const registered = await must('registration', '/api/players/register', {
      body: {
        username,
        password: PASSWORD,
        email: `${username}@example.com`,
        full_name: fullName,
        phone_number: '07700 900123',
        date_of_birth: '1988-04-12',
        position_preference: 'Midfielder',
        emergency_contact_name: 'Pat Contact',
        emergency_contact_phone: '07700 900456',
        medical_notes: 'Asthma (inhaler in bag)',
      },
    });
    const playerId = registered.player_id as string;
    const userId = registered.user.id as string;
    if (!options.pending) {
      await must('approval', `/api/admin/registrations/${playerId}/approve`, {
        ...as(adminToken),
        body: { team_id: options.team === undefined ? senior : options.team },
      });
      // They followed the welcome mail's link: the club mails confirmed addresses only.
      await t.db.update(users).set({ email_confirmed_at: new Date() }).where(eq(users.id, userId));
    }
    return { username, userId, playerId };
  }

  /** A login with no member record of its own (a parent or carer). No API makes one without a child's invitation. */
  async function parentLogin(fullName: string) {
    const username = `${fullName.split(' ')[0]!.toLowerCase()}_${tag()}`;
    const user = await insertLogin(t.db, { username, password: PASSWORD, full_name: fullName });
    return { username, userId: user.id };
  }

  /** A junior in a team, optionally with a login of their own (written straight in, as tests/support/juniors.ts does). */
  async function child(fullName: string, years: number, team: string, withLogin = false) {
    let login: { username: string; userId: string } | undefined;
    if (withLogin) login = await parentLogin(fullName);
    const [row] = await t.db
      .insert(players)
      .values({
        full_name: fullName,
        date_of_birth: bornYearsAgo(years),
        user_id: login?.userId ?? null,
        login_agreed_at: withLogin ? new Date() : null,
        login_agreed_by: withLogin ? 'A parent' : null,
        emergency_contact_name: 'Emergency Person',
        emergency_contact_phone: '07700 900123',
        medical_notes: 'Peanut allergy: EpiPen in the kit bag',
      })
      .returning();
    await t.db.insert(playerTeams).values({ player_id: row!.id, team_id: team, joined_on: '2020-01-01' });
    return { playerId: row!.id, ...login };
  }

  const link = (userId: string, playerId: string, level: 'primary' | 'secondary' | 'view_only' = 'primary') =>
    t.db.insert(guardians).values({ user_id: userId, player_id: playerId, level, relationship: 'Parent', approved_by: 'Club Administrator' });

  return { member, parentLogin, child, link };
}

export type People = ReturnType<typeof peopleMakers>;

/** A session token from the reset link mailed to this address, or undefined when the club refuses one. */
export async function resetToken(t: ClubHost, email: string) {
  const asked = await t.json('/api/auth/forgot-password', { body: { email } });
  if (asked.status !== 202) return undefined;
  const mails = await t.db.select().from(outbox).where(eq(outbox.to_address, email));
  const token = mails.map((mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1]).find(Boolean);
  if (!token) return undefined;
  const reset = await t.json('/api/auth/reset-password', { body: { token, password: PASSWORD } });
  return reset.status === 200 ? (reset.body.access_token as string) : undefined;
}
