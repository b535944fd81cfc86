import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { eighteenthBirthday, seasonOf } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import { createMailingTestContext } from '../../tests/support/mail';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { waitFor } from '../../tests/support/smtp';
import { consents, juniorNotices, outbox, players } from '../db/schema';

// Issue 23: messages go to the right adults. Every mail the product sends to members, about a
// junior, goes to their guardians ("For Kit: …"); an under-16 never gets one at their own address,
// a 16-17 year old only with the direct-contact consent; medical notes are in no mail, feed or log line.
const SECRET = 'MEDICAL-SECRET-7731 epipen';
const logged: string[] = [];
const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
const spies = [
  vi.spyOn(console, 'log').mockImplementation(capture),
  vi.spyOn(console, 'error').mockImplementation(capture),
  vi.spyOn(console, 'warn').mockImplementation(capture),
];
afterAll(() => spies.forEach((s) => s.mockRestore()));

const t = await createMailingTestContext({ changeAnnounceDelayMs: 0 });
const { smtp } = t;
const j = juniorFixtures(t);
const admin = await t.signedIn('admin');
const manager = await t.signedIn('staff', { full_name: 'Maggie Manager' });
const grownUp = await t.signedIn('player', { full_name: 'Adam Adult' });

const kit = await j.child('Kit Young', bornYearsAgo(14), 'senior', true);
const tess = await j.child('Tess Teen', bornYearsAgo(16), 'senior', true);
const max = await j.child('Max Older', bornYearsAgo(17), 'senior', true);
const jane = await j.guardian('Jane Young', [kit, 'primary']);
const john = await j.guardian('John Young', [kit, 'view_only']);
const tom = await j.guardian('Tom Teen', [tess, 'primary']);
const mia = await j.guardian('Mia Older', [max, 'primary']);
await t.db.update(players).set({ medical_notes: SECRET }).where(eq(players.id, kit.id));
await t.db.update(players).set({ medical_notes: SECRET }).where(eq(players.id, tess.id));
expect((await t.json(`/api/players/${max.id}/consents`, { method: 'PUT', token: mia.token, body: { kind: 'direct_contact', given: true } })).status).toBe(200);
expect((await t.db.select().from(consents).where(eq(consents.player_id, max.id)))[0]).toMatchObject({ season: seasonOf(todayIso()), given: true });

const senior = ((await t.json('/api/teams')).body as { id: string; name: string }[]).find((x) => x.name === 'Senior')!.id;
const put = (path: string, token: string, body: unknown) => t.json(path, { method: 'PUT', token, body });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 15_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}

