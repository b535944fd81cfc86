import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { dbsChecks, fixtureSelections, outbox, teams } from '../db/schema';

// Issue 31: nothing said twice. One kick-off change sent a parent two "For Aarav: Changed…" mails
// in the same second. Now each person gets one announcement per change, however many of their
// children it affects, naming each child with each child's answers; the coach gets a copy that
// tells, never asks to "confirm again"; meet time and kit are in the mails, and a meet-time
// change is announced too.
const DELAY_MS = 1_200;
const t = await createMailingTestContext({ changeAnnounceDelayMs: DELAY_MS });
const { smtp } = t;
await t.initialize();
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '7v7' }).returning();
const coach = await t.signedIn('staff', { full_name: 'Colin Coach' });
await t.db.insert(dbsChecks).values({ player_id: coach.playerId!, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
const j = juniorFixtures(t);
const aarav = await j.child('Aarav Shah', bornYearsAgo(8), 'u9');
const meera = await j.child('Meera Shah', bornYearsAgo(8), 'u9');
const dad = await j.guardian('Dev Shah', [aarav, 'primary'], [meera, 'primary']);
const matchDay = addDaysIso(clubDateOf(new Date()), 5);

const fixtureBody = (changes: Record<string, unknown> = {}) => ({
  team_id: u9!.id,
  away_team: 'Tiny Town',
  match_date: matchDay,
  match_time: '10:00',
  venue: 'Home Ground',
  competition: 'League',
  is_home: true,
  status: 'upcoming',
  meet_time: '09:15',
  kit: 'Blue home kit, shin pads',
  ...changes,
});
const put = (path: string, token: string, body: unknown) => t.json(path, { method: 'PUT', token, body });
const mailsTo = (email: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
}
async function announce() {
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 100));
  const n = await t.services.eventChanges.announceDue();
  await delivered();
  return n;
}

