import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { clubRoles, players } from '../db/schema';
import { today } from '../../shared/dates';
import { calendarMonthsAfter, daysBetween, dueOn } from '../../shared/privacy-dates';
import { NO_SUBJECT, NOT_THEIR_PARENT, VIEW_ONLY_PARENT, ALREADY_EXTENDED, PARENT_ONLY_FOR_CHILD } from '../services/privacy/requests';

// Issue 34: personal-data requests with the ICO's one-calendar-month deadline, for the data protection lead.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const lead = await j.adult('Dana Lead');
await t.db.insert(clubRoles).values({ user_id: lead.user.id, role: 'data_protection_lead' });
const secondLead = await j.adult('Sam Secretary', 'secretary');
const coach = await t.signedIn('staff', { full_name: 'Colin Coach' });
const member = await t.signedIn('player', { full_name: 'Mo Member' });

const child = await j.child('Kit Junior', bornYearsAgo(10), 'senior');
const primary = await j.guardian('Pat Primary', [child, 'primary']);
const viewOnly = await j.guardian('Vic Viewonly', [child, 'view_only']);
const stranger = await j.adult('Former Parent');

const record = (body: Record<string, unknown>, token = lead.token) => t.json('/api/privacy/requests', { token, body });
const base = { type: 'access', requested_by_name: 'Mo Member', relationship: 'self', received_on: '2026-01-31' };

