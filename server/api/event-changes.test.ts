import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { eventChanges, notifications, outbox } from '../db/schema';

// Issue 22: changes are announced. A fixture moved after its squad was published: each selected
// player gets exactly one mail naming the old and new time (edits made close together are one
// change), their confirmations become "please confirm again"; a cancellation tells everyone who
// was selected or said they could play, and nobody who had said they could not.
const DELAY_MS = 1_500;
const t = await createMailingTestContext({ changeAnnounceDelayMs: DELAY_MS });
const { smtp } = t;
const admin = await t.signedIn('admin');
const manager = await t.signedIn('staff', { full_name: 'Maggie Manager' });
const squad = await Promise.all(Array.from({ length: 11 }, (_, i) => t.signedIn('player', { full_name: `Squad Player ${i + 1}` })));
const absent = await t.signedIn('player', { full_name: 'Una Unavailable' });
const senior = ((await t.json('/api/teams')).body as { id: string; name: string }[]).find((x) => x.name === 'Senior')!.id;
const matchDay = addDaysIso(clubDateOf(new Date()), 5);

const fixtureBody = (opponent: string, changes: Record<string, unknown> = {}) => ({
  team_id: senior,
  away_team: opponent,
  match_date: matchDay,
  match_time: '14:00',
  venue: 'Home Ground',
  competition: 'League',
  is_home: true,
  status: 'upcoming',
  ...changes,
});
const put = (path: string, token: string, body: unknown) => t.json(path, { method: 'PUT', token, body });
const mailsTo = (email: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
}
/** Waits out the coalescing window and runs the job as the server's timer would. */
async function announce() {
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 100));
  return t.services.eventChanges.announceDue();
}

async function publishedFixture(opponent: string) {
  const created = await t.json('/api/fixtures', { token: manager.token, body: fixtureBody(opponent) });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await put(`/api/fixtures/${id}/availability/me`, absent.token, { status: 'unavailable' });
  const players = squad.map((p, i) => ({ player_id: p.playerId, role: 'starter', shirt_number: i + 1 }));
  expect((await put(`/api/fixtures/${id}/selection`, manager.token, { players })).status).toBe(200);
  expect((await t.json(`/api/fixtures/${id}/selection/publish`, { method: 'POST', token: manager.token })).status).toBe(200);
  return id;
}

describe('A fixture moved after the squad was published', () => {
  it('each selected player gets one mail naming the old and new time, however many edits; confirmations must be given again', async () => {
    const id = await publishedFixture('Moved Town');
    for (const p of squad.slice(0, 2)) expect((await put(`/api/fixtures/${id}/selection/me`, p.token, { confirmed: true })).status).toBe(200);

    expect((await put(`/api/fixtures/${id}`, manager.token, fixtureBody('Moved Town', { match_time: '15:30' }))).status).toBe(200);
    // Still inside the window: nothing is announced yet, and a second edit joins the first.
    expect(await t.services.eventChanges.announceDue()).toBe(0);
    expect((await put(`/api/fixtures/${id}`, manager.token, fixtureBody('Moved Town', { match_time: '15:30', venue: '3G pitch' }))).status).toBe(200);
    expect(await announce()).toBe(1);
    await delivered();

    for (const p of squad) {
      const mails = mailsTo(p.user.email, /^Changed: Senior vs Moved Town/);
      expect(mails, p.user.full_name).toHaveLength(1);
      expect(mails[0].text).toContain('Kick-off: 14:00 → 15:30');
      expect(mails[0].text).toContain('Place: Home Ground → 3G pitch');
    }
    // Those who had confirmed are asked again, with the one-tap links; the others get the news.
    expect(mailsTo(squad[0].user.email, /^Changed: Senior vs Moved Town/)[0].text).toMatch(/\/squad-reply\?fixture=[^&\s]+&player=[^&\s]+&answer=confirm/);
    expect(mailsTo(squad[5].user.email, /^Changed: Senior vs Moved Town/)[0].text).not.toContain('/squad-reply');
    expect(mailsTo(manager.user.email, /^Changed: Senior vs Moved Town/)).toHaveLength(1);
    expect(mailsTo(absent.user.email, /Moved Town/)).toHaveLength(0);

    const view = (await t.json(`/api/fixtures/${id}/selection`, { token: manager.token })).body as { players: { player_id: string; confirmed: boolean | null; reconfirm: boolean }[] };
    const first = view.players.find((p) => p.player_id === squad[0].playerId)!;
    expect(first).toMatchObject({ confirmed: null, reconfirm: true });
    // The players' area reads the same (its dashboard says "please confirm again").
    const mine = await t.services.selection.mine(squad[0].user);
    expect(mine.find((s) => s.fixture_id === id)).toMatchObject({ confirmed: null, reconfirm: true });
    // Confirming again clears it; the job never announces the same change twice.
    expect((await put(`/api/fixtures/${id}/selection/me`, squad[0].token, { confirmed: true })).body.confirmed).toBe(true);
    expect(await t.services.eventChanges.announceDue()).toBe(0);
    const [change] = await t.db.select().from(eventChanges).where(eq(eventChanges.event_id, id));
    expect(change.sent_at).not.toBeNull();
  });

  it('an edit undone within the window announces nothing', async () => {
    const id = await publishedFixture('Undo United');
    await put(`/api/fixtures/${id}`, manager.token, fixtureBody('Undo United', { match_time: '16:00' }));
    await put(`/api/fixtures/${id}`, manager.token, fixtureBody('Undo United'));
    expect(await announce()).toBe(1);
    await delivered();
    expect(smtp.received.filter((m) => /Undo United/.test(m.subject) && /^Changed/.test(m.subject))).toHaveLength(0);
  });
});

