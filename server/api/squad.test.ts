import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players, playerStats } from '../db/schema';
import { emptySeasonStats } from '../../shared/players';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
await t.initialize();
const playerCount = async () => (await t.db.select({ n: count() }).from(players))[0].n;
const valid = { full_name: 'New Signing', jersey_number: 14, position: 'Forward', team_type: 'Vets', nationality: 'English' };

describe('GET /api/squad', () => {
  it('lists the squad publicly without private details', async () => {
    const res = await t.json('/api/squad');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    const publicKeys = [
      'age',
      'age_group',
      'bio',
      'full_name',
      'id',
      'jersey_number',
      'nationality',
      'photo_url',
      'position',
      'show_personal_details',
      'social_media',
      'staff_roles',
      'team_ids',
      'team_type',
    ];
    for (const player of res.body as Record<string, unknown>[]) {
      // Contact and medical details never; date of birth, height and weight only when opted in.
      const expected = player.show_personal_details ? [...publicKeys, 'date_of_birth', 'height', 'weight'] : publicKeys;
      expect(Object.keys(player).sort(), String(player.full_name)).toEqual(expected.sort());
    }
  });

  it('filters by team, case-insensitively', async () => {
    for (const team of ['vets', 'VETS', 'Vets']) {
      const res = await t.json(`/api/squad?team=${team}`);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((p: { team_type: string }) => p.team_type === 'Vets')).toBe(true);
    }
    expect((await t.json('/api/squad?team=youth')).body).toEqual([]);
  });

  it('GET /api/squad/{id} returns one player, 404 when unknown', async () => {
    const [first] = (await t.json('/api/squad')).body;
    const res = await t.json(`/api/squad/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    const missing = await t.json('/api/squad/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Player not found');
    expect((await t.json('/api/squad/abc')).status).toBe(404);
  });
});

describe('Privacy of public profiles (decision 19 in docs/architecture.md)', () => {
  const personal = { ...valid, date_of_birth: '1990-06-15', height: '181 cm', weight: '79 kg' };
  // The club's date (Europe/London), as the API counts ages.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const expectedAge = (dob: string) => {
    const [by, bm, bd] = dob.split('-').map(Number);
    const [ty, tm, td] = today.split('-').map(Number);
    return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  };

  it('a new player shows age only: no date of birth, height or weight in /api/squad and /api/squad/{id}', async () => {
    const { token } = await t.signedIn('admin');
    const created = await t.json('/api/players', { token, body: personal });
    expect(created.status).toBe(201);
    // The admin sees everything, and that the player has not opted in.
    expect(created.body).toMatchObject({ date_of_birth: '1990-06-15', height: '181 cm', weight: '79 kg', show_personal_details: false });
    const one = await t.json(`/api/squad/${created.body.id}`);
    expect(one.body.age).toBe(expectedAge('1990-06-15'));
    expect(one.body.show_personal_details).toBe(false);
    for (const key of [
      'date_of_birth',
      'height',
      'weight',
      'phone_number',
      'address',
      'medical_notes',
      'emergency_contact_name',
      'emergency_contact_phone',
      'user_id',
    ]) {
      expect(one.body, key).not.toHaveProperty(key);
    }
    const listed = (await t.json('/api/squad')).body.find((p: { id: string }) => p.id === created.body.id);
    expect(listed).toEqual(one.body);
    expect(JSON.stringify(listed)).not.toContain('1990-06-15');
    expect(JSON.stringify(listed)).not.toContain('181 cm');
  });

  it('the admin turns the opt-in on: the public profile shows date of birth, height and weight; a PUT without it keeps it', async () => {
    const { token } = await t.signedIn('admin');
    const { body: created } = await t.json('/api/players', { token, body: personal });
    const on = await t.json(`/api/players/${created.id}`, { method: 'PUT', token, body: { ...personal, show_personal_details: true } });
    expect(on.status).toBe(200);
    expect(on.body.show_personal_details).toBe(true);
    const shown = (await t.json(`/api/squad/${created.id}`)).body;
    expect(shown).toMatchObject({
      date_of_birth: '1990-06-15',
      height: '181 cm',
      weight: '79 kg',
      age: expectedAge('1990-06-15'),
      show_personal_details: true,
    });
    expect(shown).not.toHaveProperty('medical_notes');
    // An earlier admin client sends no show_personal_details: the player's choice stays.
    await t.json(`/api/players/${created.id}`, { method: 'PUT', token, body: { ...personal, bio: 'Edited' } });
    expect((await t.json(`/api/squad/${created.id}`)).body.show_personal_details).toBe(true);
    const off = await t.json(`/api/players/${created.id}`, { method: 'PUT', token, body: { ...personal, show_personal_details: false } });
    expect(off.body.show_personal_details).toBe(false);
    expect((await t.json(`/api/squad/${created.id}`)).body).not.toHaveProperty('date_of_birth');
  });

  it('rejects a show_personal_details that is not true or false (422, nothing changed)', async () => {
    const { token } = await t.signedIn('admin');
    const { body: created } = await t.json('/api/players', { token, body: personal });
    const res = await t.json(`/api/players/${created.id}`, { method: 'PUT', token, body: { ...personal, show_personal_details: 'yes' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/show_personal_details must be true or false/);
    expect((await t.json(`/api/squad/${created.id}`)).body.show_personal_details).toBe(false);
  });

  it('a player sets it from the portal (PUT /api/players/me); omitting it keeps the choice', async () => {
    const { token, playerId } = await t.signedIn('player');
    const me = (await t.json('/api/players/me', { token })).body;
    expect(me.show_personal_details).toBe(false);
    const profile = { full_name: me.full_name, email: me.email, date_of_birth: '1992-02-29' };
    const on = await t.json('/api/players/me', { method: 'PUT', token, body: { ...profile, show_personal_details: true } });
    expect(on.status).toBe(200);
    expect(on.body.show_personal_details).toBe(true);
    expect((await t.json(`/api/squad/${playerId}`)).body).toMatchObject({ date_of_birth: '1992-02-29', show_personal_details: true });
    const kept = await t.json('/api/players/me', { method: 'PUT', token, body: profile });
    expect(kept.body.show_personal_details).toBe(true);
    const off = await t.json('/api/players/me', { method: 'PUT', token, body: { ...profile, show_personal_details: false } });
    expect(off.body.show_personal_details).toBe(false);
    const shown = (await t.json(`/api/squad/${playerId}`)).body;
    expect(shown).not.toHaveProperty('date_of_birth');
    expect(shown.age).toBe(expectedAge('1992-02-29'));
    const bad = await t.json('/api/players/me', { method: 'PUT', token, body: { ...profile, show_personal_details: 1 } });
    expect(bad.status).toBe(422);
  });
});

describe('GET /api/players/{id}/stats', () => {
  it('returns recorded stats, zeroes when none, 404 for an unknown player', async () => {
    const [withStats] = await t.db.select().from(playerStats).limit(1);
    const res = await t.json(`/api/players/${withStats.player_id}/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ player_id: withStats.player_id, goals: withStats.goals, matches_played: withStats.matches_played });

    const { token } = await t.signedIn('admin');
    const created = await t.json('/api/players', { token, body: valid });
    const empty = await t.json(`/api/players/${created.body.id}/stats`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ player_id: created.body.id, ...emptySeasonStats() });
    expect((await t.json('/api/players/00000000-0000-4000-8000-000000000000/stats')).status).toBe(404);
    expect((await t.json('/api/players/nope/stats')).status).toBe(404);
  });
});

