import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { outbox } from '../db/schema';
import { sendDueReminders } from '../jobs/availability-reminders';
import { createServices } from '../services';

const t = await createMailingTestContext();
const { smtp } = t;

const staff = await t.signedIn('staff');
const player = await t.signedIn('player', { full_name: 'Ann Answered' });
const silent = await t.signedIn('player', { full_name: 'Sid Silent' });
const quiet = await t.signedIn('player', { full_name: 'Quinn Quiet' }); // turned match-week mail off
expect((await t.json('/api/preferences', { method: 'PUT', token: quiet.token, body: { matchday: false } })).status).toBe(200);
const senior = ((await t.json('/api/teams')).body as Array<{ id: string; name: string }>).find((x) => x.name === 'Senior')!.id;

async function fixture(hoursAhead: number, opponent: string) {
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: staff.token,
    body: { team_id: senior, away_team: opponent, match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Home Ground', competition: 'League' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(address) && subject.test(m.subject));
/** Waits until the outbox has nothing left to send, then a moment for anything late. */
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('automatic reminders, 6 days and 48 hours before kick-off', () => {
  it('go once each, only to players with no answer (and mail on), also with two app processes running them at once', async () => {
    const sixDays = await fixture(5 * 24, 'Sixday Rovers');
    const twoDays = await fixture(40, 'Twoday Town');
    const later = await fixture(8 * 24, 'Far Future');
    for (const f of [sixDays, twoDays]) {
      expect((await t.json(`/api/fixtures/${f}/availability/me`, { method: 'PUT', token: player.token, body: { status: 'available' } })).status).toBe(200);
    }
    // A second process on the same database: its own services, its own signing-key cache.
    const second = createServices(t.db, { adminUsername: 'admin', publicUrl: 'https://club.example.org' });
    const runs = await Promise.all([sendDueReminders(t.services.availability), sendDueReminders(second.availability), sendDueReminders(t.services.availability)]);
    expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBe(2); // Sid, for each fixture
    expect((await sendDueReminders(second.availability)).queued).toBe(0);
    await delivered();

    const six = mailsTo(silent.user.email, /Sixday Rovers/);
    const two = mailsTo(silent.user.email, /Twoday Town/);
    expect(six).toHaveLength(1);
    expect(two).toHaveLength(1);
    expect(six[0].subject).toMatch(/^Can you play\? Senior vs Sixday Rovers/);
    // The time left as it really is (issue 22): the 6-day reminder of a fixture added 5 days ahead says 5 days.
    expect(six[0].text).toContain('Kick-off is 5 days away');
    expect(two[0].text).toContain('Kick-off is 2 days away');
    // Dates in words, in club time (never ISO), and the headers of an automatic mail a member can turn off.
    expect(six[0].text).toMatch(/Answers close (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d \(club time\)/);
    expect(six[0].text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(six[0].header('auto-submitted')).toBe('auto-generated');
    expect(mailsTo(silent.user.email, /Far Future/)).toHaveLength(0);
    expect(mailsTo(player.user.email, /Can you play/)).toHaveLength(0);
    expect(mailsTo(quiet.user.email, /Can you play/)).toHaveLength(0);
    const keys = (await t.db.select({ key: outbox.dedupe_key }).from(outbox).where(like(outbox.dedupe_key, 'availability-reminder:%'))).map((r) => r.key);
    expect(keys.sort()).toEqual([`availability-reminder:${sixDays}:${silent.playerId}:early:${silent.user.id}`, `availability-reminder:${twoDays}:${silent.playerId}:late:${silent.user.id}`].sort());
    expect(later).toBeTruthy();

    // The mail's one-click links: Available / Maybe / Unavailable, each a signed page address.
    const links = [...six[0].text.matchAll(/^(Available|Maybe|Unavailable): (https:\/\/club\.example\.org\/availability\?\S+)$/gm)];
    expect(links.map((l) => l[1])).toEqual(['Available', 'Maybe', 'Unavailable']);
    expect(six[0].header('list-unsubscribe')).toMatch(/kind=matchday/);
    const url = new URL(links[2][2]);
    const link = { kind: url.searchParams.get('event')!, id: url.searchParams.get('id')!, player: url.searchParams.get('player')!, sig: url.searchParams.get('sig')! };
    expect(url.searchParams.get('status')).toBe('unavailable');
    await t.services.availability.answerByLink(link, 'unavailable');
    // Answered now: a later run (the 48-hour stage of the same fixture) leaves Sid alone.
    const counts = (await t.json(`/api/fixtures/${sixDays}/availability`, { token: staff.token })).body.counts;
    expect(counts).toMatchObject({ available: 1, unavailable: 1 });
  });
});

describe("POST /api/fixtures/{id}/availability/remind (\"Remind those who haven't answered\")", () => {
  it('sends to those with no answer; a second press within the hour is 429 and sends nothing, also when pressed twice at once', async () => {
    const match = await fixture(10 * 24, 'Remind Athletic');
    const presses = await Promise.all([
      t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST', token: staff.token }),
      t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST', token: staff.token }),
    ]);
    expect(presses.map((p) => p.status).sort()).toEqual([200, 429]);
    const ok = presses.find((p) => p.status === 200)!;
    expect(ok.body.reminded).toBe(2); // Ann and Sid; Quinn turned it off
    const again = await t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST', token: staff.token });
    expect(again.status).toBe(429);
    expect(again.body.detail).toMatch(/^Reminders for this fixture were sent at \d\d:\d\d; you can send them again from \d\d:\d\d \(at most once an hour\)\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
    await delivered();
    expect(mailsTo(silent.user.email, /Remind Athletic/)).toHaveLength(1);
    expect(mailsTo(player.user.email, /Remind Athletic/)).toHaveLength(1);
    expect(mailsTo(quiet.user.email, /Remind Athletic/)).toHaveLength(0);
  });

  it('reminds those who said maybe too; with nobody left to ask it answers 409 and does not spend the hour', async () => {
    const match = await fixture(11 * 24, 'Maybe Wanderers');
    const remind = () => t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST', token: staff.token });
    for (const who of [player, silent, quiet]) await t.json(`/api/fixtures/${match}/availability/me`, { method: 'PUT', token: who.token, body: { status: 'available' } });
    const others = (await t.json(`/api/fixtures/${match}/availability`, { token: staff.token })).body.players as { player_id: string; status: string | null; full_name: string }[];
    for (const other of others.filter((p) => p.status === null)) {
      await t.json(`/api/fixtures/${match}/availability/${other.player_id}`, { method: 'PUT', token: staff.token, body: { status: 'unavailable' } });
    }
    const nobody = await remind();
    expect(nobody.status).toBe(409);
    expect(nobody.body.detail).toBe('Everyone has answered and nobody said maybe: there is nobody to remind.');
    await t.json(`/api/fixtures/${match}/availability/me`, { method: 'PUT', token: silent.token, body: { status: 'maybe' } });
    const now = await remind();
    expect(now.status).toBe(200);
    expect(now.body.reminded).toBe(1);
    await delivered();
    expect(mailsTo(silent.user.email, /Maybe Wanderers/)).toHaveLength(1);
    expect(mailsTo(player.user.email, /Maybe Wanderers/)).toHaveLength(0);
  });

  it('players 403, anonymous 401, a cancelled fixture 409, an unknown one 404', async () => {
    const match = await fixture(9 * 24, 'Guarded United');
    expect((await t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST', token: player.token })).status).toBe(403);
    expect((await t.json(`/api/fixtures/${match}/availability/remind`, { method: 'POST' })).status).toBe(401);
    expect((await t.json('/api/fixtures/00000000-0000-4000-8000-000000000000/availability/remind', { method: 'POST', token: staff.token })).status).toBe(404);
    const at = new Date(Date.now() + 9 * 24 * 3_600_000);
    const cancelled = await t.json('/api/fixtures', {
      token: staff.token,
      body: { team_id: senior, away_team: 'Off FC', match_date: clubDateOf(at), match_time: '15:00', venue: 'Home Ground', competition: 'League', status: 'cancelled' },
    });
    expect((await t.json(`/api/fixtures/${cancelled.body.id}/availability/remind`, { method: 'POST', token: staff.token })).status).toBe(409);
  });
});