/** The match, both children picked and published, the parent's confirmation given for each. */
async function publishedWithBothChildren() {
  const created = await t.json('/api/fixtures', { token: coach.token, body: fixtureBody() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const players = [aarav, meera].map((p, i) => ({ player_id: p.id, role: 'starter', shirt_number: i + 1 }));
  expect((await put(`/api/fixtures/${id}/selection`, coach.token, { players })).status).toBe(200);
  expect((await t.json(`/api/fixtures/${id}/selection/publish`, { method: 'POST', token: coach.token })).status).toBe(200);
  for (const child of [aarav, meera]) expect((await put(`/api/players/${child.id}/selection/${id}`, dad.token, { confirmed: true })).status).toBe(200);
  await delivered();
  return id;
}

describe('A kick-off change affecting two children of one parent', () => {
  it('sends the parent ONE mail naming both children, with each child’s answers; the coach one informational copy', async () => {
    const id = await publishedWithBothChildren();
    // The squad's publication: one mail to the parent naming both children, with the meet time and kit.
    const picked = mailsTo(dad.email, /You're in the squad: Under 9s vs Tiny Town/);
    expect(picked.map((m) => m.subject)).toEqual([expect.stringMatching(/^For Aarav and Meera: You're in the squad: Under 9s vs Tiny Town/)]);
    expect(picked[0]!.text).toContain('Aarav has been picked for Under 9s vs Tiny Town: starting, shirt number 1.');
    expect(picked[0]!.text).toContain('Meera has been picked for Under 9s vs Tiny Town: starting, shirt number 2.');
    expect(picked[0]!.text).toContain('Meet at 09:15. Kit: Blue home kit, shin pads.');
    for (const child of [aarav, meera]) expect(picked[0]!.text).toMatch(new RegExp(`/squad-reply\\?fixture=${id}&player=${child.id}&answer=confirm`));

    expect((await put(`/api/fixtures/${id}`, coach.token, fixtureBody({ match_time: '10:30', meet_time: '09:45' }))).status).toBe(200);
    expect(await announce()).toBe(1);

    const changed = mailsTo(dad.email, /Changed: Under 9s vs Tiny Town/);
    expect(changed.map((m) => m.subject)).toEqual([expect.stringMatching(/^For Aarav and Meera: Changed: Under 9s vs Tiny Town, now /)]);
    const text = changed[0]!.text;
    expect(text).toContain('Kick-off: 10:00 → 10:30');
    expect(text).toContain('Meet: 09:15 → 09:45');
    expect(text).toContain('Meet at 09:45. Kit: Blue home kit, shin pads.');
    expect(text).toContain('Aarav and Meera are in the squad: can they still play?');
    for (const child of [aarav, meera]) expect(text).toMatch(new RegExp(`/squad-reply\\?fixture=${id}&player=${child.id}&answer=confirm`));
    expect(text).toContain('Aarav can still play');
    expect(text).toContain('Meera can’t play now');

    // And one notification in the parent's Players' Area, naming both.
    const notes = (await t.json('/api/players/me/notifications', { token: dad.token })).body as { title: string }[];
    expect(notes.filter((n) => /Changed: Under 9s vs Tiny Town/.test(n.title)).map((n) => n.title)).toEqual([
      expect.stringMatching(/^For Aarav and Meera: Changed: Under 9s vs Tiny Town, now /),
    ]);

    const staffCopy = mailsTo(coach.user.email, /^Changed: Under 9s vs Tiny Town/);
    expect(staffCopy).toHaveLength(1);
    expect(staffCopy[0]!.text).not.toMatch(/confirm again/i);
    expect(staffCopy[0]!.text).not.toContain('/squad-reply');
    expect(staffCopy[0]!.text).toContain('Everyone picked or who said they could play has been told');
    const coachNotes = (await t.json('/api/players/me/notifications', { token: coach.token })).body as { title: string; body: string }[];
    const coachNote = coachNotes.filter((n) => /Changed: Under 9s vs Tiny Town/.test(n.title));
    expect(coachNote).toHaveLength(1);
    expect(coachNote[0]!.body).not.toMatch(/confirm again/i);
  });
});

describe('A change of meet time alone', () => {
  it('is announced, once per parent, and leaves the answers standing', async () => {
    const id = await publishedWithBothChildren();
    const before = mailsTo(dad.email, /Changed: Under 9s vs Tiny Town/).length;
    expect((await put(`/api/fixtures/${id}`, coach.token, fixtureBody({ meet_time: '09:00' }))).status).toBe(200);
    expect(await announce()).toBe(1);
    const changed = mailsTo(dad.email, /Changed: Under 9s vs Tiny Town/).slice(before);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.subject).toMatch(/^For Aarav and Meera: /);
    expect(changed[0]!.text).toContain('Meet: 09:15 → 09:00');
    expect(changed[0]!.text).toContain('Your answer still stands; nothing more is needed from you.');
    expect(changed[0]!.text).not.toContain('/squad-reply');
    // Their confirmations stand: nobody is asked again.
    const places = await t.db.select().from(fixtureSelections).where(and(eq(fixtureSelections.fixture_id, id)));
    expect(places.map((p) => [p.confirmed, p.reconfirm])).toEqual([
      [true, false],
      [true, false],
    ]);
  });
});

describe("The manager's reminder to those who have not answered", () => {
  it('asks a parent about both children in ONE mail, with each child’s answers, meet time and kit', async () => {
    const created = await t.json('/api/fixtures', { token: coach.token, body: fixtureBody({ away_team: 'Quiet Quarry' }) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const reminded = await t.json(`/api/fixtures/${id}/availability/remind`, { method: 'POST', token: coach.token });
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    await delivered();
    const asked = mailsTo(dad.email, /Can you play\? Under 9s vs Quiet Quarry/);
    expect(asked.map((m) => m.subject)).toEqual([expect.stringMatching(/^For Aarav and Meera: Can you play\?/)]);
    expect(asked[0]!.text).toContain('Meet at 09:15. Kit: Blue home kit, shin pads.');
    expect(asked[0]!.text).toContain('Choose an answer for each below');
    for (const child of [aarav, meera]) expect(asked[0]!.text).toContain(`player=${child.id}&status=available`);
  });
});
