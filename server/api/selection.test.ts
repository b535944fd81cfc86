import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { fixtureSelections, notifications, outbox, playerTeams } from '../db/schema';

const t = await createMailingTestContext();
const { smtp } = t;

const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
// A member of staff of another team only: told nothing about Senior's squads.
const otherStaff = await t.signedIn('staff', { member: false });
const keeper = await t.signedIn('player', { full_name: 'Kit Keeper' });
const striker = await t.signedIn('player', { full_name: 'Stan Striker' });
const bench = await t.signedIn('player', { full_name: 'Ben Bench' });
const left = await t.signedIn('player', { full_name: 'Lou Leftout' });
const vet = await t.signedIn('player', { full_name: 'Val Vet' });
const teamList = (await t.json('/api/teams')).body as Array<{ id: string; name: string }>;
const senior = teamList.find((x) => x.name === 'Senior')!.id;
const vets = teamList.find((x) => x.name === 'Vets')!.id;
await t.db.update(playerTeams).set({ team_id: vets }).where(eq(playerTeams.player_id, vet.playerId!));

async function fixture(opponent: string, hoursAhead = 96, status = 'upcoming') {
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: staff.token,
    body: { team_id: senior, away_team: opponent, match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Home Ground', competition: 'League', status },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const put = (path: string, token: string | undefined, body: unknown) => t.json(path, { method: 'PUT', token, body });
const rows = async () => (await t.db.select({ n: count() }).from(fixtureSelections))[0].n;
const mailsAbout = (subject: RegExp) => smtp.received.filter((m) => subject.test(m.subject));
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}
const squad = (a: string, b: string, c: string) => ({
  players: [
    { player_id: a, role: 'starter', shirt_number: 1 },
    { player_id: b, role: 'starter', shirt_number: 9 },
    { player_id: c, role: 'substitute', shirt_number: 14 },
  ],
});

describe('PUT /api/fixtures/{id}/selection', () => {
  it('staff pick starters and substitutes with shirt numbers; GET shows them with availability', async () => {
    const match = await fixture('Pick Town');
    await put(`/api/fixtures/${match}/availability/me`, bench.token, { status: 'unavailable' });
    const res = await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, bench.playerId!));
    expect(res.status).toBe(200);
    expect(res.body.published_at).toBeNull();
    expect(res.body.players.map((p: { full_name: string; role: string; shirt_number: number }) => `${p.shirt_number} ${p.full_name} ${p.role}`)).toEqual([
      '1 Kit Keeper starter',
      '9 Stan Striker starter',
      '14 Ben Bench substitute',
    ]);
    // Picking someone unavailable is allowed (the panel asks first); the list says so.
    expect(res.body.players[2]).toMatchObject({ availability: 'unavailable', confirmed: null });
    const got = await t.json(`/api/fixtures/${match}/selection`, { token: admin.token });
    expect(got.body).toEqual(res.body);
  });

  it('duplicate shirt numbers, a player twice, players not in the team and bad shapes are 422, storing nothing', async () => {
    const match = await fixture('Refuse Rovers');
    const before = await rows();
    const bad = [
      { players: [{ player_id: keeper.playerId, role: 'starter', shirt_number: 7 }, { player_id: striker.playerId, role: 'substitute', shirt_number: 7 }] },
      { players: [{ player_id: keeper.playerId, role: 'starter', shirt_number: 7 }, { player_id: keeper.playerId, role: 'substitute', shirt_number: 8 }] },
      { players: [{ player_id: vet.playerId, role: 'starter', shirt_number: 5 }] },
      { players: [{ player_id: keeper.playerId, role: 'captain', shirt_number: 5 }] },
      { players: [{ player_id: keeper.playerId, role: 'starter', shirt_number: 0 }] },
      { players: [{ player_id: keeper.playerId, role: 'starter', shirt_number: 5.5 }] },
      { players: [{ player_id: 'nope', role: 'starter', shirt_number: 5 }] },
      { players: 'all' },
      {},
    ];
    for (const body of bad) {
      const res = await put(`/api/fixtures/${match}/selection`, staff.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await put(`/api/fixtures/${match}/selection`, staff.token, bad[0])).body.detail).toMatch(/Shirt number 7 is given to more than one player/);
    expect(await rows()).toBe(before);
  });

  it('players get 403 and anonymous 401 before the body is judged; a cancelled fixture is 409', async () => {
    const match = await fixture('Guard Athletic');
    expect((await put(`/api/fixtures/${match}/selection`, keeper.token, { players: 'x' })).status).toBe(403);
    expect((await put(`/api/fixtures/${match}/selection`, undefined, { players: 'x' })).status).toBe(401);
    expect((await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: keeper.token })).status).toBe(403);
    expect((await t.json(`/api/fixtures/${match}/selection`, { token: keeper.token })).status).toBe(403);
    const cancelled = await fixture('Off United', 96, 'cancelled');
    expect((await put(`/api/fixtures/${cancelled}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, bench.playerId!))).status).toBe(409);
  });
});

describe('POST /api/fixtures/{id}/selection/publish and PUT …/selection/me', () => {
  it('publishing mails exactly the selected players (once) and notifies them; they confirm or decline; a decline alerts staff', async () => {
    const match = await fixture('Publish Park');
    expect((await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token })).status).toBe(422); // nobody yet
    // Not published yet: a player cannot reply.
    expect((await put(`/api/fixtures/${match}/selection/me`, keeper.token, { confirmed: true })).status).toBe(404);
    await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, bench.playerId!));
    const published = await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ selected: 3, mailed: 3, notified: 3 });
    // Publishing again mails nobody twice.
    expect((await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token })).body).toMatchObject({ mailed: 0, notified: 0 });
    await delivered();
    const squadMails = mailsAbout(/^You're in the squad: Senior vs Publish Park/);
    expect(squadMails.flatMap((m) => m.to).sort()).toEqual([keeper.user.email, striker.user.email, bench.user.email].sort());
    expect(squadMails.find((m) => m.to.includes(striker.user.email))!.text).toContain('starting, shirt number 9');
    const notes = await t.db.select().from(notifications).where(eq(notifications.kind, 'selection'));
    expect(notes.map((n) => n.user_id).sort()).toEqual([keeper.user.id, striker.user.id, bench.user.id].sort());

    expect((await put(`/api/fixtures/${match}/selection/me`, left.token, { confirmed: true })).status).toBe(404);
    expect((await put(`/api/fixtures/${match}/selection/me`, keeper.token, { confirmed: 'yes' })).status).toBe(422);
    expect((await put(`/api/fixtures/${match}/selection/me`, keeper.token, { confirmed: true })).body).toMatchObject({ confirmed: true, shirt_number: 1 });
    const declined = await put(`/api/fixtures/${match}/selection/me`, striker.token, { confirmed: false });
    expect(declined.status).toBe(200);
    const view = (await t.json(`/api/fixtures/${match}/selection`, { token: staff.token })).body;
    expect(view.players.map((p: { full_name: string; confirmed: boolean | null }) => [p.full_name, p.confirmed])).toEqual([
      ['Kit Keeper', true],
      ['Stan Striker', false],
      ['Ben Bench', null],
    ]);
    await delivered();
    const alerts = mailsAbout(/^Stan Striker declined: Senior vs Publish Park$/);
    expect(alerts.flatMap((m) => m.to).sort()).toEqual([admin.user.email, staff.user.email].sort());
    expect(alerts.flatMap((m) => m.to)).not.toContain(otherStaff.user.email);
  });

  it('a selected player who drops out (changes to unavailable) alerts staff; an unselected one does not', async () => {
    const match = await fixture('Dropout Dynamo');
    await put(`/api/fixtures/${match}/availability/me`, striker.token, { status: 'available' });
    await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, bench.playerId!));
    await put(`/api/fixtures/${match}/availability/me`, striker.token, { status: 'unavailable', note: 'Pulled a hamstring' });
    await put(`/api/fixtures/${match}/availability/me`, left.token, { status: 'unavailable' });
    await delivered();
    const alerts = mailsAbout(/dropped out: Senior vs Dropout Dynamo$/);
    expect(alerts.map((m) => m.subject)).toEqual(expect.arrayContaining(['Stan Striker dropped out: Senior vs Dropout Dynamo']));
    expect(alerts.flatMap((m) => m.to).sort()).toEqual([admin.user.email, staff.user.email].sort());
    expect(alerts.every((m) => m.subject.startsWith('Stan Striker'))).toBe(true);
  });
});

describe('A player who stops playing for a team', () => {
  it('is taken out of its upcoming squads, and the team’s staff and the admins are told who', async () => {
    const match = await fixture('Moving Mariners');
    expect((await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, bench.playerId!))).status).toBe(200);
    const moved = await put(`/api/players/${bench.playerId}`, admin.token, { full_name: 'Ben Bench', position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [vets] });
    expect(moved.status).toBe(200);
    const view = (await t.json(`/api/fixtures/${match}/selection`, { token: staff.token })).body;
    expect(view.players.map((p: { full_name: string }) => p.full_name)).toEqual(['Kit Keeper', 'Stan Striker']);
    await delivered();
    // Ben was in earlier tests' squads too: one mail each names them all (issue 31).
    const alerts = mailsAbout(/^Ben Bench taken out of /);
    expect(alerts.flatMap((m) => m.to).sort()).toEqual([admin.user.email, staff.user.email].sort());
    expect(alerts[0].text).toContain('Senior vs Moving Mariners');
    expect(alerts[0].text).toContain('no longer plays for the team and was taken out of');
  });
});

describe('A player taken out of several squads at once', () => {
  it('the staff and the admins get one mail each listing every match, not one per match (issue 31)', async () => {
    const mover = await t.signedIn('player', { full_name: 'Mo Mover' });
    const first = await fixture('First Foxes', 100);
    const second = await fixture('Second Stags', 200);
    for (const match of [first, second]) expect((await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, mover.playerId!))).status).toBe(200);
    const moved = await put(`/api/players/${mover.playerId}`, admin.token, { full_name: 'Mo Mover', position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [vets] });
    expect(moved.status).toBe(200);
    await delivered();
    const alerts = mailsAbout(/^Mo Mover taken out of/);
    expect(alerts.map((m) => m.subject)).toEqual(['Mo Mover taken out of 2 squads', 'Mo Mover taken out of 2 squads']);
    expect(alerts.flatMap((m) => m.to).sort()).toEqual([admin.user.email, staff.user.email].sort());
    expect(alerts[0].text).toContain('Senior vs First Foxes');
    expect(alerts[0].text).toContain('Senior vs Second Stags');
  });
});

describe('Republishing a changed squad', () => {
  it('tells a dropped player kindly and puts their "Selected" notification away; a newcomer is asked to confirm', async () => {
    const match = await fixture('Republic Rovers');
    const newcomer = await t.signedIn('player', { full_name: 'Nia Newcomer' });
    await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, left.playerId!));
    expect((await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token })).status).toBe(200);
    const current = (await t.json(`/api/fixtures/${match}/selection`, { token: staff.token })).body;
    const changed = await put(`/api/fixtures/${match}/selection`, staff.token, { ...squad(keeper.playerId!, striker.playerId!, newcomer.playerId!), version: current.version });
    expect(changed.status).toBe(200);
    const again = await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token });
    expect(again.body.mailed).toBe(1);
    await delivered();
    expect(mailsAbout(/^Squad update: Senior vs Republic Rovers/).flatMap((m) => m.to)).toEqual([left.user.email]);
    expect(mailsAbout(/^You're in the squad: Senior vs Republic Rovers/).filter((m) => m.to.includes(newcomer.user.email))).toHaveLength(1);
    const droppedNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, left.user.id));
    const selected = droppedNotes.filter((n) => n.title === 'Selected: Senior vs Republic Rovers');
    expect(selected).toHaveLength(1);
    expect(selected[0].read_at).not.toBeNull();
    // Confirming puts the newcomer's "Selected" away too.
    expect((await put(`/api/fixtures/${match}/selection/me`, newcomer.token, { confirmed: true })).status).toBe(200);
    const newNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, newcomer.user.id));
    expect(newNotes.filter((n) => n.title === 'Selected: Senior vs Republic Rovers').every((n) => n.read_at !== null)).toBe(true);
  });
});

describe('Staff alerts', () => {
  it('one mail per player per change: a decline carries its reason, and the "unavailable" that follows sends no second one', async () => {
    const match = await fixture('Reason Rangers');
    await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, left.playerId!));
    await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token });
    const declined = await put(`/api/fixtures/${match}/selection/me`, striker.token, { confirmed: false, reason: 'Away at a wedding' });
    expect(declined.status).toBe(200);
    await put(`/api/fixtures/${match}/availability/me`, striker.token, { status: 'unavailable', note: 'Wedding' });
    await delivered();
    const toStaff = smtp.received.filter((m) => m.to.includes(staff.user.email) && /Reason Rangers/.test(m.subject) && /^Stan Striker/.test(m.subject));
    expect(toStaff.map((m) => m.subject)).toEqual(['Stan Striker declined: Senior vs Reason Rangers']);
    expect(toStaff[0].text).toContain('They said: “Away at a wedding”');
    const long = await put(`/api/fixtures/${match}/selection/me`, keeper.token, { confirmed: false, reason: 'x'.repeat(281) });
    expect(long.status).toBe(422);
  });
});

describe('Answering a squad place from the mail', () => {
  it('the signed links confirm or decline signed out; a cancelled match says so before any form; a forged link is refused', async () => {
    const match = await fixture('Linkfield');
    await put(`/api/fixtures/${match}/selection`, staff.token, squad(keeper.playerId!, striker.playerId!, left.playerId!));
    await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: staff.token });
    await delivered();
    const mail = mailsAbout(/^You're in the squad: Senior vs Linkfield/).find((m) => m.to.includes(keeper.user.email))!;
    const links = [...mail.text.matchAll(/https:\/\/club\.example\.org(\/squad-reply\?[^\s)>\]]+)/g)].map((m) => new URL(m[1], 'https://x'));
    expect(links.map((u) => u.searchParams.get('answer')).sort()).toEqual(['confirm', 'decline']);
    const linkOf = (u: URL) => ({ fixture: u.searchParams.get('fixture')!, player: u.searchParams.get('player')!, sig: u.searchParams.get('sig')! });
    const decline = linkOf(links.find((u) => u.searchParams.get('answer') === 'decline')!);

    // Opening changes nothing; the POST records the reply, as if signed in.
    expect((await t.services.squadLinks.check(decline)).place).toMatchObject({ role: 'starter', shirt_number: 1, confirmed: null });
    await t.services.squadLinks.reply(decline, false, 'Injured');
    const view = (await t.json(`/api/fixtures/${match}/selection`, { token: staff.token })).body;
    expect(view.players.find((p: { player_id: string }) => p.player_id === keeper.playerId)).toMatchObject({ confirmed: false });
    await t.services.squadLinks.reply(decline, true);
    await expect(t.services.squadLinks.reply({ ...decline, player: striker.playerId! }, true)).rejects.toMatchObject({ status: 403 });
    await expect(t.services.squadLinks.reply({ ...decline, sig: 'forged' }, true)).rejects.toMatchObject({ status: 403 });

    const current = (await t.json(`/api/fixtures/${match}`)).body;
    await put(`/api/fixtures/${match}`, staff.token, { ...current, status: 'cancelled' });
    const after = await t.services.squadLinks.check(decline);
    expect(after.cancelled).toBe(true);
    await expect(t.services.squadLinks.reply(decline, true)).rejects.toMatchObject({ status: 409 });
  });
});