describe('Admin: /api/players', () => {
  it('admin creates a player without a user_id, updates and deletes it', async () => {
    const { token } = await t.signedIn('admin');
    const created = await t.json('/api/players', { token, body: valid });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, user_id: null, has_login: false, social_media: {} });
    const id = created.body.id;
    expect((await t.json(`/api/squad/${id}`)).body.full_name).toBe('New Signing');

    const updated = await t.json(`/api/players/${id}`, {
      method: 'PUT',
      token,
      body: { ...valid, position: 'Staff', team_type: 'Staff', height: '180 cm', social_media: { instagram: 'https://instagram.com/x' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ position: 'Staff', team_type: 'Staff', height: '180 cm', social_media: { instagram: 'https://instagram.com/x' } });

    expect((await t.json(`/api/players/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await t.json(`/api/squad/${id}`)).status).toBe(404);
    expect((await t.json(`/api/players/${id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('keeps a login link when the update leaves user_id out', async () => {
    const { token } = await t.signedIn('admin');
    const { playerId, user } = await t.signedIn('player');
    const res = await t.json(`/api/players/${playerId}`, { method: 'PUT', token, body: valid });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: user.id, has_login: true });
    const other = await t.json('/api/players', { token, body: { ...valid, user_id: user.id } });
    expect(other.status).toBe(409);
  });

  it.each(['full_name', 'position', 'team_type'])('requires %s (422, nothing stored; jersey number and nationality are optional, issue 21)', async (field) => {
    const { token } = await t.signedIn('admin');
    const before = await playerCount();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await t.json('/api/players', { token, body });
    expect(res.status).toBe(422);
    // The detail is for people (the field's label); errors[].field names the key for code.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    expect(await playerCount()).toBe(before);
  });

  it('rejects an unknown position or team and a non-number jersey', async () => {
    const { token } = await t.signedIn('admin');
    for (const bad of [{ position: 'Striker' }, { team_type: 'Youth' }, { jersey_number: '7' }, { jersey_number: 120 }]) {
      expect((await t.json('/api/players', { token, body: { ...valid, ...bad } })).status, JSON.stringify(bad)).toBe(422);
    }
  });

  it('staff may read the list but not write; players and anonymous callers are refused', async () => {
    const staff = await t.signedIn('staff');
    const list = await t.json('/api/players', { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toHaveProperty('has_login');
    const before = await playerCount();
    expect((await t.json('/api/players', { token: staff.token, body: valid })).status).toBe(403);
    const player = await t.signedIn('player');
    expect((await t.json('/api/players', { token: player.token })).status).toBe(403);
    expect((await t.json('/api/players', { token: player.token, body: valid })).status).toBe(403);
    expect((await t.json('/api/players')).status).toBe(401);
    expect((await t.json('/api/players', { body: valid })).status).toBe(401);
    expect((await t.json(`/api/players/${list.body[0].id}`, { method: 'DELETE', token: staff.token })).status).toBe(403);
    expect(await playerCount()).toBe(before + 1); // the signed-in player's own squad record
  });
});