describe('recording a personal-data request', () => {
  it('the lead records one about a member; the due date is one calendar month, moved off the weekend', async () => {
    const res = await record({ ...base, player_id: member.playerId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject_name: 'Mo Member', received_on: '2026-01-31', due_on: '2026-03-02', first_due_on: '2026-03-02', status: 'open' });
    expect(res.body.days_left).toBe(daysBetween(today(), '2026-03-02'));
    expect(res.body.overdue).toBe(true);
    expect(res.body.recorded_by_name).toBe('Dana Lead');
    const read = await t.json(`/api/privacy/requests/${res.body.id}`, { token: lead.token });
    expect(read.status).toBe(200);
    expect(read.body.due_on).toBe('2026-03-02');
  });

  it('the secretary and admins record them too', async () => {
    expect((await record({ ...base, player_id: member.playerId }, secondLead.token)).status).toBe(201);
    expect((await record({ ...base, player_id: member.playerId, received_on: today() }, admin.token)).body.due_on).toBe(dueOn(today()));
  });

  it('refuses a coach (403), a member (403), a pending member (403) and anyone signed out (401)', async () => {
    expect((await record({ ...base, player_id: member.playerId }, coach.token)).status).toBe(403);
    expect((await record({ ...base, player_id: member.playerId }, member.token)).status).toBe(403);
    const pending = await j.adult('Penny Pending');
    await t.db.insert(players).values({ user_id: pending.user.id, full_name: 'Penny Pending', status: 'pending' });
    expect((await record({ ...base, player_id: member.playerId }, pending.token)).status).toBe(403);
    expect((await t.json('/api/privacy/requests', { token: pending.token })).status).toBe(403);
    expect((await t.json('/api/privacy/requests', { token: coach.token })).status).toBe(403);
    expect((await t.json('/api/privacy/requests', { body: { ...base, player_id: member.playerId } })).status).toBe(401);
  });

  it('checks the dates and the subject (422 with a detail)', async () => {
    const future = await record({ ...base, player_id: member.playerId, received_on: '2099-01-01' });
    expect(future.status).toBe(422);
    expect(future.body.detail).toMatch(/cannot be in the future/);
    expect((await record({ ...base, player_id: member.playerId, received_on: '2024-12-31' })).body.detail).toMatch(/1 January 2025/);
    expect((await record({ ...base, player_id: member.playerId, received_on: '31/01/2026' })).status).toBe(422);
    const none = await record({ ...base });
    expect(none.status).toBe(422);
    expect(none.body.detail).toMatch(/Choose who the request is about/);
    expect((await record({ ...base, player_id: member.playerId, user_id: stranger.user.id })).status).toBe(422);
    const unknown = await record({ ...base, player_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toContain(NO_SUBJECT);
    expect((await record({ ...base, type: 'gossip', player_id: member.playerId })).status).toBe(422);
    expect((await record({ ...base, player_id: member.playerId, requested_by_name: '' })).status).toBe(422);
  });

  it('a parent with parental responsibility asks for a child; a view-only or former parent cannot', async () => {
    const parentAsk = { ...base, player_id: child.id, relationship: 'parent', requested_by_name: 'Pat Primary', received_on: today() };
    const ok = await record({ ...parentAsk, requested_by_user_id: primary.user.id });
    expect(ok.status).toBe(201);
    expect(ok.body.subject_name).toBe('Kit Junior');
    const restricted = await record({ ...parentAsk, requested_by_user_id: viewOnly.user.id, requested_by_name: 'Vic Viewonly' });
    expect(restricted.status).toBe(422);
    expect(restricted.body.detail).toContain(VIEW_ONLY_PARENT);
    const former = await record({ ...parentAsk, requested_by_user_id: stranger.user.id, requested_by_name: 'Former Parent' });
    expect(former.status).toBe(422);
    expect(former.body.detail).toContain(NOT_THEIR_PARENT);
    const adultSubject = await record({ ...parentAsk, player_id: member.playerId });
    expect(adultSubject.status).toBe(422);
    expect(adultSubject.body.detail).toContain(PARENT_ONLY_FOR_CHILD);
  });

  it('include_children only for a parent’s own login', async () => {
    const ok = await record({ ...base, user_id: primary.user.id, include_children: true, requested_by_name: 'Pat Primary' });
    expect(ok.status).toBe(201);
    expect(ok.body.include_children).toBe(true);
    expect((await record({ ...base, user_id: viewOnly.user.id, include_children: true })).status).toBe(422);
    expect((await record({ ...base, player_id: member.playerId, include_children: true })).status).toBe(422);
  });

  it('lists open ones first by due date with days left, then closed ones', async () => {
    const list = await t.json('/api/privacy/requests', { token: lead.token });
    expect(list.status).toBe(200);
    const open = list.body.filter((r: { status: string }) => r.status === 'open');
    expect(open.map((r: { due_on: string }) => r.due_on)).toEqual([...open.map((r: { due_on: string }) => r.due_on)].sort());
    expect(list.body[0]).toHaveProperty('days_left');
    const subjects = await t.json('/api/privacy/subjects', { token: lead.token });
    expect(subjects.status).toBe(200);
    const kit = subjects.body.find((s: { full_name: string }) => s.full_name === 'Kit Junior');
    expect(kit.kind).toBe('child');
    expect(kit.guardians.map((g: { full_name: string }) => g.full_name).sort()).toEqual(['Pat Primary', 'Vic Viewonly']);
    expect(subjects.body.some((s: { kind: string; full_name: string }) => s.kind === 'login' && s.full_name === 'Pat Primary')).toBe(true);
    expect((await t.json('/api/privacy/subjects', { token: coach.token })).status).toBe(403);
  });
});

describe('identity, extension and completion', () => {
  const fresh = async (receivedOn = '2026-01-31') => (await record({ ...base, player_id: member.playerId, received_on: receivedOn })).body;

  it('records the identity check', async () => {
    const req = await fresh();
    const res = await t.json(`/api/privacy/requests/${req.id}/identity`, { token: lead.token, body: { checked_on: '2026-02-02' } });
    expect(res.status).toBe(200);
    expect(res.body.identity_checked_on).toBe('2026-02-02');
    expect((await t.json(`/api/privacy/requests/${req.id}/identity`, { token: lead.token, body: { checked_on: '2026-01-01' } })).status).toBe(422);
  });

  it('extends once, by the calendar-month rule, only if the person was told within the first month', async () => {
    const req = await fresh();
    const late = await t.json(`/api/privacy/requests/${req.id}/extension`, {
      token: lead.token,
      body: { months: 2, reason: 'Many years of records across teams', notified_on: '2026-03-03' },
    });
    expect(late.status).toBe(422);
    expect(late.body.detail).toContain('An extension must be sent before the first month ends: by');
    expect(late.body.detail).toContain('2 March 2026');
    const noReason = await t.json(`/api/privacy/requests/${req.id}/extension`, { token: lead.token, body: { months: 2, reason: '', notified_on: '2026-02-20' } });
    expect(noReason.status).toBe(422);
    const threeMonths = await t.json(`/api/privacy/requests/${req.id}/extension`, { token: lead.token, body: { months: 3, reason: 'Too long', notified_on: '2026-02-20' } });
    expect(threeMonths.status).toBe(422);
    const ok = await t.json(`/api/privacy/requests/${req.id}/extension`, {
      token: lead.token,
      body: { months: 2, reason: 'Many years of records across teams', notified_on: '2026-03-02' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ extended_to: '2026-04-30', due_on: '2026-04-30', first_due_on: '2026-03-02', extension_notified_on: '2026-03-02' });
    const again = await t.json(`/api/privacy/requests/${req.id}/extension`, { token: lead.token, body: { months: 1, reason: 'Even more records', notified_on: '2026-03-01' } });
    expect(again.status).toBe(422);
    expect(again.body.detail).toBe(ALREADY_EXTENDED);
  });

  it('completes or refuses with an outcome; a closed request takes no more changes', async () => {
    const req = await fresh(today());
    const done = await t.json(`/api/privacy/requests/${req.id}/complete`, { token: lead.token, body: { status: 'completed', outcome: 'Sent the download by e-mail' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', outcome: 'Sent the download by e-mail', completed_on: today(), overdue: false });
    const again = await t.json(`/api/privacy/requests/${req.id}/complete`, { token: lead.token, body: { status: 'refused', outcome: 'Changed my mind' } });
    expect(again.status).toBe(422);
    const list = (await t.json('/api/privacy/requests', { token: lead.token })).body as { id: string; status: string }[];
    expect(list.findIndex((r) => r.id === req.id)).toBeGreaterThan(list.findLastIndex((r) => r.status === 'open'));
    expect((await t.json(`/api/privacy/requests/${req.id}/complete`, { token: coach.token, body: { status: 'refused', outcome: 'Not allowed' } })).status).toBe(403);
  });

  it('two leads acting at once: the second, with the old version, gets 409 naming who and when', async () => {
    const req = await fresh(today());
    const first = await t.json(`/api/privacy/requests/${req.id}/identity`, { token: lead.token, body: { checked_on: today(), version: req.version } });
    expect(first.status).toBe(200);
    const second = await t.json(`/api/privacy/requests/${req.id}/complete`, {
      token: secondLead.token,
      body: { status: 'refused', outcome: 'Manifestly unfounded', version: req.version },
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/^Dana Lead saved this request on .+ after you opened it/);
    const after = await t.json(`/api/privacy/requests/${req.id}`, { token: lead.token });
    expect(after.body.status).toBe('open');
  });

  it('an unknown request is 404', async () => {
    expect((await t.json('/api/privacy/requests/nope', { token: lead.token })).status).toBe(404);
    expect((await t.json('/api/privacy/requests/00000000-0000-4000-8000-000000000000/identity', { token: lead.token, body: { checked_on: today() } })).status).toBe(404);
  });
});


describe('the Today page', () => {
  it('lists open requests due within 7 days or overdue for the lead; nothing for a coach', async () => {
    const soon = (await record({ ...base, player_id: member.playerId, received_on: calendarMonthsAfter(today(), -1), requested_by_name: 'Soon Asker' })).body;
    const later = (await record({ ...base, player_id: member.playerId, received_on: today() })).body;
    const dash = await t.json('/api/admin/dashboard', { token: lead.token });
    expect(dash.status).toBe(200);
    const listed = dash.body.today.privacy_requests as { id: string; days_left: number; overdue: boolean }[];
    expect(listed.map((r) => r.id)).toContain(soon.id);
    expect(listed.map((r) => r.id)).not.toContain(later.id);
    expect(listed.every((r) => r.days_left <= 7)).toBe(true);
    expect(listed.some((r) => r.overdue)).toBe(true);
    expect((await t.json('/api/admin/dashboard', { token: coach.token })).body.today.privacy_requests).toBeNull();
  });
});
