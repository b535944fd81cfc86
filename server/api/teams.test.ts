import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseOf } from '../../tests/support/pg-global-setup';
import { createTestContext } from '../../tests/support/api';
import { fixtures, players, playerTeams, teams, teamStaff, trainingSlots } from '../db/schema';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const player = await t.signedIn('player');

const teamCount = async () => (await t.db.select({ n: count() }).from(teams))[0].n;
const fixture = { away_team: 'Test Town', match_date: '2031-05-04', match_time: '10:30', venue: 'Mill Lane', competition: 'League' };
const listTeams = async () => (await t.json('/api/teams')).body as Array<{ id: string; name: string; slug: string }>;
const teamId = async (name: string) => (await listTeams()).find((x) => x.name === name)!.id;

describe('Migration 0005 on a new database', () => {
  it('seeds Senior and Vets with the defaults, and Tuesday and Thursday 19:00-21:00 training for each', async () => {
    const res = await t.json('/api/teams');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { name: string; slug: string; match_length_minutes: number; availability_lock_hours: number }) => [x.name, x.slug, x.match_length_minutes, x.availability_lock_hours])).toEqual([
      ['Senior', 'senior', 105, 2],
      ['Vets', 'vets', 105, 2],
    ]);
    const slots = await t.db.select().from(trainingSlots).innerJoin(teams, eq(teams.id, trainingSlots.team_id));
    expect(slots.map((s) => `${s.teams.name} ${s.training_slots.weekday} ${s.training_slots.start_time}-${s.training_slots.end_time} ${s.training_slots.place}`).sort()).toEqual([
      'Senior 2 19:00-21:00 Main training ground',
      'Senior 4 19:00-21:00 Main training ground',
      'Vets 2 19:00-21:00 Main training ground',
      'Vets 4 19:00-21:00 Main training ground',
    ]);
  });
});

