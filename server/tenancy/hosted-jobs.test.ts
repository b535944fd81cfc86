/**
 * A hosted install's second lock and its jobs (ADR 065, issue 36), on real PostgreSQL with a real
 * SMTP server and a real push service: the app's connections work as club_app, so a query without
 * any club filter sees the current club's rows only; the outboxes claim every club's due rows and
 * send each in its club's context (its people, its sender name); the periodic jobs run club by
 * club; a suspended club's site shows the notice, its mail, push and jobs stop and nothing of it
 * is deleted; resumed, its waiting mail goes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { startPushService, testPushWorker } from '../../tests/support/push-service';
import { startSmtpServer, waitFor } from '../../tests/support/smtp';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createApp, type PageHandler } from '../app';
import { startJobs } from '../jobs';
import { availabilityReminders } from '../jobs/availability-reminders';
import type { JobContext, PeriodicJob } from '../jobs/job';
import { outboxWorker } from '../jobs/outbox-worker';
import { fixtures, outbox, players, playerTeams, pushOutbox, settings, teams, users } from '../db/schema';
import { setLogLevel } from '../log';
import { enqueueMail } from '../services/outbox';
import { currentClubId, withClub } from './context';
import { SUSPENDED_DETAIL, SUSPENDED_TITLE } from './suspended';

// Claims, retries and per-club failures are logged as warnings by design.
setLogLevel('error');

const HOSTING_DOMAIN = 'clubs.test';
const MAIL_FROM = 'Clubs <no-reply@clubs.test>';
const smtp = await startSmtpServer();
const push = await startPushService({ publicKey: async () => (await t.services.push.keys()).publicKey });
const t = await createTestContext(
  { smtpUrl: smtp.url, publicUrl: 'https://clubs.test', vapidSubject: 'mailto:host@clubs.test', pushAllowedOrigins: [push.origin] },
  { hostingDomain: HOSTING_DOMAIN },
);
const config = { hostingDomain: HOSTING_DOMAIN, smtpUrl: smtp.url, mailFrom: MAIL_FROM, mailRetryDelaysMs: [200], vapidSubject: undefined, pushAllowedOrigins: [] };
const jobContext: JobContext = { db: t.db, services: t.services, config };

/** The owner's own connection (the superuser: row-level security does not hold it): what is really stored. */
const owner = new pg.Client(t.pool.options);
await owner.connect();
afterAll(async () => {
  await owner.end();
  await smtp.stop();
  await push.stop();
});

interface TestClub {
  id: string;
  slug: string;
  sender: string;
  emails: string[];
  userIds: string[];
}

/** A club with its settings (sender name), a team, two players with logins and a fixture in 3 days. */
async function makeClub(slug: string, sender: string): Promise<TestClub> {
  const { rows } = await t.db.execute<{ id: string }>(sql`insert into clubs (slug, name) values (${slug}, ${sender}) returning id`);
  const id = rows[0]!.id;
  return withClub(id, async () => {
    await t.db.insert(settings).values({ id: 1, club_name: sender, mail_sender_name: sender });
    const [team] = await t.db.insert(teams).values({ name: 'First team', slug: 'first' }).returning();
    const emails: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const email = `${slug}-player-${i}@example.org`;
      const [user] = await t.db
        .insert(users)
        .values({ username: `${slug}${i}`, email, email_confirmed_at: new Date(), full_name: `${sender} player ${i}`, password_hash: 'not-used' })
        .returning();
      const [player] = await t.db.insert(players).values({ user_id: user.id, full_name: user.full_name, position: 'Midfielder', team_type: 'Senior', nationality: 'English' }).returning();
      await t.db.insert(playerTeams).values({ player_id: player.id, team_id: team.id, joined_on: '2020-01-01' });
      emails.push(email);
      userIds.push(user.id);
    }
    await t.db.insert(fixtures).values({ team_id: team.id, match_date: addDaysIso(clubDateOf(new Date()), 3), match_time: '15:00', venue: 'Home ground', competition: 'League', away_team: 'Visitors FC' });
    return { id, slug, sender, emails, userIds };
  });
}

