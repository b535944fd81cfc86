import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { joinUsSubmissions, settings } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
const stored = async () => (await t.db.select({ n: count() }).from(joinUsSubmissions))[0].n;
const valid = {
  full_name: 'Sam Keeper',
  email: 'sam@example.com',
  phone_number: '+44 7700 900456',
  message: 'I would like to play on Sundays.',
  interest_types: ['player', 'volunteer'],
};

describe('POST /api/join-us', () => {
  it('stores a valid application and returns its id (no whatsapp_url without a number)', async () => {
    const res = await t.json('/api/join-us', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(valid);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toHaveProperty('whatsapp_url');
  });

  it('adds a wa.me link built from the settings number', async () => {
    await t.db.insert(settings).values({ id: 1, whatsapp_number: '447700900123', club_email: 'club@example.com' }).onConflictDoUpdate({
      target: settings.club_id,
      set: { whatsapp_number: '447700900123' },
    });
    const res = await t.json('/api/join-us', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);
    expect(decodeURIComponent(res.body.whatsapp_url.split('text=')[1])).toContain('Sam Keeper');
  });

  const bad: [string, unknown][] = [
    ['missing full_name', { ...valid, full_name: undefined }],
    ['missing email', { ...valid, email: undefined }],
    ['missing phone_number', { ...valid, phone_number: undefined }],
    ['missing message', { ...valid, message: undefined }],
    ['missing interest_types', { ...valid, interest_types: undefined }],
    ['blank full_name', { ...valid, full_name: '   ' }],
    ['bad email', { ...valid, email: 'not-an-email' }],
    ['email without domain', { ...valid, email: 'sam@' }],
    ['empty interest_types', { ...valid, interest_types: [] }],
    ['unknown interest type', { ...valid, interest_types: ['coach'] }],
    ['duplicate interest types', { ...valid, interest_types: ['player', 'player'] }],
    ['interest_types not a list', { ...valid, interest_types: 'player' }],
    ['full_name a number', { ...valid, full_name: 42 }],
    ['message an object', { ...valid, message: { text: 'hi' } }],
    ['name over 100 characters', { ...valid, full_name: 'x'.repeat(101) }],
    ['message over 2000 characters', { ...valid, message: 'x'.repeat(2001) }],
    ['phone over 30 characters', { ...valid, phone_number: '1'.repeat(31) }],
    ['phone with letters', { ...valid, phone_number: 'call me maybe' }],
    ['a list instead of an object', [valid]],
  ];
  it.each(bad)('refuses %s with a 422 detail and stores nothing', async (_name, body) => {
    const before = await stored();
    const res = await t.json('/api/join-us', { body });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
    expect(res.body.detail.length).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
  });

  it('refuses a 1 MB field with 413 and a detail, storing nothing', async () => {
    const before = await stored();
    const res = await t.json('/api/join-us', { body: { ...valid, message: 'x'.repeat(1024 * 1024) } });
    expect([413, 422]).toContain(res.status);
    expect(res.body.detail).toBeTruthy();
    expect(await stored()).toBe(before);
  });

  it('refuses malformed JSON with 400 and a detail', async () => {
    const res = await t.json('/api/join-us', { body: '{"full_name":' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBeTruthy();
  });
});

describe('GET and DELETE /api/join-us', () => {
  it('admin lists submissions newest first and deletes one', async () => {
    const { token } = await t.signedIn('admin');
    await t.json('/api/join-us', { body: { ...valid, full_name: 'Latest Applicant' } });
    const list = await t.json('/api/join-us', { token });
    expect(list.status).toBe(200);
    expect(list.body[0].full_name).toBe('Latest Applicant');
    const times = list.body.map((s: { created_at: string }) => s.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await t.json(`/api/join-us/${list.body[0].id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await t.json(`/api/join-us/${list.body[0].id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('is admin-only: 401 anonymous, 403 player and staff', async () => {
    expect((await t.json('/api/join-us')).status).toBe(401);
    const [one] = (await t.json('/api/join-us', { token: (await t.signedIn('admin')).token })).body;
    for (const role of ['player', 'staff'] as const) {
      const { token } = await t.signedIn(role);
      expect((await t.json('/api/join-us', { token })).status).toBe(403);
      expect((await t.json(`/api/join-us/${one.id}`, { method: 'DELETE', token })).status).toBe(403);
    }
  });
});
