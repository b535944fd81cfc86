/** API-test helpers for players: a complete registration body, and a registered, signed-in player. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { createTestContext } from './api';

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** A short random tag for names no other test uses. */
export const unique = () => randomBytes(4).toString('hex');

export { registration } from './registration-body';
import { registration } from './registration-body';

/**
 * Registers a player through the API, has the club approve them (issue 21: a registration waits for
 * approval) and signs them in: the body sent, their token, player and user ids.
 */
export async function registeredPlayer(t: TestContext, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.json('/api/players/register', { body });
  expect(res.status).toBe(201);
  const admin = await t.signedIn('admin');
  expect((await t.json(`/api/admin/registrations/${res.body.player_id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
  // The registrant followed the welcome mail's link: the club mails confirmed addresses only.
  await t.db.update(users).set({ email_confirmed_at: new Date() }).where(eq(users.id, res.body.user.id));
  const login = await t.json('/api/auth/login', { body: { username: body.username, password: body.password } });
  return { ...body, token: login.body.access_token as string, playerId: res.body.player_id as string, userId: res.body.user.id as string };
}
