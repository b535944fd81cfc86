/**
 * The club of the access matrix (issue 30): one fresh database with the personas of the issue, each
 * signed in, and the things they act on (fixtures, training, children, documents, money...).
 * Built through the real API wherever one exists; straight into the database only where none does
 * (children and their guardian links, a junior's own login, switching a login off).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/passwords';
import { guardians, outbox, players, playerTeams, users } from '../../server/db/schema';
import { defaultTeamId } from '../../server/services/teams';
import { bornYearsAgo } from './ages';
import type { Db } from '../../server/db/client';
import type { createTestContext } from './api';
import { TEST_ADMIN_PASSWORD } from './api';
import { starlingCsv } from './treasury';
import { mailLinks } from '../../server/services/mail-links';
import type { PersonaName } from '../../server/policy/access-matrix';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
type Json = TestContext['json'];

/**
 * Where the club is built: the app in this process (API tests) or a running production server
 * (the pages' half, tests/e2e): its API, its database, how to initialize it and the admin's password.
 */
export interface ClubHost {
  db: Db;
  json: Json;
  /** A raw request (multipart bodies). */
  request: (path: string, init: RequestInit) => Promise<Response>;
  initialize: () => Promise<unknown>;
  adminPassword: string;
}

/** The app of an API test's context as a club host. */
export const appHost = (t: TestContext): ClubHost => ({
  db: t.db,
  json: t.json,
  request: async (path, init) => t.app.request(path, init),
  initialize: t.initialize,
  adminPassword: TEST_ADMIN_PASSWORD,
});

export { PERSONAS, type PersonaName } from '../../server/policy/access-matrix';

export interface Persona {
  name: PersonaName;
  /** Bearer token; none for the visitor. */
  token?: string;
  username?: string;
  password?: string;
  userId?: string;
  /** Their member record, when they have one (a parent-only login has none). */
  playerId?: string;
  email?: string;
  full_name?: string;
}

export const PASSWORD = 'Matrix kick-off 3pm';
const tag = () => randomBytes(4).toString('hex');
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Where the club's things are: ids (and a few tokens) by name. */
export type Targets = Record<string, string>;

