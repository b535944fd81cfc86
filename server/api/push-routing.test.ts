/**
 * Issue 35's acceptance through real events: the squad is published through the API, the push worker
 * sends to a real push service on 127.0.0.1 (tests/support/push-service.ts: it checks each request's
 * VAPID JWT and decrypts the body with the browser's keys) and the outbox worker to a real SMTP
 * server. Push goes INSTEAD of the e-mail to those who chose it and have a device (ADR push routing);
 * the others get the e-mail as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { createMailingTestContext } from '../../tests/support/mail';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { startPushService, TEST_VAPID_SUBJECT, testPushWorker } from '../../tests/support/push-service';
import { waitFor } from '../../tests/support/smtp';
import { outbox, players, pushOutbox, pushSubscriptions } from '../db/schema';
import { setLogLevel } from '../log';

// A 410 is logged as a warning by design.
setLogLevel('error');

const VAPID_SUBJECT = TEST_VAPID_SUBJECT;
const publicKey = async () => (await t.services.push.keys()).publicKey;
const service = await startPushService({ publicKey });
const t = await createMailingTestContext({ vapidSubject: VAPID_SUBJECT, pushAllowedOrigins: [service.origin] });
const { smtp } = t;
const j = juniorFixtures(t);
const worker = testPushWorker(t.db, t.services.push.keys, service);
worker.start();
afterAll(async () => {
  await worker.stop();
  await service.stop();
});

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
/** A browser turning notifications on for the signed-in person: POST /api/push/subscriptions, as the portal does. */
async function device(token: string) {
  const sub = service.subscribe();
  const answer = await t.json('/api/push/subscriptions', { token, headers: { 'user-agent': ANDROID }, body: sub });
  expect(answer.status).toBe(201);
  return sub.endpoint;
}

const staff = await t.signedIn('staff', { full_name: 'Maggie Manager' });
const senior = ((await t.json('/api/teams')).body as Array<{ id: string; name: string }>).find((x) => x.name === 'Senior')!.id;
const VENUE = 'Hollow Lane Recreation Ground';

async function fixture(opponent: string) {
  const at = new Date(Date.now() + 96 * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: staff.token,
    body: { team_id: senior, away_team: opponent, match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: VENUE, competition: 'League', status: 'upcoming' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
async function publish(opponent: string, playerIds: string[]) {
  const match = await fixture(opponent);
  const body = { players: playerIds.map((player_id, i) => ({ player_id, role: i < 11 ? 'starter' : 'substitute', shirt_number: i + 1 })) };
  expect((await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: staff.token, body })).status).toBe(200);
  const published = await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token });
  expect(published.status).toBe(200);
  return match;
}
/** Both outboxes done: every push sent or dead, every mail sent; then a moment for anything sent twice to arrive. */
async function settled() {
  await waitFor(async () => (await t.db.select().from(pushOutbox)).every((r) => r.status === 'sent' || r.status === 'dead'), 15_000, 'the push outbox');
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 15_000, 'the mail outbox');
  await new Promise((resolve) => setTimeout(resolve, 300));
}
const squadMailsTo = (email: string, opponent: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.includes(`vs ${opponent}`));
const everyPayload: string[] = [];
const received = (endpoint: string) => {
  const list = service.received(endpoint);
  everyPayload.push(...list.map((p) => JSON.stringify(p)));
  return list;
};

const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => t.signedIn('player', { full_name: `Squad Player${String.fromCharCode(65 + i)}` })));
// Ten with one phone each, the eleventh with two: each device once.
const phones = new Map<string, string[]>();
for (const [i, p] of eleven.entries()) phones.set(p.user.id, i === 10 ? [await device(p.token), await device(p.token)] : [await device(p.token)]);

describe('Push routing through real events (issue 35)', () => {
  it('a squad published to 11 players with push on reaches each device once, with the exact text, and no e-mail', async () => {
    await publish('Elevenford', eleven.map((p) => p.playerId!));
    await settled();
    for (const p of eleven) {
      for (const endpoint of phones.get(p.user.id)!) {
        expect(received(endpoint)).toEqual([expect.objectContaining({ title: 'Team sheet published', body: 'Open to see it', url: '/players-area' })]);
      }
      expect(squadMailsTo(p.user.email, 'Elevenford')).toEqual([]);
    }
    expect(service.problems).toEqual([]);
  });

  it('a junior’s notification reaches their parent’s device, not the child’s; a parent with no device gets the e-mail', async () => {
    const kit = await j.child('Kit Young', bornYearsAgo(12), 'senior', true);
    const parent = await j.guardian('Jane Young', [kit, 'primary']);
    const carer = await j.guardian('Carl Young', [kit, 'secondary']);
    const kitsPhone = await device(kit.token!);
    const parentsPhone = await device(parent.token);
    await publish('Juniorton', [kit.id]);
    await settled();
    expect(received(parentsPhone)).toEqual([expect.objectContaining({ title: 'Team sheet published', body: 'Open to see it' })]);
    expect(received(kitsPhone)).toEqual([]);
    expect(squadMailsTo(parent.email, 'Juniorton')).toEqual([]);
    expect(squadMailsTo(carer.email, 'Juniorton').map((m) => m.subject)).toEqual([expect.stringMatching(/^For Kit: /)]);
    expect(smtp.received.some((m) => m.to.includes(kit.email!))).toBe(false);
  });

  it('a 410 removes the subscription: that message and the next go by e-mail', async () => {
    const gone = await t.signedIn('player', { full_name: 'Gina Gone' });
    const endpoint = await device(gone.token);
    service.setMode(endpoint, 'gone');
    await publish('Goneborough', [gone.playerId!]);
    await settled();
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, gone.user.id))).toEqual([]);
    expect(squadMailsTo(gone.user.email, 'Goneborough')).toHaveLength(1);
    await publish('Nextville', [gone.playerId!]);
    await settled();
    expect(squadMailsTo(gone.user.email, 'Nextville')).toHaveLength(1);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.user_id, gone.user.id))).toHaveLength(1);
  });

  it('a kind turned off for push comes by e-mail; the other kinds still come by push', async () => {
    const choosy = await t.signedIn('player', { full_name: 'Chris Choosy' });
    const endpoint = await device(choosy.token);
    expect((await t.json('/api/preferences', { method: 'PUT', token: choosy.token, body: { push: { selection: false } } })).status).toBe(200);
    await publish('Offham', [choosy.playerId!]);
    await settled();
    expect(received(endpoint)).toEqual([]);
    expect(squadMailsTo(choosy.user.email, 'Offham')).toHaveLength(1);
    // A club message (still on for push) reaches the phone.
    const sent = await t.json('/api/messages', { token: staff.token, body: { player_id: choosy.playerId, subject: 'Kit collection', body: 'Saturday at 10.' } });
    expect(sent.status).toBeLessThan(300);
    await settled();
    expect(received(endpoint)).toEqual([expect.objectContaining({ title: expect.stringMatching(/^New message from /), body: 'Open to read it', url: '/players-area/messages' })]);
  });

  it('no push payload names a child or a venue', async () => {
    const names = (await t.db.select({ full_name: players.full_name }).from(players)).flatMap((p) => [p.full_name, ...p.full_name.split(/\s+/).filter((w) => w.length > 2)]);
    expect(everyPayload.length).toBeGreaterThan(12);
    for (const payload of everyPayload) {
      expect(payload).not.toContain(VENUE);
      for (const name of names) expect(payload, name).not.toContain(name);
    }
  });
});