describe('A cancelled fixture', () => {
  it('tells each player who was selected or said they could play, once; not those who said they could not; the squad is cleared', async () => {
    const created = await t.json('/api/fixtures', { token: manager.token, body: fixtureBody('Cancel City') });
    const id = created.body.id as string;
    await put(`/api/fixtures/${id}/availability/me`, squad[5].token, { status: 'available' });
    await put(`/api/fixtures/${id}/availability/me`, squad[6].token, { status: 'maybe' });
    await put(`/api/fixtures/${id}/availability/me`, absent.token, { status: 'unavailable' });
    await put(`/api/fixtures/${id}/selection`, manager.token, { players: [{ player_id: squad[0].playerId, role: 'starter', shirt_number: 1 }] });
    expect((await put(`/api/fixtures/${id}`, admin.token, fixtureBody('Cancel City', { status: 'cancelled' }))).status).toBe(200);
    expect(await announce()).toBe(1);
    await delivered();
    for (const p of [squad[0], squad[5], squad[6]]) expect(mailsTo(p.user.email, /^Cancelled: Senior vs Cancel City/), p.user.full_name).toHaveLength(1);
    for (const p of [absent, squad[7]]) expect(mailsTo(p.user.email, /Cancel City/), p.user.full_name).toHaveLength(0);
    expect((await t.json(`/api/fixtures/${id}/selection`, { token: manager.token })).body.players).toEqual([]);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.user_id, squad[5].user.id), eq(notifications.kind, 'event_change')));
    expect(notes.filter((n) => /Cancel City/.test(n.title)).map((n) => n.title)).toEqual([expect.stringMatching(/^Cancelled: Senior vs Cancel City/)]);
  });
});

describe('A moved training session', () => {
  it('tells those who said they would come and the team’s staff what moved', async () => {
    const sessions = (await t.json('/api/training-sessions', { token: manager.token })).body as { id: string; team_id: string; date: string; start_time: string; end_time: string; place: string }[];
    const session = sessions.find((s) => s.team_id === senior && s.date > clubDateOf(new Date()))!;
    await put(`/api/training-sessions/${session.id}/availability/me`, squad[1].token, { status: 'available' });
    await put(`/api/training-sessions/${session.id}/availability/me`, squad[2].token, { status: 'unavailable' });
    const moved = await t.json(`/api/training-sessions/${session.id}`, { method: 'PATCH', token: manager.token, body: { start_time: '18:30', end_time: '20:00', place: '3G pitch' } });
    expect(moved.status).toBe(200);
    expect(await announce()).toBe(1);
    await delivered();
    const mails = mailsTo(squad[1].user.email, /^Changed: Senior training/);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Start: ${session.start_time} → 18:30`);
    expect(mails[0].text).toContain(`Place: ${session.place} → 3G pitch`);
    expect(mailsTo(manager.user.email, /^Changed: Senior training/)).toHaveLength(1);
    expect(mailsTo(squad[2].user.email, /Senior training/)).toHaveLength(0);
  });
});
