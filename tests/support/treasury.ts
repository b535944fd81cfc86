import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { players, playerTeams, teams, users } from '../../server/db/schema';
import type { createTestContext } from './api';

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Someone the admin made treasurer through the API (the club role of issue 21), signed in. */
export async function signedInTreasurer(t: TestContext, adminToken: string, fullName = 'Tess Treasurer') {
  const person = await t.signedIn('player', { full_name: fullName });
  const granted = await t.json('/api/admin/club-roles', { token: adminToken, body: { user_id: person.user.id, role: 'treasurer' } });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  // The role changes the login's access level: sign in again for a session that has it.
  const login = await t.json('/api/auth/login', { body: { username: person.username, password: person.password } });
  return { ...person, token: login.body.access_token as string };
}

export const seniorTeamId = async (t: TestContext) => (await t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, 'senior')))[0].id;

/**
 * Adult members with logins, in the Senior team, written straight to the database (no sign-in):
 * enough payers for a statement. Each is their own payer.
 */
export async function adultMembers(t: TestContext, names: string[]) {
  const hash = await hashPassword('correct horse battery');
  const team = await seniorTeamId(t);
  const made: { userId: string; playerId: string; name: string; email: string }[] = [];
  for (const name of names) {
    const username = `payer_${randomBytes(4).toString('hex')}`;
    const [user] = await t.db
      .insert(users)
      .values({
        username,
        email: `${username}@example.com`,
        full_name: name,
        role: 'player',
        password_hash: hash,
        email_confirmed_at: new Date(),
        activated_at: new Date(),
      })
      .returning();
    const [player] = await t.db
      .insert(players)
      .values({ user_id: user.id, full_name: name, position: 'Midfielder', team_type: 'Senior', nationality: 'English', date_of_birth: '1990-05-05' })
      .returning();
    await t.db.insert(playerTeams).values({ player_id: player.id, team_id: team, joined_on: '2020-01-01' });
    made.push({ userId: user.id, playerId: player.id, name, email: user.email });
  }
  return made;
}

export interface StatementRow {
  date: string;
  counterparty: string;
  reference: string;
  pence: number;
}

/** A Starling export (its header row, DD/MM/YYYY, signed amounts, CRLF) of these rows. */
export function starlingCsv(rows: StatementRow[]) {
  const money = (p: number) => `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
  const lines = ['Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category'];
  for (const r of rows) {
    const [y, m, d] = r.date.split('-');
    lines.push(`${d}/${m}/${y},"${r.counterparty}",${r.reference},${r.pence > 0 ? 'FASTER PAYMENT' : 'PAYMENT'},${money(r.pence)},,INCOME`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** POST /api/treasury/imports with the file (and a mapping). */
export async function uploadStatement(t: TestContext, token: string, csv: string, options: { name?: string; mapping?: unknown } = {}) {
  const form = new FormData();
  form.append('file', new File([csv], options.name ?? 'statement.csv', { type: 'text/csv' }));
  if (options.mapping !== undefined) form.append('mapping', JSON.stringify(options.mapping));
  const response = await t.app.request('/api/treasury/imports', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}
