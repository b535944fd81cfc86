/** The access matrix (issue 30): fixtures, the match week, teams and training: team-scoped (finding 2). */
import { ADMIN, CLUB_ADMINS, CLUB_ROLES, day, EVERYONE, row, SENIOR_RUNNERS, U12_RUNNERS, unique, type Bind, type Row } from './personas';

const fixtureBody = (team: string) => (b: Bind) => ({
  team_id: b.x[team],
  away_team: 'Hilltop Harriers',
  match_date: day(12),
  match_time: '10:30',
  venue: 'Riverside Park',
  competition: 'League',
  is_home: true,
});
const slotBody = { weekday: 2, start_time: '17:30', end_time: '18:30', place: 'Riverside Park' };
const sessionBody = (team: string) => (b: Bind) => ({ team_id: b.x[team], date: day(6), start_time: '18:00', end_time: '19:00', place: 'Riverside Park' });
const answer = { status: 'available', note: null };

export const TEAM_ROWS: Row[] = [
  // --- Fixtures and the match week (team-scoped, finding 2) ---
  row('GET /api/fixtures', { allow: EVERYONE }),
  row('POST /api/fixtures', { body: fixtureBody('u12'), allow: U12_RUNNERS }),
  row('POST /api/fixtures', { body: fixtureBody('senior'), allow: SENIOR_RUNNERS }),
  row('GET /api/fixtures/{id}', { params: { id: 'u12Fixture' }, allow: EVERYONE }),
  row('PUT /api/fixtures/{id}', { params: { id: 'u12Fixture' }, body: fixtureBody('u12'), allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}', {
    fresh: 'seniorFixture',
    body: fixtureBody('u12'),
    allow: CLUB_ADMINS,
    why: 'moving a fixture between teams: the staff of both the old and the new team',
  }),
  row('DELETE /api/fixtures/{id}', { fresh: 'u12Fixture', allow: U12_RUNNERS }),
  row('GET /api/fixtures/{id}/availability', { params: { id: 'u12Fixture' }, allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}/availability/me', {
    params: { id: 'u12Fixture' },
    body: answer,
    allow: ['junior14'],
    why: 'a player of the team answers for themselves',
  }),
  row('PUT /api/fixtures/{id}/availability/{player_id}', { params: { id: 'u12Fixture', player_id: 'otherChild' }, body: answer, allow: U12_RUNNERS }),
  row('POST /api/fixtures/{id}/availability/remind', { fresh: 'u12Fixture', allow: U12_RUNNERS, ok: [409] }),
  row('GET /api/fixtures/{id}/selection', { params: { id: 'u12Fixture' }, allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}/selection', {
    fresh: 'u12Fixture',
    body: (b) => ({ players: [{ player_id: b.x.otherChild, role: 'starter', shirt_number: 7 }] }),
    allow: U12_RUNNERS,
  }),
  row('POST /api/fixtures/{id}/selection/publish', { fresh: 'u12Fixture', allow: U12_RUNNERS, ok: [409, 422], why: 'nothing picked yet: 422' }),
  row('PUT /api/fixtures/{id}/selection/me', {
    params: { id: 'u12Fixture' },
    body: { confirmed: true },
    allow: ['junior14'],
    ok: [404, 409],
    why: 'not picked: 409',
  }),

  // --- Teams and training ---
  row('GET /api/teams', { allow: EVERYONE }),
  row('POST /api/teams', { body: () => ({ name: `Vets ${unique()}`, age_group: 'Veterans', format: '11v11' }), allow: ADMIN }),
  row('PUT /api/teams/{id}', { params: { id: 'u12' }, body: { name: 'U12 Robins', age_group: 'U12', format: '9v9' }, allow: U12_RUNNERS }),
  row('PUT /api/teams/{id}', {
    fresh: 'juniorTeam',
    body: (b) => ({ name: b.fresh.name, age_group: 'Open', format: '7v7' }),
    allow: ['admin', 'welfareOfficer'],
    why: "a team's age group: the admin or the welfare officer only (finding 2)",
  }),
  row('DELETE /api/teams/{id}', { fresh: 'team', allow: ADMIN }),
  row('GET /api/teams/{id}/training-slots', { params: { id: 'senior' }, allow: EVERYONE }),
  row('GET /api/teams/{id}/training-slots', {
    params: { id: 'u12' },
    // Where and when a junior team trains: its members, their parents and the club (finding 19).
    allow: ['junior14', 'parentA', 'parentB', 'coachU12', ...CLUB_ROLES],
    hides: 'u12Slot',
  }),
  row('POST /api/teams/{id}/training-slots', { params: { id: 'u12' }, body: slotBody, allow: U12_RUNNERS }),
  row('PUT /api/training-slots/{id}', { params: { id: 'u12Slot' }, body: slotBody, allow: U12_RUNNERS }),
  row('DELETE /api/training-slots/{id}', { fresh: 'u12Slot', allow: U12_RUNNERS }),
  row('GET /api/training-sessions', {
    query: (b) => `team_id=${b.x.u12}`,
    allow: ['junior14', 'parentA', 'parentB', 'coachU12', ...CLUB_ROLES],
    hides: 'u12Session',
  }),
  row('POST /api/training-sessions', { body: sessionBody('u12'), allow: U12_RUNNERS }),
  row('PATCH /api/training-sessions/{id}', { params: { id: 'u12Session' }, body: { place: 'Riverside Park, pitch 2' }, allow: U12_RUNNERS }),
  row('DELETE /api/training-sessions/{id}', { fresh: 'u12Session', allow: U12_RUNNERS }),
  row('GET /api/training-sessions/{id}/availability', { params: { id: 'u12Session' }, allow: U12_RUNNERS }),
  row('PUT /api/training-sessions/{id}/availability/me', { params: { id: 'u12Session' }, body: answer, allow: ['junior14'] }),
  row('PUT /api/training-sessions/{id}/availability/{player_id}', { params: { id: 'u12Session', player_id: 'otherChild' }, body: answer, allow: U12_RUNNERS }),
  row('GET /api/training-sessions/{id}/attendance', { params: { id: 'u12Session' }, allow: U12_RUNNERS }),
  row('PUT /api/training-sessions/{id}/attendance', {
    params: { id: 'u12Session' },
    body: (b) => ({ present: [b.x.otherChild] }),
    allow: U12_RUNNERS,
    ok: [409],
    why: 'a session still to come: 409',
  }),
];