/** Every kind of mail the product sends to members, each about or to the juniors above. */
async function sendEverything() {
  const fixtureBody = {
    team_id: senior,
    away_team: 'Junior Rovers',
    match_date: addDaysIso(clubDateOf(new Date()), 5),
    match_time: '10:00',
    venue: 'Home Ground',
    competition: 'League',
    is_home: true,
    status: 'upcoming',
  };
  const created = await t.json('/api/fixtures', { token: manager.token, body: fixtureBody });
  expect(created.status).toBe(201);
  const fixture = created.body.id as string;
  // Availability request ("Can you play?") to everyone who has not answered.
  expect((await t.json(`/api/fixtures/${fixture}/availability/remind`, { method: 'POST', token: manager.token })).status).toBe(200);
  // Squad selection, then a drop.
  const squad = [kit, tess, max].map((c, i) => ({ player_id: c.id, role: 'starter', shirt_number: i + 2 }));
  squad.push({ player_id: grownUp.playerId!, role: 'starter', shirt_number: 1 });
  expect((await put(`/api/fixtures/${fixture}/selection`, manager.token, { players: squad })).status).toBe(200);
  expect((await t.json(`/api/fixtures/${fixture}/selection/publish`, { method: 'POST', token: manager.token })).status).toBe(200);
  expect((await put(`/api/fixtures/${fixture}/selection`, manager.token, { players: squad.filter((p) => p.player_id !== tess.id) })).status).toBe(200);
  await t.json(`/api/fixtures/${fixture}/selection/publish`, { method: 'POST', token: manager.token });
  // An event change, then a cancellation.
  expect((await put(`/api/fixtures/${fixture}`, manager.token, { ...fixtureBody, match_time: '11:30' })).status).toBe(200);
  await t.services.eventChanges.announceDue();
  expect((await put(`/api/fixtures/${fixture}`, manager.token, { ...fixtureBody, match_time: '11:30', status: 'cancelled' })).status).toBe(200);
  await t.services.eventChanges.announceDue();
  // Messages (to one junior with guardians copied, and to all), documents, a payment request, coach feedback.
  for (const child of [kit, tess, max]) {
    expect(
      (
        await t.json('/api/messages', {
          token: manager.token,
          body: { subject: 'Well played', body: 'Great effort', player_id: child.id, copy_guardians: true },
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.json('/api/documents', { token: admin.token, body: { title: 'Kit policy', url: 'https://example.org/kit.pdf', player_id: child.id } })).status,
    ).toBe(201);
    expect((await t.json(`/api/players/${child.id}/payments`, { token: admin.token, body: { description: 'Subs', amount: 12 } })).status).toBe(201);
    expect(
      (await t.json(`/api/players/${child.id}/feedback`, { token: manager.token, body: { category: 'General', feedback: 'Good', rating: 4 } })).status,
    ).toBe(201);
    // Account mail: a password reset asked for with the child's address (sent to no one: the parent asks the club).
    await t.json('/api/auth/forgot-password', {
      body: { email: child.email },
      headers: { 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 200)}` },
    } as never);
  }
  expect((await t.json('/api/messages', { token: admin.token, body: { subject: 'Club news', body: 'Presentation night' } })).status).toBe(201);
  expect((await t.json('/api/documents', { token: admin.token, body: { title: 'Fixtures list', url: 'https://example.org/list.pdf' } })).status).toBe(201);
  // A welcome (self-registration) is refused for a junior: nothing is sent.
  const registered = await t.json('/api/players/register', {
    body: {
      username: 'kid_self',
      email: 'kid-self@kids.example.com',
      password: 'a sturdy passphrase',
      full_name: 'Kid Self',
      phone_number: '07700 900111',
      date_of_birth: bornYearsAgo(12),
      position_preference: 'Defender',
      emergency_contact_name: 'Mum',
      emergency_contact_phone: '07700 900222',
    },
  });
  expect(registered.status).toBe(422);
  // An account invitation for a 15-year-old (agreed) goes to their guardian.
  const fifteen = await j.child('Fran Fifteen', bornYearsAgo(15));
  await j.link(jane.user.id, fifteen.id);
  await t.db.update(players).set({ login_agreed_at: new Date(), login_agreed_by: 'Jane Young' }).where(eq(players.id, fifteen.id));
  expect(
    (
      await t.json('/api/admin/create-player-account', {
        token: admin.token,
        body: { player_id: fifteen.id, username: 'fran_15', email: 'fran@kids.example.com' },
      })
    ).status,
  ).toBe(201);
  await delivered();
}

await sendEverything();

describe('Must never happen: an under-16 receiving any mail', () => {
  it('the 14-year-old gets nothing at their own address; their guardians get every kind, worded for a parent', () => {
    expect(mailsTo(kit.email!).map((m) => m.subject)).toEqual([]);
    expect(mailsTo('fran@kids.example.com')).toEqual([]);
    expect(mailsTo('kid-self@kids.example.com')).toEqual([]);
    const toJane = mailsTo(jane.email);
    const kinds = new Set(toJane.map((m) => m.header('X-Mail-Kind') ?? m.subject));
    expect(toJane.length).toBeGreaterThanOrEqual(10);
    for (const subject of [
      /^For Kit: Can you play/,
      /^For Kit: You're in the squad|^For Kit: .*squad/i,
      /^For Kit: .*(moved|changed|time)/i,
      /^For Kit: .*cancel/i,
      /^For Kit: Well played/,
      /^For Kit: .*document/i,
      // The payment request goes to the payer the treasury names (the primary guardian).
      /payment request: Subs/i,
      /^For Fran: .*login/i,
    ]) {
      expect(
        toJane.some((m) => subject.test(m.subject)),
        `${subject} among ${[...kinds].join(' | ')}`,
      ).toBe(true);
    }
    const mail = toJane.find((m) => /Well played/.test(m.subject))!;
    expect(mail.text).toContain('You are getting this as Kit’s parent or carer');
    // A view-only guardian is told too, without answer buttons.
    expect(mailsTo(john.email).some((m) => /^For Kit: Well played/.test(m.subject))).toBe(true);
    const johnAsked = mailsTo(john.email).find((m) => /^For Kit: Can you play/.test(m.subject))!;
    expect(johnAsked.text).toContain('You can see this but not answer it');
    expect(johnAsked.text).not.toContain('/availability?');
    // The club-wide message reaches the parent once, as theirs.
    expect(toJane.filter((m) => /Club news/.test(m.subject))).toHaveLength(1);
  });

  it('16-17: the guardians always; the player too only with the direct-contact consent', () => {
    expect(mailsTo(tess.email!).map((m) => m.subject)).toEqual([]);
    expect(mailsTo(tom.email).some((m) => /^For Tess: Well played/.test(m.subject))).toBe(true);
    expect(mailsTo(tom.email).some((m) => /^For Tess: Squad update/.test(m.subject))).toBe(true);
    expect(mailsTo(max.email!).some((m) => m.subject === 'Well played')).toBe(true);
    expect(mailsTo(max.email!).some((m) => /Can you play/.test(m.subject))).toBe(true);
    expect(mailsTo(mia.email).some((m) => /^For Max: Well played/.test(m.subject))).toBe(true);
    expect(mailsTo(grownUp.user.email).some((m) => /Can you play/.test(m.subject))).toBe(true);
  });
});

describe('Must never happen: medical notes in any mail, calendar feed or log line', () => {
  it('no mail, feed or log line carries them', async () => {
    expect(smtp.received.length).toBeGreaterThan(20);
    for (const m of smtp.received) expect(m.raw, m.subject).not.toContain('MEDICAL-SECRET');
    const feeds = ['/calendar/club.ics', '/calendar/teams/senior.ics'];
    const issued = await t.json('/api/calendar/token', { method: 'POST', token: max.token! });
    if (issued.body?.url) feeds.push(new URL(issued.body.url, 'http://x').pathname);
    for (const path of feeds) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain('MEDICAL-SECRET');
    }
    // Staff read the notes (recorded), which must not log them either.
    expect((await t.json(`/api/players/${kit.id}/medical-notes`, { token: manager.token })).body.medical_notes).toBe(SECRET);
    expect(logged.join('\n')).not.toContain('MEDICAL-SECRET');
  });
});

describe('The 18th birthday', () => {
  it('30 days before, the junior and their guardians are told once; a second run sends nothing', async () => {
    const today = todayIso();
    const dob = addDaysIso(addDaysIso(today, 20), 0).replace(/^(\d{4})/, (y) => String(Number(y) - 18));
    const soon = await j.child('Nina Nearly', dob, 'senior', true);
    const far = await j.child('Finn Far', bornYearsAgo(16), 'senior', true);
    await j.link(mia.user.id, soon.id);
    await j.link(mia.user.id, far.id);
    expect(eighteenthBirthday(dob) > today).toBe(true);
    expect(await t.services.juniors.noticeTurningEighteen()).toBe(1);
    expect(await t.services.juniors.noticeTurningEighteen()).toBe(0);
    await delivered();
    expect(mailsTo(mia.email).filter((m) => /^Nina turns 18/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(soon.email!).filter((m) => /^Nina turns 18/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(mia.email).some((m) => /^Finn turns 18/.test(m.subject))).toBe(false);
    expect(await t.db.select().from(juniorNotices).where(eq(juniorNotices.player_id, soon.id))).toHaveLength(1);
  });
});