const a = await makeClub('ashdown', 'Ashdown Rovers');
const b = await makeClub('beeston', 'Beeston Belles');

async function setStatus(club: TestClub, status: 'active' | 'suspended') {
  await owner.query('update clubs set status = $1 where id = $2', [status, club.id]);
  t.clubs.forget();
}

/** Every outbox row of a club, as stored (the owner's view). */
async function mailOf(club: TestClub) {
  const { rows } = await owner.query<{ to_address: string; status: string; attempts: number; kind: string; dedupe_key: string }>(
    'select to_address, status, attempts, kind, dedupe_key from outbox where club_id = $1 order by dedupe_key',
    [club.id],
  );
  return rows;
}

/** A mail put in a club's outbox as a request of that club would. */
const enqueueFor = (club: TestClub, to: string, subject: string) =>
  withClub(club.id, () => enqueueMail(t.db, { dedupe_key: `test:${randomUUID()}`, kind: 'test', to, subject, text: subject, html: `<p>${subject}</p>` }));

/** A phone of each of the club's two players, and a notification for each (the push outbox). */
async function pushFor(club: TestClub, key: string) {
  const endpoints: string[] = [];
  await withClub(club.id, async () => {
    for (const userId of club.userIds) {
      const sub = push.subscribe();
      await t.services.push.subscribe({ id: userId } as never, sub, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36');
      endpoints.push(sub.endpoint);
    }
    await t.db.transaction(async (tx) => {
      for (const userId of club.userIds) await t.services.push.enqueue(tx, { kind: 'team_sheet', title: `${club.sender} team sheet`, body: 'Out now.', url: '/portal', dedupeKey: key, userId });
    });
  });
  return endpoints;
}

const pushRowsOf = async (club: TestClub) => (await owner.query<{ status: string }>('select status from push_outbox where club_id = $1', [club.id])).rows;

/** Runs a set of periodic jobs as the process does (startJobs) until `done`, then stops them. */
async function runJobs(jobs: PeriodicJob[], done: () => Promise<boolean>, what: string) {
  const running = startJobs(jobContext, jobs.map((job) => ({ ...job, everyMs: 50 })));
  try {
    await waitFor(done, 15_000, what);
  } finally {
    await running.stop();
  }
}

/** The outbox worker job as the process starts it, until `done`. */
async function sendMail(done: () => Promise<boolean>, what: string) {
  const worker = outboxWorker.start(jobContext);
  try {
    await waitFor(done, 15_000, what);
  } finally {
    await worker.stop();
  }
}

describe('row-level security is in force in the app (not only in a test that sets a role)', () => {
  it('the app\'s pool works as club_app, which neither is a superuser nor bypasses row-level security', async () => {
    const { rows } = await withClub(a.id, async () =>
      await t.db.execute<{ role: string; superuser: boolean; bypass: boolean }>(
        sql`select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(rows).toEqual([{ role: 'club_app', superuser: false, bypass: false }]);
  });

  it('a query with no club filter, through the app\'s pool, sees only the current club\'s rows; outside any club, none', async () => {
    const usernames = async () => (await t.db.select({ username: users.username }).from(users)).map((u) => u.username).sort();
    expect(await withClub(a.id, usernames)).toEqual(['ashdown0', 'ashdown1']);
    expect(await withClub(b.id, usernames)).toEqual(['beeston0', 'beeston1']);
    expect(await usernames()).toEqual([]);
    const { rows } = await owner.query<{ n: number }>("select count(*)::int as n from users where username like 'ashdown%' or username like 'beeston%'");
    expect(rows[0]!.n).toBe(4); // all four are there
  });

  it('a page of a club\'s host, its loader forgetting the club, reads that club\'s rows only', async () => {
    const page: PageHandler = async () => Response.json((await t.db.select({ username: users.username }).from(users)).map((u) => u.username).sort());
    const app = createApp({ services: t.services, clubs: t.clubs, pages: page });
    expect(await (await app.request('/', { headers: { host: `beeston.${HOSTING_DOMAIN}` } })).json()).toEqual(['beeston0', 'beeston1']);
    expect(await (await app.request('/', { headers: { host: `ashdown.${HOSTING_DOMAIN}` } })).json()).toEqual(['ashdown0', 'ashdown1']);
  });

  it('even a raw update without a filter changes the current club\'s rows only', async () => {
    await withClub(a.id, async () => await t.db.execute(sql`update settings set strapline = 'Changed by a forgetful query'`));
    const { rows } = await owner.query<{ club_id: string; strapline: string }>('select club_id, strapline from settings where club_id = any($1)', [[a.id, b.id]]);
    const straplines = Object.fromEntries(rows.map((r) => [r.club_id, r.strapline]));
    expect(straplines[a.id]).toBe('Changed by a forgetful query');
    expect(Object.keys(straplines)).toContain(b.id);
    expect(straplines[b.id]).not.toBe('Changed by a forgetful query');
  });
});

describe('jobs per club, and a suspended club\'s jobs stopped', () => {
  const bWaiting = `B waiting ${randomBytes(3).toString('hex')}`;
  let bEndpoints: string[] = [];
  let aEndpoints: string[] = [];

  it('with B suspended: a run of the jobs works for A (and the others), never for B; A\'s reminders go to A\'s people only, from A\'s name', async () => {
    // B had mail and a notification waiting when it was suspended.
    await enqueueFor(b, b.emails[0]!, bWaiting);
    bEndpoints = await pushFor(b, `b:${randomUUID()}`);
    await setStatus(b, 'suspended');

    const ranFor = new Set<string | undefined>();
    const recorder: PeriodicJob = { name: 'Recorder', everyMs: 50, run: async () => void ranFor.add(currentClubId()) };
    await runJobs([availabilityReminders, recorder], async () => ranFor.has(a.id) && (await mailOf(a)).length === 2, "A's reminders");
    expect(ranFor.has(b.id)).toBe(false);
    expect(ranFor.has(undefined)).toBe(false); // every run in a club's context
    expect((await mailOf(a)).map((m) => m.to_address).sort()).toEqual([...a.emails].sort());
    expect((await mailOf(b)).map((m) => m.to_address)).toEqual([b.emails[0]]); // only its waiting mail: no reminder

    await sendMail(async () => a.emails.every((to) => smtp.received.some((m) => m.to.includes(to))), "A's reminders sent");
    for (const to of a.emails) {
      const got = smtp.received.filter((m) => m.to.includes(to));
      expect(got).toHaveLength(1);
      expect(got[0]!.header('from')).toBe('Ashdown Rovers <no-reply@clubs.test>');
      // Its links (the site, the one-click unsubscribe) are A's own host's, never the bare domain.
      expect(got[0]!.text).toContain('https://ashdown.clubs.test/');
      expect(got[0]!.header('list-unsubscribe')).toMatch(/^<https:\/\/ashdown\.clubs\.test\//);
      expect(got[0]!.raw).not.toMatch(/https:\/\/clubs\.test\//);
    }
    // None of B's people got anything; B's mail waits, pending, never tried (not dead).
    expect(smtp.received.filter((m) => b.emails.some((to) => m.to.includes(to)))).toEqual([]);
    expect(await mailOf(b)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('a suspended club\'s notifications wait too, while another club\'s go', async () => {
    aEndpoints = await pushFor(a, `a:${randomUUID()}`);
    const worker = testPushWorker(t.db, t.services.push.keys, push);
    worker.start();
    try {
      await waitFor(async () => (await pushRowsOf(a)).every((r) => r.status === 'sent'), 15_000, "A's notifications");
      await worker.round();
    } finally {
      await worker.stop();
    }
    for (const endpoint of aEndpoints) expect(push.received(endpoint)).toHaveLength(1);
    for (const endpoint of bEndpoints) expect(push.received(endpoint)).toEqual([]);
    expect((await pushRowsOf(b)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('B\'s site shows the notice on every page and its API answers 503 (health still answers); nothing of B is deleted', async () => {
    const before = await owner.query('select (select count(*) from users where club_id = $1) as users, (select count(*) from outbox where club_id = $1) as mail, (select count(*) from fixtures where club_id = $1) as fixtures', [b.id]);
    for (const path of ['/', '/fixtures', '/login', '/admin', '/uploads/crest.png']) {
      const res = await t.app.request(path, { headers: { host: `beeston.${HOSTING_DOMAIN}` } });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(SUSPENDED_TITLE);
      expect(html).toContain('Nothing is lost');
      expect(html).toContain('contact whoever hosts');
      expect(html).toContain('Beeston Belles');
    }
    for (const path of ['/api/teams', '/api/auth/login', '/api/fixtures']) {
      const res = await t.app.request(path, { method: path.includes('login') ? 'POST' : 'GET', headers: { host: `beeston.${HOSTING_DOMAIN}`, 'content-type': 'application/json' }, body: path.includes('login') ? '{"username":"beeston0","password":"x"}' : undefined });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ detail: SUSPENDED_DETAIL });
    }
    expect((await t.app.request('/api/health', { headers: { host: `beeston.${HOSTING_DOMAIN}` } })).status).toBe(200);
    // A's site answers as ever.
    expect((await t.app.request('/api/teams', { headers: { host: `ashdown.${HOSTING_DOMAIN}` } })).status).toBe(200);
    const after = await owner.query('select (select count(*) from users where club_id = $1) as users, (select count(*) from outbox where club_id = $1) as mail, (select count(*) from fixtures where club_id = $1) as fixtures', [b.id]);
    expect(after.rows).toEqual(before.rows);
    expect(before.rows[0]).toEqual({ users: '2', mail: '1', fixtures: '1' });
  });

  it('resumed, B\'s site answers again, its waiting mail and notifications go, and its jobs run: to B\'s people, from B\'s name', async () => {
    await setStatus(b, 'active');
    expect((await t.app.request('/api/teams', { headers: { host: `beeston.${HOSTING_DOMAIN}` } })).status).toBe(200);

    // B's players have phones now: their reminders go by push (issue 35), one each.
    await runJobs([availabilityReminders], async () => (await pushRowsOf(b)).length === 4, "B's reminders");
    const aBefore = (await mailOf(a)).length;
    await sendMail(async () => (await mailOf(b)).every((m) => m.status === 'sent'), "B's mail sent");
    const toB = smtp.received.filter((m) => b.emails.some((to) => m.to.includes(to)));
    expect(toB.map((m) => [m.subject, m.header('from')])).toEqual([[bWaiting, 'Beeston Belles <no-reply@clubs.test>']]);
    // A's people got nothing new from B's run.
    expect((await mailOf(a)).length).toBe(aBefore);
    expect(smtp.received.filter((m) => a.emails.some((to) => m.to.includes(to)))).toHaveLength(2);

    const worker = testPushWorker(t.db, t.services.push.keys, push);
    worker.start();
    try {
      await waitFor(async () => (await pushRowsOf(b)).every((r) => r.status === 'sent'), 15_000, "B's notifications");
    } finally {
      await worker.stop();
    }
    for (const endpoint of bEndpoints) {
      expect(push.received(endpoint).map((p) => p.title).sort()).toEqual(['Are you available?', 'Beeston Belles team sheet']);
    }
    // Nothing of B's on A's phones.
    for (const endpoint of aEndpoints) expect(push.received(endpoint).map((p) => p.title)).not.toContain('Beeston Belles team sheet');
    expect(push.problems).toEqual([]);
  });
});

describe('a club\'s outbox rows are its own outside the jobs scope', () => {
  it('the outbox rows of a club are its own: B cannot see A\'s mail, nor claim it outside the jobs scope', async () => {
    const seen = await withClub(b.id, async () => await t.db.select({ to: outbox.to_address }).from(outbox).where(eq(outbox.to_address, a.emails[0]!)));
    expect(seen).toEqual([]);
    const claimed = await withClub(b.id, async () => await t.db.execute(sql`update outbox set locked_until = now() where to_address = ${a.emails[0]!}`));
    expect(claimed.rowCount).toBe(0);
    const pushSeen = await withClub(b.id, async () => await t.db.select().from(pushOutbox).where(eq(pushOutbox.title, `${a.sender} team sheet`)));
    expect(pushSeen).toEqual([]);
  });
});
