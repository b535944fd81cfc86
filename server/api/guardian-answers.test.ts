import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { availability, dbsChecks, outbox, players, teams } from '../db/schema';

// Issue 23: guardians answer for their children. A parent of two children in different teams
// answers for both (signed in, and from the mails' links); the manager sees who answered; a
// view-only guardian cannot; a junior without an emergency contact cannot be picked.
const t = await createTestContext({ publicUrl: 'https://club.example.org' });
await t.initialize();
const j = juniorFixtures(t);
const [u10] = await t.db.insert(teams).values({ name: 'Under 10s', slug: 'u10', age_group: 'U10', format: '7v7' }).returning();
const [u14] = await t.db.insert(teams).values({ name: 'Under 14s', slug: 'u14', age_group: 'U14', format: '11v11' }).returning();
const admin = await t.signedIn('admin');
// Staff of every team there is now, the two junior teams included.
const manager = await t.signedIn('staff', { full_name: 'Maggie Manager' });
// With an in-date DBS check: without one, a junior team's staff place is suspended (issue 31).
await t.db.insert(dbsChecks).values({ player_id: manager.playerId!, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
const ruby = await j.child('Ruby Reed', bornYearsAgo(9), 'u10');
const leo = await j.child('Leo Reed', bornYearsAgo(13), 'u14');
const stranger = await j.child('Nora Other', bornYearsAgo(13), 'u14');
const mum = await j.guardian('Rachel Reed', [ruby, 'primary'], [leo, 'secondary']);
const gran = await j.guardian('Gwen Reed', [ruby, 'view_only']);
const otherParent = await j.guardian('Olive Other', [stranger, 'primary']);
await t.db.update(players).set({ emergency_contact_name: null, emergency_contact_phone: null }).where(eq(players.id, stranger.id));
// The guardians' relationships as the club was told them.
const { guardians } = await import('../db/schema');
await t.db.update(guardians).set({ relationship: 'Mother' }).where(eq(guardians.user_id, mum.user.id));

async function fixture(teamId: string, opponent: string) {
  const res = await t.json('/api/fixtures', {
    token: admin.token,
    body: {
      team_id: teamId,
      away_team: opponent,
      match_date: addDaysIso(clubDateOf(new Date()), 6),
      match_time: '10:00',
      venue: 'Home Ground',
      competition: 'League',
      is_home: true,
      status: 'upcoming',
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const u10Match = await fixture(u10!.id, 'Tiny Town');
const u14Match = await fixture(u14!.id, 'Teen Town');
const put = (path: string, token: string, body: unknown) => t.json(path, { method: 'PUT', token, body });

describe('A guardian answers for their children', () => {
  it('sees each child’s schedule and answers for both; the manager sees “answered by Rachel Reed, mother”', async () => {
    const rubyEvents = await t.json(`/api/players/${ruby.id}/availability`, { token: mum.token });
    expect(rubyEvents.status).toBe(200);
    expect(rubyEvents.body.map((e: { id: string }) => e.id)).toContain(u10Match);
    expect(rubyEvents.body.map((e: { id: string }) => e.id)).not.toContain(u14Match);
    expect((await put(`/api/players/${ruby.id}/availability/fixture/${u10Match}`, mum.token, { status: 'available' })).status).toBe(200);
    expect(
      (await put(`/api/players/${leo.id}/availability/fixture/${u14Match}`, mum.token, { status: 'maybe', note: 'Back from holiday that morning' })).status,
    ).toBe(200);
    const [stored] = await t.db.select().from(availability).where(eq(availability.player_id, ruby.id));
    expect(stored).toMatchObject({ answered_by: mum.user.id, on_behalf: true, status: 'available' });
    const list = await t.json(`/api/fixtures/${u10Match}/availability`, { token: manager.token });
    expect(list.body.players.find((p: { player_id: string }) => p.player_id === ruby.id)).toMatchObject({
      status: 'available',
      on_behalf: true,
      answered_by: 'Rachel Reed, mother',
    });
    // A child's event of another team is refused.
    expect((await put(`/api/players/${ruby.id}/availability/fixture/${u14Match}`, mum.token, { status: 'available' })).status).toBe(403);
  });

  it('a view-only guardian sees but cannot answer; a parent of another child is refused everything', async () => {
    expect((await t.json(`/api/players/${ruby.id}/availability`, { token: gran.token })).status).toBe(200);
    const refused = await put(`/api/players/${ruby.id}/availability/fixture/${u10Match}`, gran.token, { status: 'unavailable' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/not answer for them/);
    for (const [method, path, body] of [
      ['GET', `/api/players/${ruby.id}/availability`, undefined],
      ['PUT', `/api/players/${ruby.id}/availability/fixture/${u10Match}`, { status: 'available' }],
      ['GET', `/api/players/${ruby.id}/selection`, undefined],
      ['PUT', `/api/players/${ruby.id}/selection/${u10Match}`, { confirmed: true }],
    ] as const) {
      expect((await t.json(path, { method, token: otherParent.token, body })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers from the mail’s signed link are recorded as a parent’s answer on the child’s behalf', async () => {
    const remind = await t.json(`/api/fixtures/${u14Match}/availability/remind`, { method: 'POST', token: manager.token });
    expect(remind.status).toBe(200);
    // Nora has no login: her parent is asked.
    const mail = (await t.db.select().from(outbox).where(eq(outbox.to_address, otherParent.email)))[0]!;
    expect(mail.subject).toMatch(/^For Nora: Can you play/);
    const link = /https:\/\/club\.example\.org(\/availability\?[^\s"]+status=available[^\s"]*)/.exec(mail.text_body)![1]!.replaceAll('&amp;', '&');
    const params = new URL(link, 'https://x').searchParams;
    const res = await t.services.availability.answerByLink(
      { kind: params.get('event')!, id: params.get('id')!, player: params.get('player')!, sig: params.get('sig')! },
      'available',
    );
    expect(res).toMatchObject({ player_id: stranger.id, on_behalf: true });
    const list = await t.json(`/api/fixtures/${u14Match}/availability`, { token: manager.token });
    expect(list.body.players.find((p: { player_id: string }) => p.player_id === stranger.id)).toMatchObject({ answered_by: 'A parent or carer (e-mail link)' });
  });
});

describe('Squad selection of juniors', () => {
  it('a junior without an emergency contact cannot be picked (422 naming them); the primary guardian confirms a place', async () => {
    const squad = (ids: string[]) => ({ players: ids.map((id, i) => ({ player_id: id, role: 'starter', shirt_number: i + 1 })) });
    const refused = await put(`/api/fixtures/${u14Match}/selection`, manager.token, squad([leo.id, stranger.id]));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/^Nora Other cannot be picked yet: a junior needs an emergency contact/);
    expect((await put(`/api/fixtures/${u10Match}/selection`, manager.token, squad([ruby.id]))).status).toBe(200);
    expect((await t.json(`/api/fixtures/${u10Match}/selection/publish`, { method: 'POST', token: manager.token })).status).toBe(200);
    const places = await t.json(`/api/players/${ruby.id}/selection`, { token: mum.token });
    expect(places.body).toEqual([expect.objectContaining({ fixture_id: u10Match, shirt_number: 1, confirmed: null })]);
    expect((await put(`/api/players/${ruby.id}/selection/${u10Match}`, gran.token, { confirmed: true })).status).toBe(403);
    const confirmed = await put(`/api/players/${ruby.id}/selection/${u10Match}`, mum.token, { confirmed: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ player_id: ruby.id, confirmed: true });
  });
});

describe('The automatic reminder to a parent of two children in different teams', () => {
  it('is one mail listing both, with answer links for each, sent once; a link answers for that child', async () => {
    // Teams of their own: the other tests' fixtures in the next days (some within 6 days of kick-off,
    // depending on the time of day) must not add reminders for these children.
    const [blues] = await t.db.insert(teams).values({ name: 'Under 10 Blues', slug: 'u10-blues', age_group: 'U10', format: '7v7' }).returning();
    const [greens] = await t.db.insert(teams).values({ name: 'Under 14 Greens', slug: 'u14-greens', age_group: 'U14', format: '11v11' }).returning();
    const asha = await j.child('Asha Patel', bornYearsAgo(9), 'u10-blues');
    const ravi = await j.child('Ravi Patel', bornYearsAgo(13), 'u14-greens');
    const dad = await j.guardian('Dev Patel', [asha, 'primary'], [ravi, 'primary']);
    const aunt = await j.guardian('Anita Patel', [asha, 'view_only']);
    const soon = (teamId: string, opponent: string) =>
      t.json('/api/fixtures', {
        token: admin.token,
        body: {
          team_id: teamId,
          away_team: opponent,
          match_date: addDaysIso(clubDateOf(new Date()), 4),
          match_time: '10:00',
          venue: 'Park',
          competition: 'Cup',
          is_home: true,
          status: 'upcoming',
        },
      });
    const ashaMatch = (await soon(blues!.id, 'Digest Rovers')).body.id as string;
    await soon(greens!.id, 'Digest United');
    const { sendDueReminders } = await import('../jobs/availability-reminders');
    await sendDueReminders(t.services.availability);
    await sendDueReminders(t.services.availability);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to_address, dad.email));
    const digests = mails.filter((m) => m.subject.startsWith('Can they play?'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Can they play? Asha and Ravi');
    expect(digests[0]!.text_body).toContain('Asha: Under 10 Blues vs Digest Rovers');
    expect(digests[0]!.text_body).toContain('Ravi: Under 14 Greens vs Digest United');
    expect(mails.filter((m) => /Can you play/.test(m.subject))).toHaveLength(0);
    // A view-only guardian gets no answer links.
    expect((await t.db.select().from(outbox).where(eq(outbox.to_address, aunt.email))).filter((m) => /Can (they|you) play/.test(m.subject))).toHaveLength(0);
    const ashaLink = new RegExp(`(/availability\\?event=fixture&id=${ashaMatch}&player=${asha.id}&status=available&sig=[\\w-]+)`).exec(
      digests[0]!.text_body,
    )![1]!;
    const params = new URL(ashaLink, 'https://x').searchParams;
    await t.services.availability.answerByLink({ kind: 'fixture', id: ashaMatch, player: asha.id, sig: params.get('sig')! }, 'available');
    const list = await t.json(`/api/fixtures/${ashaMatch}/availability`, { token: admin.token });
    expect(list.body.players.find((p: { player_id: string }) => p.player_id === asha.id)).toMatchObject({ status: 'available', on_behalf: true });
  });
});