export async function createClub(t: ClubHost) {
  const must = async <T = any>(what: string, path: string, init: Parameters<Json>[1], status = [200, 201, 202]) => {
    const res = await t.json<T>(path, init);
    if (!status.includes(res.status)) throw new Error(`club set-up: ${what}: ${init?.method ?? (init?.body ? 'POST' : 'GET')} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const signIn = async (username: string, password = PASSWORD) => {
    const res = await t.json('/api/auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`club set-up: sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };

  await t.initialize();
  const adminToken = await signIn('admin', t.adminPassword);
  const [adminUser] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  const as = (token: string) => ({ token });

  // Teams: the Senior team (made at set-up) and two junior teams.
  const senior = await defaultTeamId(t.db);

  /** An adult who registered through the public form and, unless pending, was approved by the admin. */
  async function member(fullName: string, options: { pending?: boolean; team?: string | null } = {}) {
    const username = `${fullName.split(' ')[0]!.toLowerCase()}_${tag()}`;
    const registered = await must('registration', '/api/players/register', {
      body: {
        username,
        password: PASSWORD,
        email: `${username}@example.com`,
        full_name: fullName,
        phone_number: '07700 900123',
        date_of_birth: '1988-04-12',
        position_preference: 'Midfielder',
        emergency_contact_name: 'Pat Contact',
        emergency_contact_phone: '07700 900456',
        medical_notes: 'Asthma (inhaler in bag)',
      },
    });
    const playerId = registered.player_id as string;
    const userId = registered.user.id as string;
    if (!options.pending) {
      await must('approval', `/api/admin/registrations/${playerId}/approve`, { ...as(adminToken), body: { team_id: options.team === undefined ? senior : options.team } });
      // They followed the welcome mail's link: the club mails confirmed addresses only.
      await t.db.update(users).set({ email_confirmed_at: new Date() }).where(eq(users.id, userId));
    }
    return { username, userId, playerId };
  }

  /** A login with no member record of its own (a parent or carer). No API makes one without a child's invitation. */
  async function parentLogin(fullName: string) {
    const username = `${fullName.split(' ')[0]!.toLowerCase()}_${tag()}`;
    const [user] = await t.db
      .insert(users)
      .values({
        username,
        email: `${username}@example.com`,
        full_name: fullName,
        role: 'player',
        password_hash: await hashPassword(PASSWORD),
        email_confirmed_at: new Date(),
        activated_at: new Date(),
      })
      .returning();
    return { username, userId: user!.id };
  }

  /** A junior in a team, optionally with a login of their own (written straight in, as tests/support/juniors.ts does). */
  async function child(fullName: string, years: number, team: string, withLogin = false) {
    let login: { username: string; userId: string } | undefined;
    if (withLogin) login = await parentLogin(fullName);
    const [row] = await t.db
      .insert(players)
      .values({
        full_name: fullName,
        date_of_birth: bornYearsAgo(years),
        user_id: login?.userId ?? null,
        login_agreed_at: withLogin ? new Date() : null,
        login_agreed_by: withLogin ? 'A parent' : null,
        emergency_contact_name: 'Emergency Person',
        emergency_contact_phone: '07700 900123',
        medical_notes: 'Peanut allergy: EpiPen in the kit bag',
      })
      .returning();
    await t.db.insert(playerTeams).values({ player_id: row!.id, team_id: team, joined_on: '2020-01-01' });
    return { playerId: row!.id, ...login };
  }

  const link = (userId: string, playerId: string, level: 'primary' | 'secondary' | 'view_only' = 'primary') =>
    t.db.insert(guardians).values({ user_id: userId, player_id: playerId, level, relationship: 'Parent', approved_by: 'Club Administrator' });

  // Adults, through registration and approval.
  const player = await member('Paula Player');
  const pending = await member('Penny Pending', { pending: true });
  const coachU12 = await member('Colin Coach', { team: null });
  const coachSenior = await member('Sian Senior', { team: null });
  const left = await member('Lenny Left', { team: null });
  const coachEnded = await member('Enid Ended', { team: null });
  const treasurer = await member('Tess Treasurer', { team: null });
  const secretary = await member('Sam Secretary', { team: null });
  const welfareOfficer = await member('Wendy Welfare', { team: null });
  const switchedOff = await member('Simon Switched');

  // Club roles, granted by the admin.
  for (const [who, role] of [
    [treasurer, 'treasurer'],
    [secretary, 'secretary'],
    [welfareOfficer, 'welfare_officer'],
  ] as const) {
    await must(`club role ${role}`, '/api/admin/club-roles', { ...as(adminToken), body: { user_id: who.userId, role } });
  }
  const welfareToken = await signIn(welfareOfficer.username);

  // Junior teams need a welfare officer parents can contact, and the welfare e-mail in Settings.
  const settings = await must<Record<string, unknown>>('settings', '/api/settings', as(adminToken));
  await must('welfare e-mail', '/api/settings', { method: 'PUT', ...as(adminToken), body: { ...settings, welfare_email: 'welfare@example.com' } });
  const u12 = (await must('U12 team', '/api/teams', { ...as(adminToken), body: { name: 'U12 Robins', age_group: 'U12', format: '9v9' } })).id as string;
  const u9 = (await must('U9 team', '/api/teams', { ...as(adminToken), body: { name: 'U9 Wrens', age_group: 'U9', format: '7v7' } })).id as string;

  // DBS checks recorded by the welfare officer, then the staff places.
  for (const coach of [coachU12, coachSenior, left, coachEnded]) {
    await must('DBS check', `/api/admin/dbs/${coach.playerId}`, {
      method: 'PUT',
      ...as(welfareToken),
      body: { status: 'in_date', checked_on: isoDay(-60), expires_on: isoDay(700) },
    });
  }
  for (const [coach, team] of [
    [coachU12, u12],
    [coachSenior, senior],
    [left, u12],
    [coachEnded, u9],
  ] as const) {
    await must('team staff', '/api/admin/team-staff', { method: 'PUT', ...as(adminToken), body: { player_id: coach.playerId, team_id: team, role: 'coach' } });
  }
  // The coach of U9 whose staff place ended.
  await must('end a staff place', `/api/admin/team-staff/${u9}/${coachEnded.playerId}`, { method: 'DELETE', ...as(adminToken) });

  // Children and their parents (no API links a guardian without mail round trips: written straight in).
  const junior14 = await child('Jamie Junior', 14, u12, true);
  const child9 = await child('Kit Nine', 9, u9);
  const otherChild = await child('Olly Other', 11, u12);
  const grownChild = await child('Gina Grown', 19, senior);
  const parentA = await parentLogin('Alex ParentA');
  const parentB = await parentLogin('Bea ParentB');
  const viewOnlyParent = await parentLogin('Vic ViewOnly');
  const formerParent = await parentLogin('Fran Former');
  const parentUnlinked = await parentLogin('Una Unlinked');
  await link(parentA.userId, junior14.playerId);
  await link(parentA.userId, child9.playerId);
  await link(parentB.userId, otherChild.playerId);
  await link(viewOnlyParent.userId, child9.playerId, 'view_only');
  await link(formerParent.userId, grownChild.playerId);
  await link(parentUnlinked.userId, child9.playerId);
  // The link removed (no API for it on this branch yet; issue 30 adds one): the row deleted.
  await t.db.delete(guardians).where(and(eq(guardians.user_id, parentUnlinked.userId), eq(guardians.player_id, child9.playerId)));

  // Everyone signs in once their roles are set (a role change changes the login's access level).
  const personas = {} as Record<PersonaName, Persona>;
  const add = async (name: PersonaName, who: { username?: string; userId?: string; playerId?: string }, token?: string) => {
    personas[name] = { name, ...who, password: who.username ? PASSWORD : undefined, token: token ?? (who.username ? await signIn(who.username) : undefined) };
  };
  personas.visitor = { name: 'visitor' };
  await add('pending', pending);
  await add('player', player);
  await add('junior14', junior14);
  await add('parentA', parentA);
  await add('parentB', parentB);
  await add('viewOnlyParent', viewOnlyParent);
  await add('formerParent', formerParent);
  await add('coachU12', coachU12);
  await add('coachSenior', coachSenior);
  await add('treasurer', treasurer);
  await add('secretary', secretary);
  await add('welfareOfficer', welfareOfficer, welfareToken);
  await add('admin', { username: 'admin', userId: adminUser!.id }, adminToken);
  personas.admin.password = t.adminPassword;
  await add('coachEnded', coachEnded);
  await add('parentUnlinked', parentUnlinked);
  await add('switchedOff', switchedOff);

  // The coach who left the club: signed in before leaving, then (finding 1) back in through
  // "Forgot password?" if the club still lets a switched-off login reset its password.
  const leftToken = await signIn(left.username);
  await must('leave', `/api/players/${left.playerId}/leave`, { ...as(adminToken), body: {} });
  personas.left = { name: 'left', ...left, password: PASSWORD, token: (await resetToken(left.userId, `${left.username}@example.com`)) ?? leftToken };

  // Switched off mid-session: signed in above, then the login switched off. (No API to switch a
  // login off on this branch yet; issue 30 adds one.)
  await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, switchedOff.userId));

  /** A session token from the reset link mailed to this address, or undefined when the club refuses one. */
  async function resetToken(userId: string, email: string) {
    const asked = await t.json('/api/auth/forgot-password', { body: { email } });
    if (asked.status !== 202) return undefined;
    const mails = await t.db.select().from(outbox).where(eq(outbox.to_address, email));
    const token = mails.map((mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1]).find(Boolean);
    if (!token) return undefined;
    const reset = await t.json('/api/auth/reset-password', { body: { token, password: PASSWORD } });
    void userId;
    return reset.status === 200 ? (reset.body.access_token as string) : undefined;
  }

  for (const persona of Object.values(personas)) {
    const [row] = persona.userId ? await t.db.select({ email: users.email, full_name: users.full_name }).from(users).where(eq(users.id, persona.userId)) : [];
    if (row) Object.assign(persona, row);
  }

  // ----- The things the operations act on -----
  const x: Targets = {
    senior,
    u12,
    u9,
    junior14: junior14.playerId,
    child9: child9.playerId,
    otherChild: otherChild.playerId,
    grownChild: grownChild.playerId,
    playerMember: player.playerId,
    pendingMember: pending.playerId,
    coachU12Member: coachU12.playerId,
    leftMember: left.playerId,
    playerUser: player.userId,
    junior14User: junior14.userId!,
    parentAUser: parentA.userId,
    treasurerUser: treasurer.userId,
    coachSeniorMember: coachSenior.playerId,
    welfareMember: welfareOfficer.playerId,
    playerUsername: player.username,
    playerPassword: PASSWORD,
    fixtureKind: 'fixture',
    missingPage: 'no-such-page',
  };

  const factories = makeFactories(t, adminToken, x, member, must, () => personas.parentB.token!);
  const made = await Promise.all([
    factories.fixture(u12),
    factories.fixture(senior),
    factories.slot(u12),
    factories.slot(senior),
    factories.session(u12),
    factories.session(senior),
    factories.news(),
    factories.sponsor(),
    factories.product(),
    factories.document(),
    factories.document(child9.playerId),
    factories.joinUs(),
    factories.charge(player.playerId),
    factories.fixture(u9),
  ]);
  Object.assign(x, {
    u12Fixture: made[0].id,
    seniorFixture: made[1].id,
    u12Slot: made[2].id,
    seniorSlot: made[3].id,
    u12Session: made[4].id,
    seniorSession: made[5].id,
    news: made[6].id,
    sponsor: made[7].id,
    product: made[8].id,
    document: made[9].id,
    child9Document: made[10].id,
    joinUs: made[11].id,
    charge: made[12].id,
    u9Fixture: made[13].id,
  });
  x.settings = JSON.stringify(await must('settings', '/api/settings', as(adminToken)));
  x.unsubscribeQuery = (await mailLinks(t.db, (path) => path).unsubscribeUrl(player.userId, 'message')).split('?')[1]!;
  const order = await factories.order(x.product!);
  x.order = order.id;
  x.orderToken = order.token;
  x.line = (await factories.line()).id;
  x.importId = (await factories.statement()).id;
  x.plan = (await factories.plan()).id;
  // A club message, a payment record and a feedback note for the adult player; the notification they get.
  x.message = (await must('message', '/api/messages', { ...as(adminToken), body: { subject: 'Training moves', body: 'Thursday at 7.', player_id: player.playerId } })).id;
  x.payment = (await must('payment', `/api/players/${player.playerId}/payments`, { ...as(adminToken), body: { description: 'Subs', amount: 25, status: 'outstanding', due_date: isoDay(30) } })).id;
  const notes = await must<any[]>('notifications', '/api/players/me/notifications', as(personas.player.token!));
  x.notification = (Array.isArray(notes) ? notes : (notes as any).notifications ?? [])[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  x.outbox = (await t.db.select({ id: outbox.id }).from(outbox).limit(1))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  x.invitation = (await factories.invitation(child9.playerId)).token;
  x.guardianRequest = (await factories.guardianRequest(personas.parentB.token!)).id;

  return { personas, targets: x, factories, adminToken, signIn };
}

