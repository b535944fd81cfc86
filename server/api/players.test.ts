/** Players' API: registration and the player's own profile (management is in player-management.test.ts, accounts and messages in player-accounts.test.ts). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { registeredPlayer, registration, unique } from '../../tests/support/players';
import { PASSWORD_TOO_SHORT } from '../../shared/auth';
import { NO_PLAYER_PROFILE, REGISTRATION_FIELDS, USERNAME_TAKEN, todayIso } from '../../shared/players';
import { outbox, players, users } from '../db/schema';

const t = await createTestContext();

describe('POST /api/players/register', () => {
  it('creates a player user and the linked squad record from every field', async () => {
    const body = registration();
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: body.username, email: body.email, full_name: 'Riley Registered', role: 'player' });
    const [player] = await t.db.select().from(players).where(eq(players.id, res.body.player_id));
    expect(player).toMatchObject({
      user_id: res.body.user.id,
      full_name: 'Riley Registered',
      position: 'Defender',
      position_preference: 'Defender',
      team_type: 'Senior',
      nationality: '',
      date_of_birth: '1995-04-12',
      phone_number: '07700 900123',
      emergency_contact_name: 'Pat Registered',
      emergency_contact_phone: '07700 900456',
      medical_notes: 'Asthma (inhaler in bag)',
      previous_club: 'Hilltop Harriers',
    });
    const login = await t.json('/api/auth/login', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
  });

  it('accepts a registration without the optional medical notes and previous club', async () => {
    const res = await t.json('/api/players/register', { body: registration({ medical_notes: undefined, previous_club: undefined }) });
    expect(res.status).toBe(201);
  });

  const OPTIONAL_FIELDS: readonly string[] = ['medical_notes', 'previous_club'];
  const requiredFields = REGISTRATION_FIELDS.filter((field) => !OPTIONAL_FIELDS.includes(field));
  it.each(requiredFields)('refuses a registration without %s (422, nothing stored)', async (field) => {
    const body = registration({ [field]: undefined });
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    const stored = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(stored).toHaveLength(0);
  });

  it('refuses blank required fields too', async () => {
    const res = await t.json('/api/players/register', { body: registration({ full_name: '   ' }) });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Full name is required');
  });

  it(`refuses a password under 8 characters with '${PASSWORD_TOO_SHORT}'`, async () => {
    const res = await t.json('/api/players/register', { body: registration({ password: 'x7-long' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters long' });
  });

  it('refuses a malformed e-mail', async () => {
    const res = await t.json('/api/players/register', { body: registration({ email: 'not-an-email' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ field: 'email', message: 'Please enter a valid e-mail address' });
  });

  it('refuses a date of birth in the future, today, or that is not a real date', async () => {
    for (const date_of_birth of ['2999-01-01', todayIso(), '1990-02-30', '12/04/1995']) {
      const res = await t.json('/api/players/register', { body: registration({ date_of_birth }) });
      expect(res.status, date_of_birth).toBe(422);
      expect(res.body.errors[0].field).toBe('date_of_birth');
    }
  });

  it('refuses a position outside Goalkeeper, Defender, Midfielder, Forward', async () => {
    const res = await t.json('/api/players/register', { body: registration({ position_preference: 'Staff' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('position_preference');
  });

  it("always creates a player, even when the body says role 'admin'", async () => {
    const body = registration({ role: 'admin' });
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('player');
    const [user] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(user.role).toBe('player');
  });

  it('answers 409 for a username already registered, whatever the case', async () => {
    const first = registration();
    expect((await t.json('/api/players/register', { body: first })).status).toBe(201);
    const sameName = await t.json('/api/players/register', { body: registration({ username: first.username.toUpperCase() }) });
    expect(sameName.status).toBe(409);
    expect(sameName.body.detail).toBe(USERNAME_TAKEN);
  });

  it('lets exactly one of 8 concurrent registrations of one username succeed', async () => {
    const username = `race_${unique()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.json('/api/players/register', { body: registration({ username, email: `${username}_${i}@example.com` }) }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.detail).toBe(USERNAME_TAKEN);
    const rows = await t.db.select().from(users).where(eq(users.username, username));
    expect(rows).toHaveLength(1);
    const linked = await t.db.select().from(players).where(eq(players.user_id, rows[0].id));
    expect(linked).toHaveLength(1);
  });
});

describe('POST /api/players/register: an address already in use (issue 30, finding 14)', () => {
  it('answers an e-mail address already registered exactly as a new one, creates nothing, and mails the owner instead (issue 30, finding 14)', async () => {
    const first = registration();
    const owner = await t.json('/api/players/register', { body: first });
    const sameEmail = registration({ email: first.email.toUpperCase() });
    const answer = await t.json('/api/players/register', { body: sameEmail });
    const fresh = await t.json('/api/players/register', { body: registration() });
    expect(answer.status).toBe(fresh.status);
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(answer.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(answer.body).toMatchObject({ detail: fresh.body.detail, status: 'pending', user: { username: sameEmail.username, role: 'player' } });
    expect(answer.body.player_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(answer.body)).not.toMatch(/already|taken/i);
    // Nothing was made under that name, and the owner heard about it (not the stranger).
    expect(await t.db.select().from(users).where(eq(users.username, sameEmail.username))).toEqual([]);
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'address_in_use'));
    const toOwner = mails.filter((m) => m.to_address === first.email.toUpperCase() || m.to_address === owner.body.user.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].text_body).toContain('Someone tried to register on the club website with this e-mail address');
    expect(toOwner[0].text_body).toContain(first.username);
    // A second try the same day does not mail the owner again.
    await t.json('/api/players/register', { body: registration({ email: first.email }) });
    expect((await t.db.select().from(outbox).where(eq(outbox.kind, 'address_in_use'))).filter((m) => m.to_address === owner.body.user.email)).toHaveLength(1);
  });

  it('refuses a weak password (422) whether or not the address is already registered', async () => {
    const first = registration();
    expect((await t.json('/api/players/register', { body: first })).status).toBe(201);
    const weak = await t.json('/api/players/register', { body: registration({ email: first.email, password: '12345' }) });
    expect(weak.status).toBe(422);
  });
});

describe("GET/PUT /api/players/me (the player's own profile)", () => {
  it('answers 401 signed out and 404 for a user without a linked player', async () => {
    expect((await t.json('/api/players/me')).status).toBe(401);
    const staff = await t.signedIn('staff', { member: false });
    const res = await t.json('/api/players/me', { token: staff.token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(NO_PLAYER_PROFILE);
  });

  it('returns the player record with the account e-mail', async () => {
    const p = await registeredPlayer(t);
    const res = await t.json('/api/players/me', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.playerId,
      user_id: p.userId,
      email: p.email,
      full_name: 'Riley Registered',
      position: 'Defender',
      jersey_number: null,
      availability: [],
    });
  });

  // Issue 30: a new e-mail address goes through the link (server/api/email-address.test.ts); here it is unchanged.
  it('saves profile edits, including the account name, and they persist', async () => {
    const p = await registeredPlayer(t);
    const edit = {
      full_name: 'Riley Edited',
      email: p.email,
      phone_number: '07000 111222',
      date_of_birth: '1994-01-02',
      emergency_contact_name: 'Sam Contact',
      emergency_contact_phone: '07000 333444',
      position_preference: 'Forward',
      address: '1 Club Lane, Riverside',
      medical_notes: '',
      availability: ['Thursday', 'Monday'],
    };
    const res = await t.json('/api/players/me', { method: 'PUT', body: edit, token: p.token });
    expect(res.status).toBe(200);
    const again = await t.json('/api/players/me', { token: p.token });
    expect(again.body).toMatchObject({ ...edit, medical_notes: null, availability: ['Monday', 'Thursday'] });
    const [user] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(user).toMatchObject({ full_name: 'Riley Edited', email: edit.email });
  });

  it('validates profile edits: bad e-mail, unknown weekday, future birth date; e-mail of someone else changes nothing', async () => {
    const p = await registeredPlayer(t);
    const other = await registeredPlayer(t);
    const base = { full_name: 'X', email: p.email };
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, email: 'nope' }, token: p.token })).status).toBe(422);
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, availability: ['Funday'] }, token: p.token })).status).toBe(422);
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, date_of_birth: '2999-01-01' }, token: p.token })).status).toBe(422);
    // Someone else's address answers as a free one would (issue 30, finding 14): saved, the address
    // itself unchanged until a link is followed, and no link goes to it (its owner is told instead).
    const taken = await t.json('/api/players/me', { method: 'PUT', body: { ...base, email: other.email, current_password: p.password }, token: p.token });
    expect(taken.status).toBe(200);
    expect((await t.json('/api/auth/me', { token: p.token })).body.email).toBe(p.email);
  });
});

