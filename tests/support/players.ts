/** API-test helpers for players: a complete registration body, and a registered, signed-in player. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { createTestContext } from './api';

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** A short random tag for names no other test uses. */
export const unique = () => randomBytes(4).toString('hex');

/** A valid POST /api/players/register body with every field; pass any to override (undefined leaves it out). */
export function registration(overrides: Record<string, unknown> = {}) {
  const name = `reg_${unique()}`;
  return {
    username: name,
    password: 'kick-off at 3',
    email: `${name}@example.com`,
    full_name: 'Riley Registered',
    phone_number: '07700 900123',
    date_of_birth: '1995-04-12',
    position_preference: 'Defender',
    emergency_contact_name: 'Pat Registered',
    emergency_contact_phone: '07700 900456',
    medical_notes: 'Asthma (inhaler in bag)',
    previous_club: 'Hilltop Harriers',
    ...overrides,
  };
}

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