type Must = <T = any>(what: string, path: string, init: Parameters<Json>[1], status?: number[]) => Promise<T>;
type MakeMember = (fullName: string, options?: { pending?: boolean; team?: string | null }) => Promise<{ username: string; userId: string; playerId: string }>;

export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** Fresh things for writes that use theirs up (delete, approve, leave...): one per request. Each returns its path parameters. */
function makeFactories(t: ClubHost, adminToken: string, x: Targets, member: MakeMember, must: Must, parentToken: () => string) {
  const token = adminToken;
  const id = (body: { id: string }) => ({ id: body.id });
  const fixture = async (team: string) =>
    id(
      await must<{ id: string }>('fixture', '/api/fixtures', {
        token,
        body: { team_id: team, away_team: `Opponents ${tag()}`, match_date: isoDay(10), match_time: '10:00', venue: 'Riverside Park', competition: 'League', is_home: true },
      }),
    );
  const slot = async (team: string) =>
    id(await must<{ id: string }>('training slot', `/api/teams/${team}/training-slots`, { token, body: { weekday: 4, start_time: '18:00', end_time: '19:00', place: 'Riverside Park' } }));
  const session = async (team: string) =>
    id(await must<{ id: string }>('training session', '/api/training-sessions', { token, body: { team_id: team, date: isoDay(5), start_time: '18:00', end_time: '19:00', place: 'Riverside Park' } }));
  const statementRow = () => ({ date: isoDay(-3), counterparty: `Payer ${tag()}`, reference: `REF${tag()}`, pence: 2500 });
  async function statement(rows = [statementRow()]) {
    const form = new FormData();
    form.append('file', new File([starlingCsv(rows)], 'statement.csv', { type: 'text/csv' }));
    const response = await t.request('/api/treasury/imports', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`club set-up: statement import ${response.status} ${JSON.stringify(body)}`);
    return { id: body.id };
  }
  async function document(playerId?: string) {
    const form = new FormData();
    form.set('title', `Rules ${tag()}`);
    if (playerId) form.set('player_id', playerId);
    form.set('file', new File([PDF as BlobPart], 'rules.pdf', { type: 'application/pdf' }));
    const response = await t.request('/api/documents', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`club set-up: document ${response.status} ${JSON.stringify(body)}`);
    return { id: body.id };
  }
  const freshMember = async () => {
    const m = await member(`Mo Member ${tag()}`);
    return { id: m.playerId, user_id: m.userId };
  };
  const order = async (productId = x.product!) => {
    const body = await must<any>('order', '/api/orders', {
      body: { product_id: productId, quantity: 1, customer_name: 'Robin Buyer', customer_email: `robin_${tag()}@example.com`, customer_phone: '07700 900123' },
    });
    const receipt = typeof body.receipt_url === 'string' ? body.receipt_url : JSON.stringify(body);
    return { id: body.id as string, token: (body.receipt_token ?? body.token ?? /receipt\/([^/?"]+)/.exec(receipt)?.[1] ?? '') as string };
  };
  return {
    fixture,
    slot,
    session,
    statement,
    document,
    order,
    u12Fixture: () => fixture(x.u12!),
    seniorFixture: () => fixture(x.senior!),
    u12Slot: () => slot(x.u12!),
    u12Session: () => session(x.u12!),
    team: async () => id(await must<{ id: string }>('team', '/api/teams', { token, body: { name: `Vets ${tag()}`, age_group: 'Veterans', format: '11v11' } })),
    juniorTeam: async () => {
      const name = `U10 Owls ${tag()}`;
      return { id: (await must<{ id: string }>('junior team', '/api/teams', { token, body: { name, age_group: 'U10', format: '7v7' } })).id, name };
    },
    news: async () => id(await must<{ id: string }>('news', '/api/news', { token, body: { title: `Club news ${tag()}`, content: 'Fun day on Saturday.', is_published: true } })),
    sponsor: async () => id(await must<{ id: string }>('sponsor', '/api/sponsors', { token, body: { name: `Sponsor ${tag()}`, logo_url: '/images/seed/bar-scarf.svg', category: 'Local business' } })),
    product: async () =>
      id(
        await must<{ id: string }>('product', '/api/products', {
          token,
          body: { name: `Mug ${tag()}`, description: 'A club mug.', category: 'Gifts', price: 8.5, stock: 50, sizes: [], images: ['/images/seed/bar-scarf.svg'] },
        }),
      ),
    joinUs: async () =>
      id(
        await must<{ id: string }>('join us', '/api/join-us', {
          body: { full_name: 'Jo Keen', email: `jo_${tag()}@example.com`, phone_number: '07700 900123', message: 'I would like to play.', interest_types: ['player'] },
        }),
      ),
    charge: async (playerId = x.playerMember!) => {
      const b = await must<any>('charge', '/api/treasury/charges', {
        token,
        body: { category: 'subs', description: `Subs ${tag()}`, amount_pence: 2500, due_date: isoDay(20), member_id: playerId },
      });
      return { id: (b.id ?? b.charges?.[0]?.id ?? b[0]?.id) as string };
    },
    plan: async () => id(await must<{ id: string }>('plan', '/api/treasury/plans', { token, body: { name: `Plan ${tag()}`, kind: 'annual', amount_pence: 12000, first_due_date: isoDay(30) } })),
    /** A bank line waiting to be allocated: a one-line statement imported and committed. */
    line: async () => {
      const row = statementRow();
      const imported = await statement([row]);
      await must('commit', `/api/treasury/imports/${imported.id}/commit`, { token, method: 'POST' });
      const lines = await must<any[]>('lines', '/api/treasury/lines', { token });
      const line = lines.find((l: any) => JSON.stringify(l).includes(row.reference) || JSON.stringify(l).includes(row.counterparty));
      if (!line) throw new Error('club set-up: the committed line is not listed');
      return { id: line.id as string };
    },
    /** An adult member in the Senior team, with a login (to leave, delete, edit, grant...). */
    member: freshMember,
    /** A member record with no login (to make one for). */
    record: async () => id(await must<{ id: string }>('record', '/api/players', { token, body: { full_name: `Rec Ord ${tag()}`, position: 'Defender', team_type: 'Senior' } })),
    /** A member who left the club (to come back). */
    leftMember: async () => {
      const m = await freshMember();
      await must('leave', `/api/players/${m.id}/leave`, { token, body: {} });
      return m;
    },
    /** A registration waiting for approval. */
    registration: async () => ({ id: (await member(`Reg Waiting ${tag()}`, { pending: true })).playerId }),
    /** A registration, and a record holding a staff place it could be linked onto (finding 7). */
    registrationOntoStaff: async () => {
      const staff = await id(await must<{ id: string }>('record', '/api/players', { token, body: { full_name: `Stella Staff ${tag()}`, position: 'Staff', team_type: 'Staff' } }));
      await must('team staff', '/api/admin/team-staff', { method: 'PUT', token, body: { player_id: staff.id, team_id: x.senior, role: 'assistant' } });
      return { id: (await member(`Stella Staff ${tag()}`, { pending: true })).playerId, link: staff.id };
    },
    /** A member holding the treasurer role (to take it away). */
    roleHolder: async () => {
      const m = await member(`Rory Role ${tag()}`, { team: null });
      await must('club role', '/api/admin/club-roles', { token, body: { user_id: m.userId, role: 'treasurer' } });
      return { user_id: m.userId, role: 'treasurer' };
    },
    /** An assistant of the Senior team (to take the place away). */
    staffPlace: async () => {
      const m = await member(`Stan Staff ${tag()}`, { team: null });
      await must('team staff', '/api/admin/team-staff', { method: 'PUT', token, body: { player_id: m.playerId, team_id: x.senior, role: 'assistant' } });
      return { team_id: x.senior!, player_id: m.playerId };
    },
    invitation: async (playerId = x.child9!) => {
      const email = `invited_${tag()}@example.com`;
      await must('invitation', '/api/guardian-invitations', { token, body: { player_id: playerId, email, level: 'secondary', relationship: 'Aunt' } });
      const mails = await t.db.select().from(outbox).where(eq(outbox.to_address, email));
      const found = mails.map((m) => /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(m.text_body)?.[1]).find(Boolean);
      if (!found) throw new Error('club set-up: no invitation link was mailed');
      return { token: found };
    },
    guardianRequest: async (by = parentToken()) =>
      id(
        await must<{ id: string }>('guardian request', '/api/guardian-requests', {
          token: by,
          body: { child_name: `Robin Small ${tag()}`, child_date_of_birth: bornYearsAgo(8), relationship: 'Mother', message: 'Please link me.' },
        }),
      ),
  };
}

export type Club = Awaited<ReturnType<typeof createClub>>;
export type Factories = Club['factories'];
