/**
 * For browser tests on the shared server (useBrowser): a junior team "U10 Wrens <tag>" made by the
 * admin through the API, with what a junior team needs first (issue 31): a welfare officer and the
 * club's welfare address.
 */
import { expect } from 'vitest';
import { apiAs } from './admin';
import { registerPlayer } from './api-client';

export async function juniorTeamWithOfficer(baseURL: string, adminPassword: string, tag: string) {
  const admin = await apiAs(baseURL, 'admin', adminPassword);
  const officer = await registerPlayer(baseURL, 'welf', { full_name: `Wyn Welfare ${tag}` });
  const logins = (await admin.get('/api/admin/roles')).body.logins as { user_id: string; username: string }[];
  await admin.post('/api/admin/club-roles', { user_id: logins.find((l) => l.username === officer.username)!.user_id, role: 'welfare_officer' });
  const { welfare_officer: _name, ...editable } = (await admin.get('/api/settings')).body;
  if (!editable.welfare_email) expect((await admin.put('/api/settings', { ...editable, welfare_email: 'welfare@example.org' })).status).toBe(200);
  const team = await admin.post('/api/teams', { name: `U10 Wrens ${tag}`, age_group: 'U10', format: '7v7' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  return { admin, team: team.body as { id: string; name: string } };
}
