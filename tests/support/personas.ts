/**
 * The club of the access matrix (issue 30): one fresh database with the personas of the issue, each
 * signed in, and the things they act on (fixtures, training, children, documents, money...).
 * Built through the real API wherever one exists; straight into the database only where none does
 * (children and their guardian links, a junior's own login, switching a login off).
 */
import { eq } from 'drizzle-orm';
import type { PersonaName } from '../../server/policy/access-matrix';
import { outbox, privacyRequests, users } from '../../server/db/schema';
import { mailLinks } from '../../server/services/mail-links';
import { defaultTeamId } from '../../server/services/teams';
import { makeFactories } from './persona-factories';
import { newBrowserKeys } from './push-service';
import { clubApi, isoDay, PASSWORD, peopleMakers, resetToken, type ClubHost, type Must, type People, type Targets } from './persona-makers';

export { appHost, PASSWORD, type ClubHost, type Targets } from './persona-makers';
export { PDF, PNG } from './persona-factories';

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

/**
 * Builds the matrix club on `t`. `nameSuffix` is added to every person's name, so that a second
 * club built by the same fixture in the same install (server/policy/cross-club-matrix.test.ts)
 * has names of its own.
 */
export async function createClub(t: ClubHost, { nameSuffix = '' }: { nameSuffix?: string } = {}) {
  const named = (name: string) => (nameSuffix ? `${name} ${nameSuffix}` : name);
  const { must, signIn } = clubApi(t);
  await t.initialize();
  const adminToken = await signIn('admin', t.adminPassword);
  const as = (token: string) => ({ token });

  // Teams: the Senior team (made at set-up) and two junior teams.
  const senior = await defaultTeamId(t.db);
  const makers = peopleMakers(t, must, adminToken, senior);

  const { player, pending, coachU12, coachSenior, left, coachEnded, treasurer, secretary, welfareOfficer, switchedOff } = await adults(makers.member, named);

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
      body: { status: 'in_date', checked_on: isoDay(-60), expires_on: isoDay(700), checked_by: 'Wendy Welfare' },
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

  const family = await families(t, makers, { u12, u9, senior }, named);
  const { junior14, child9, otherChild, grownChild, parentA, parentB, viewOnlyParent, formerParent, parentUnlinked } = family;
  // The parent whose link the welfare officer removed (finding 6).
  await must('remove a link', `/api/players/${child9.playerId}/guardians/${parentUnlinked.userId}`, {
    method: 'DELETE',
    ...as(welfareToken),
    body: { reason: 'No longer caring for the child' },
  });

  // Everyone signs in once their roles are set (a role change changes the login's access level).
  const personas = await signInEveryone(t, signIn, adminToken, welfareToken, {
    pending,
    player,
    junior14,
    parentA,
    parentB,
    viewOnlyParent,
    formerParent,
    coachU12,
    coachSenior,
    treasurer,
    secretary,
    welfareOfficer,
    coachEnded,
    parentUnlinked,
    switchedOff,
  });

  // The coach who left the club: signed in before leaving, then (finding 1) back in through
  // "Forgot password?" if the club still lets a switched-off login reset its password.
  const leftToken = await signIn(left.username);
  await must('leave', `/api/players/${left.playerId}/leave`, { ...as(adminToken), body: {} });
  personas.left = { name: 'left', ...left, password: PASSWORD, token: (await resetToken(t, `${left.username}@example.com`)) ?? leftToken };

  // Switched off mid-session: signed in above, then the welfare officer's switch (finding 6).
  await must('switch off', `/api/admin/logins/${switchedOff.userId}/switch-off`, { ...as(adminToken), body: { reason: 'Safeguarding concern' } });

  await withAddresses(t, personas);

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
    clubPage: 'about',
  };

  const factories = makeFactories(t, adminToken, x, makers.member, must, () => personas.parentB.token!);
  await addTargets(t, must, adminToken, x, personas, factories, nameSuffix);

  return { personas, targets: x, factories, adminToken, signIn };
}

/** The children, their parents and carers, and the links between them (no API links a guardian without mail round trips: written straight in). */
async function families(
  t: ClubHost,
  { parentLogin, child, link }: People,
  teams: { u12: string; u9: string; senior: string },
  named: (name: string) => string,
) {
  const { u12, u9, senior } = teams;
  const junior14 = await child(named('Jamie Junior'), 14, u12, true);
  const child9 = await child(named('Kit Nine'), 9, u9);
  const otherChild = await child(named('Olly Other'), 11, u12);
  const grownChild = await child(named('Gina Grown'), 19, senior);
  const parentA = await parentLogin(named('Alex ParentA'));
  const parentB = await parentLogin(named('Bea ParentB'));
  const viewOnlyParent = await parentLogin(named('Vic ViewOnly'));
  const formerParent = await parentLogin(named('Fran Former'));
  const parentUnlinked = await parentLogin(named('Una Unlinked'));
  await link(parentA.userId, junior14.playerId);
  await link(parentA.userId, child9.playerId);
  await link(parentB.userId, otherChild.playerId);
  await link(viewOnlyParent.userId, child9.playerId, 'view_only');
  await link(formerParent.userId, grownChild.playerId);
  await link(parentUnlinked.userId, child9.playerId);
  return { junior14, child9, otherChild, grownChild, parentA, parentB, viewOnlyParent, formerParent, parentUnlinked };
}

/** Each persona's address and name, as their login has them. */
async function withAddresses(t: ClubHost, personas: Record<PersonaName, Persona>) {
  for (const persona of Object.values(personas)) {
    const [row] = persona.userId ? await t.db.select({ email: users.email, full_name: users.full_name }).from(users).where(eq(users.id, persona.userId)) : [];
    if (row) Object.assign(persona, row);
  }
}