describe('Migration 0005 on a database with data from before teams', () => {
  // A database migrated to 0003 with fixtures and players written the old way, then 0005 applied.
  const pgAdmin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
  const name = `club_mig_${randomBytes(5).toString('hex')}`;
  afterAll(async () => {
    const c = new pg.Client(pgAdmin);
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('moves every fixture to Senior and each player to Vets or Senior by team_type', async () => {
    const c0 = new pg.Client(pgAdmin);
    await c0.connect();
    await c0.query(`CREATE DATABASE ${name}`);
    await c0.end();
    const client = new pg.Client(databaseOf(pgAdmin, name));
    await client.connect();
    try {
      const dir = path.resolve('drizzle');
      const run = async (file: string) => {
        for (const statement of (await fs.readFile(path.join(dir, file), 'utf8')).split('--> statement-breakpoint')) {
          if (statement.trim()) await client.query(statement);
        }
      };
      const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
      for (const file of files.filter((f) => f < '0005')) await run(file);
      await client.query(`INSERT INTO fixtures (match_date, match_time, venue, competition, away_team) VALUES
        ('2026-01-10', '10:30', 'Mill Lane', 'League', 'Old Town'), ('2026-02-10', '14:00', 'Away Park', 'Cup', 'Old Vets')`);
      await client.query(`INSERT INTO players (full_name, team_type) VALUES ('Old Senior', 'Senior'), ('Old Vet', 'Vets'), ('Old Coach', 'Staff')`);
      await run('0005_teams_and_training.sql');

      const { rows: fx } = await client.query(`SELECT f.away_team, t.name FROM fixtures f JOIN teams t ON t.id = f.team_id ORDER BY f.away_team`);
      expect(fx).toEqual([
        { away_team: 'Old Town', name: 'Senior' },
        { away_team: 'Old Vets', name: 'Senior' },
      ]);
      const { rows: members } = await client.query(
        `SELECT p.full_name, t.name FROM player_teams pt JOIN players p ON p.id = pt.player_id JOIN teams t ON t.id = pt.team_id ORDER BY p.full_name`,
      );
      expect(members).toEqual([
        { full_name: 'Old Coach', name: 'Senior' },
        { full_name: 'Old Senior', name: 'Senior' },
        { full_name: 'Old Vet', name: 'Vets' },
      ]);
      const { rows: nullable } = await client.query(
        `SELECT is_nullable FROM information_schema.columns WHERE table_name = 'fixtures' AND column_name = 'team_id'`,
      );
      expect(nullable).toEqual([{ is_nullable: 'NO' }]);
    } finally {
      await client.end();
    }
  });
});

describe('POST /api/teams', () => {
  it('admin adds a team: slug from the name, placed last, defaults for match length and lock', async () => {
    const res = await t.json('/api/teams', { token: admin.token, body: { name: ' U14 Girls ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'U14 Girls', slug: 'u14-girls', match_length_minutes: 105, availability_lock_hours: 2, sort_order: 3 });
    expect((await listTeams()).map((x) => x.name)).toEqual(['Senior', 'Vets', 'U14 Girls']);
  });

  it('refuses anonymous (401), staff and players (403) before validating, storing nothing', async () => {
    const before = await teamCount();
    expect((await t.json('/api/teams', { body: { name: 'Ladies' } })).status).toBe(401);
    for (const token of [staff.token, player.token]) {
      const ok = await t.json('/api/teams', { token, body: { name: 'Ladies' } });
      expect(ok.status).toBe(403);
      expect(ok.body.detail).toBeTruthy();
      expect((await t.json('/api/teams', { token, body: { name: '' } })).status).toBe(403);
    }
    expect((await t.json('/api/teams', { body: {} })).status).toBe(401);
    expect(await teamCount()).toBe(before);
  });

  it('validates the input (422 with a detail) and stores nothing', async () => {
    const before = await teamCount();
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: '!!!' },
      { name: 'x'.repeat(61) },
      { name: 7 },
      { name: 'Ladies', match_length_minutes: 5 },
      { name: 'Ladies', match_length_minutes: 90.5 },
      { name: 'Ladies', availability_lock_hours: -1 },
      { name: 'Ladies', availability_lock_hours: '2' },
      { name: 'Ladies', sort_order: -3 },
    ]) {
      const res = await t.json('/api/teams', { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await teamCount()).toBe(before);
  });

  it('refuses a second team with the same name in any case (409)', async () => {
    const res = await t.json('/api/teams', { token: admin.token, body: { name: 'VETS' } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('A team with this name already exists.');
  });
});

describe('PUT /api/teams/{id}', () => {
  it('its staff and admin edit a team (name, slug, match length, lock hours)', async () => {
    const id = (await t.json('/api/teams', { token: admin.token, body: { name: 'Ladies' } })).body.id;
    // Staff run their own teams only (issue 30): a coach who is not on the new team's staff is refused.
    expect((await t.json(`/api/teams/${id}`, { method: 'PUT', token: staff.token, body: { name: 'Ladies First' } })).status).toBe(403);
    await t.db.insert(teamStaff).values({ player_id: staff.playerId!, team_id: id, role: 'coach' });
    const res = await t.json(`/api/teams/${id}`, { method: 'PUT', token: staff.token, body: { name: 'Ladies First', match_length_minutes: 80, availability_lock_hours: 24 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ladies First', slug: 'ladies-first', match_length_minutes: 80, availability_lock_hours: 24, sort_order: 4 });
    expect((await t.json(`/api/teams/${id}`, { method: 'PUT', token: admin.token, body: { name: 'Ladies', sort_order: 10 } })).body).toMatchObject({ sort_order: 10, match_length_minutes: 105 });
  });

  it('answers 401, 403 for players, 404 for an unknown id, 422 for bad input and 409 for a taken name', async () => {
    const vets = await teamId('Vets');
    expect((await t.json(`/api/teams/${vets}`, { method: 'PUT', body: { name: 'X' } })).status).toBe(401);
    expect((await t.json(`/api/teams/${vets}`, { method: 'PUT', token: player.token, body: { name: 'X' } })).status).toBe(403);
    expect((await t.json('/api/teams/00000000-0000-4000-8000-000000000000', { method: 'PUT', token: staff.token, body: { name: 'X' } })).status).toBe(404);
    expect((await t.json('/api/teams/not-a-uuid', { method: 'PUT', token: staff.token, body: { name: 'X' } })).status).toBe(404);
    expect((await t.json(`/api/teams/${vets}`, { method: 'PUT', token: staff.token, body: { name: '' } })).status).toBe(422);
    const taken = await t.json(`/api/teams/${vets}`, { method: 'PUT', token: staff.token, body: { name: 'senior' } });
    expect(taken.status).toBe(409);
    expect((await listTeams()).find((x) => x.id === vets)!.name).toBe('Vets');
  });
});

describe('DELETE /api/teams/{id}', () => {
  it('refuses a team that still has fixtures with 409 and says what to do', async () => {
    const vets = await teamId('Vets');
    expect((await t.json('/api/fixtures', { token: staff.token, body: { ...fixture, team_id: vets } })).status).toBe(201);
    const res = await t.json(`/api/teams/${vets}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This team still has 1 fixture. Move them to another team or delete them first.');
    expect(await teamId('Vets')).toBe(vets);
  });

  it('admin deletes a team without fixtures; its memberships and training slots go with it', async () => {
    const team = (await t.json('/api/teams', { token: admin.token, body: { name: 'Walking Football' } })).body;
    await t.db.insert(playerTeams).values({ player_id: player.playerId!, team_id: team.id });
    await t.db.insert(trainingSlots).values({ team_id: team.id, weekday: 3, start_time: '10:00', end_time: '11:00', place: 'Park' });
    expect((await t.json(`/api/teams/${team.id}`, { method: 'DELETE', token: staff.token })).status).toBe(403);
    expect((await t.json(`/api/teams/${team.id}`, { method: 'DELETE' })).status).toBe(401);
    const res = await t.json(`/api/teams/${team.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Team deleted successfully!');
    expect(await t.db.select().from(playerTeams).where(eq(playerTeams.team_id, team.id))).toEqual([]);
    expect(await t.db.select().from(trainingSlots).where(eq(trainingSlots.team_id, team.id))).toEqual([]);
    expect((await t.json(`/api/teams/${team.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });
});

describe('Fixtures belong to a team', () => {
  it('a fixture created without team_id (an earlier client) goes to the first team by sort order, Senior', async () => {
    const res = await t.json('/api/fixtures', { token: staff.token, body: fixture });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ team_id: await teamId('Senior'), team: 'Senior' });
    expect((await t.json(`/api/fixtures`)).body.find((f: { id: string }) => f.id === res.body.id).team).toBe('Senior');
  });

  it('takes team_id on create and update; leaving it out of an update keeps the team', async () => {
    const vets = await teamId('Vets');
    const created = await t.json('/api/fixtures', { token: admin.token, body: { ...fixture, team_id: vets } });
    expect(created.body).toMatchObject({ team_id: vets, team: 'Vets' });
    const kept = await t.json(`/api/fixtures/${created.body.id}`, { method: 'PUT', token: staff.token, body: { ...fixture, venue: 'Elsewhere' } });
    expect(kept.body).toMatchObject({ team: 'Vets', venue: 'Elsewhere' });
    const moved = await t.json(`/api/fixtures/${created.body.id}`, { method: 'PUT', token: staff.token, body: { ...fixture, team_id: await teamId('Senior') } });
    expect(moved.body.team).toBe('Senior');
  });

  it('refuses an unknown or malformed team_id with 422 and stores nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(fixtures))[0].n;
    for (const team_id of ['00000000-0000-4000-8000-000000000000', 'vets', '', 12]) {
      const res = await t.json('/api/fixtures', { token: staff.token, body: { ...fixture, team_id } });
      expect(res.status, String(team_id)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('team_id');
      expect(res.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    }
    expect((await t.db.select({ n: count() }).from(fixtures))[0].n).toBe(before);
  });

  it('GET /api/fixtures?team_id= lists one team\'s fixtures; an unknown id lists none', async () => {
    const vets = await teamId('Vets');
    const res = await t.json(`/api/fixtures?team_id=${vets}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((f: { team: string }) => f.team === 'Vets')).toBe(true);
    expect((await t.json('/api/fixtures?team_id=nothing')).body).toEqual([]);
  });
});

describe('Players belong to teams (team_ids)', () => {
  const newPlayer = { full_name: 'New Signing', jersey_number: 14, position: 'Forward', team_type: 'Senior', nationality: 'English' };

  it('takes team_ids on create and shows them in the admin list and the public squad', async () => {
    const ids = [await teamId('Vets'), await teamId('Senior')];
    const res = await t.json('/api/players', { token: admin.token, body: { ...newPlayer, team_ids: ids } });
    expect(res.status).toBe(201);
    expect(res.body.team_ids).toEqual([ids[1], ids[0]]); // in team order
    const squad = (await t.json('/api/squad')).body.find((p: { id: string }) => p.id === res.body.id);
    expect(squad.team_ids).toEqual([ids[1], ids[0]]);
  });

  it('without team_ids a new player joins the team named like their team_type, else the first team', async () => {
    const vet = await t.json('/api/players', { token: admin.token, body: { ...newPlayer, team_type: 'Vets' } });
    expect(vet.body.team_ids).toEqual([await teamId('Vets')]);
    const coach = await t.json('/api/players', { token: admin.token, body: { ...newPlayer, position: 'Staff', team_type: 'Staff' } });
    expect(coach.body.team_ids).toEqual([await teamId('Senior')]);
  });

  it('PUT replaces the memberships; leaving team_ids out keeps them', async () => {
    const created = (await t.json('/api/players', { token: admin.token, body: newPlayer })).body;
    const vets = await teamId('Vets');
    const moved = await t.json(`/api/players/${created.id}`, { method: 'PUT', token: admin.token, body: { ...newPlayer, team_ids: [vets] } });
    expect(moved.status).toBe(200);
    expect(moved.body.team_ids).toEqual([vets]);
    const kept = await t.json(`/api/players/${created.id}`, { method: 'PUT', token: admin.token, body: { ...newPlayer, full_name: 'Renamed' } });
    expect(kept.body).toMatchObject({ full_name: 'Renamed', team_ids: [vets] });
  });

  it('refuses no team, an unknown team or a malformed id with 422 and stores nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(players))[0].n;
    for (const team_ids of [[], ['00000000-0000-4000-8000-000000000000'], ['vets'], 'senior']) {
      const res = await t.json('/api/players', { token: admin.token, body: { ...newPlayer, team_ids } });
      expect(res.status, JSON.stringify(team_ids)).toBe(422);
      expect(res.body.detail).toMatch(/team/i);
    }
    expect((await t.db.select({ n: count() }).from(players))[0].n).toBe(before);
  });

  it('self-registration puts the new player in no team until approved, then in the first team', async () => {
    const res = await t.json('/api/players/register', {
      body: {
        username: 'newbie_team', password: 'correct horse battery', email: 'newbie_team@example.com', full_name: 'Newbie',
        phone_number: '07700 900000', date_of_birth: '1999-01-01', position_preference: 'Defender',
        emergency_contact_name: 'Mum', emergency_contact_phone: '07700 900001',
      },
    });
    expect(res.status).toBe(201);
    const teamsOf = () => t.db.select({ team: teams.name }).from(playerTeams).innerJoin(teams, eq(teams.id, playerTeams.team_id)).where(eq(playerTeams.player_id, res.body.player_id));
    expect(await teamsOf()).toEqual([]);
    const admin = await t.signedIn('admin');
    expect((await t.json(`/api/admin/registrations/${res.body.player_id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await teamsOf()).toEqual([{ team: 'Senior' }]);
  });
});

describe('The /initialize seed', () => {
  it('gives every fixture a team (veterans\' opponents to Vets), every player a team by team_type, and the staff teams to run', async () => {
    const fresh = await createTestContext();
    await fresh.initialize();
    const rows = await fresh.db.select({ away: fixtures.away_team, team: teams.name }).from(fixtures).innerJoin(teams, eq(teams.id, fixtures.team_id));
    expect(rows.length).toBe(13);
    for (const row of rows) expect(row.team, row.away).toBe(/\bVets\b/.test(row.away) ? 'Vets' : 'Senior');
    expect(new Set(rows.map((r) => r.team))).toEqual(new Set(['Senior', 'Vets']));
    const members = await fresh.db
      .select({ type: players.team_type, team: teams.name })
      .from(players)
      .leftJoin(playerTeams, eq(playerTeams.player_id, players.id))
      .leftJoin(teams, eq(teams.id, playerTeams.team_id));
    expect(members.length).toBeGreaterThan(10);
    for (const m of members) expect(m.team).toBe(m.type === 'Vets' ? 'Vets' : m.type === 'Staff' ? null : 'Senior');
    const staff = await fresh.db
      .select({ name: players.full_name, team: teams.name, role: teamStaff.role })
      .from(teamStaff)
      .innerJoin(players, eq(players.id, teamStaff.player_id))
      .innerJoin(teams, eq(teams.id, teamStaff.team_id))
      .orderBy(players.full_name);
    expect(staff).toEqual([
      { name: 'Dave Hollins', team: 'Vets', role: 'manager' },
      { name: 'Mike Brennan', team: 'Senior', role: 'assistant' },
      { name: 'Sarah Okafor', team: 'Senior', role: 'coach' },
    ]);
  });
});