/** The adults, each registered through the public form and (but the pending one) approved. */
async function adults(member: People['member'], named: (name: string) => string) {
  const club = { team: null };
  return {
    player: await member(named('Paula Player')),
    pending: await member(named('Penny Pending'), { pending: true }),
    coachU12: await member(named('Colin Coach'), club),
    coachSenior: await member(named('Sian Senior'), club),
    left: await member(named('Lenny Left'), club),
    coachEnded: await member(named('Enid Ended'), club),
    treasurer: await member(named('Tess Treasurer'), club),
    secretary: await member(named('Sam Secretary'), club),
    welfareOfficer: await member(named('Wendy Welfare'), club),
    switchedOff: await member(named('Simon Switched')),
  };
}

type Who = { username?: string; userId?: string; playerId?: string };

/** Each persona signed in (the visitor not), with their login's address and name. */
async function signInEveryone(
  t: ClubHost,
  signIn: (username: string, password?: string) => Promise<string>,
  adminToken: string,
  welfareToken: string,
  people: Record<string, Who>,
) {
  const personas = {} as Record<PersonaName, Persona>;
  const [adminUser] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  const add = async (name: PersonaName, who: { username?: string; userId?: string; playerId?: string }, token?: string) => {
    personas[name] = { name, ...who, password: who.username ? PASSWORD : undefined, token: token ?? (who.username ? await signIn(who.username) : undefined) };
  };
  personas.visitor = { name: 'visitor' };

  for (const [name, who] of Object.entries(people)) {
    if (name !== 'welfareOfficer') await add(name as PersonaName, who);
  }
  await add('welfareOfficer', people.welfareOfficer!, welfareToken);
  await add('admin', { username: 'admin', userId: adminUser!.id }, adminToken);
  personas.admin.password = t.adminPassword;
  return personas;
}

/** The things most operations act on, made once (fresh ones come from the factories). */
async function addTargets(
  t: ClubHost,
  must: Must,
  adminToken: string,
  x: Targets,
  personas: Record<PersonaName, Persona>,
  factories: ReturnType<typeof makeFactories>,
  nameSuffix: string,
) {
  const as = (token: string) => ({ token });
  // A club's own web address (issue 36): a name, not a row; the matrix's single-club install has none.
  // A second club (nameSuffix) names its own, which the first club's rows never add.
  x.clubDomain = nameSuffix ? `www.matrix-club-${nameSuffix.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.org` : 'www.matrix-club.org';
  // A retention rule the matrix changes and purges (issue 34): sent mail, of which the club has none old enough.
  x.retentionRule = 'sent_mail';
  const made = await Promise.all([
    factories.fixture(x.u12!),
    factories.fixture(x.senior!),
    factories.slot(x.u12!),
    factories.slot(x.senior!),
    factories.session(x.u12!),
    factories.session(x.senior!),
    factories.news(),
    factories.sponsor(),
    factories.product(),
    factories.document(),
    factories.document(x.child9!),
    factories.joinUs(),
    factories.charge(x.playerMember!),
    factories.fixture(x.u9!),
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
  x.unsubscribeQuery = (await mailLinks(t.db, (path) => path).unsubscribeUrl(x.playerUser!, 'message')).split('?')[1]!;
  const order = await factories.order(x.product!);
  x.order = order.id;
  x.orderToken = order.token;
  x.line = (await factories.line()).id;
  x.importId = (await factories.statement()).id;
  x.plan = (await factories.plan()).id;
  // A club message, a payment record and a feedback note for the adult player; the notification they get.
  x.message = (
    await must('message', '/api/messages', { ...as(adminToken), body: { subject: 'Training moves', body: 'Thursday at 7.', player_id: x.playerMember! } })
  ).id;
  x.payment = (
    await must('payment', `/api/players/${x.playerMember!}/payments`, {
      ...as(adminToken),
      body: { description: 'Subs', amount: 25, status: 'outstanding', due_date: isoDay(30) },
    })
  ).id;
  const notes = await must<any[]>('notifications', '/api/players/me/notifications', as(personas.player.token!));
  x.notification = (Array.isArray(notes) ? notes : ((notes as any).notifications ?? []))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  x.outbox = (await t.db.select({ id: outbox.id }).from(outbox).limit(1))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  x.invitation = (await factories.invitation(x.child9!)).token;
  x.guardianRequest = (await factories.guardianRequest(personas.parentB.token!)).id;
  x.privacyRequest = (
    await must('privacy request', '/api/privacy/requests', {
      ...as(adminToken),
      body: { type: 'access', player_id: x.playerMember!, requested_by_name: 'Paula Player', relationship: 'self', received_on: isoDay(-3) },
    })
  ).id;
  // An erasure request about the adult player, identity not yet checked: previewed, never carried out (issue 34).
  x.erasureRequest = (
    await t.db
      .insert(privacyRequests)
      .values({ type: 'erasure', player_id: x.playerMember!, subject_name: 'Matrix player', requested_by_name: 'Matrix player', relationship: 'self', received_on: isoDay(0), due_on: isoDay(30), recorded_by_name: 'Matrix' })
      .returning({ id: privacyRequests.id })
  )[0]!.id;
  // The adult player's phone that receives notifications (issue 35): only they may remove it.
  x.playerPushDevice = (
    await must('push device', '/api/push/subscriptions', {
      ...as(personas.player.token!),
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-player', keys: newBrowserKeys().keys },
    })
  ).id;
}

export type Club = Awaited<ReturnType<typeof createClub>>;
export type Factories = Club['factories'];
