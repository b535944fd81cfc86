import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sponsors } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
await t.initialize();
const sponsorCount = async () => (await t.db.select({ n: count() }).from(sponsors))[0].n;
const valid = { name: 'Acme', logo_url: 'https://example.com/logo.png', category: 'Partner' };

describe('GET /api/sponsors', () => {
  it('lists sponsors publicly, with a limit', async () => {
    const res = await t.json('/api/sponsors');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body.map((s: { name: string }) => s.name)).toContain('Millbrook Motors');
    expect(Object.keys(res.body[0]).sort()).toEqual(['category', 'description', 'id', 'logo_url', 'name', 'tier', 'website_url']);
    expect((await t.json('/api/sponsors?limit=6')).body).toHaveLength(6);
  });
});

describe('Sponsor tiers', () => {
  const tierRank = { main: 0, partner: 1, supporter: 2 } as Record<string, number>;

  it('lists main sponsors first, then partners, then supporters', async () => {
    const list: { name: string; tier: string }[] = (await t.json('/api/sponsors')).body;
    expect(list[0]).toMatchObject({ name: 'Millbrook Motors', tier: 'main' });
    const ranks = list.map((s) => tierRank[s.tier]);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(list.map((s) => s.tier))).toEqual(new Set(['main', 'partner', 'supporter']));
  });

  it('a new sponsor without a tier is a partner; a main sponsor added later is listed first; a PUT without tier keeps it', async () => {
    const { token } = await t.signedIn('admin');
    const plain = await t.json('/api/sponsors', { token, body: valid });
    expect(plain.status).toBe(201);
    expect(plain.body.tier).toBe('partner');
    const main = await t.json('/api/sponsors', { token, body: { ...valid, name: 'New Main', tier: 'main' } });
    expect(main.body.tier).toBe('main');
    const names = (await t.json('/api/sponsors')).body.map((s: { name: string }) => s.name);
    expect(names.indexOf('New Main')).toBeLessThan(names.indexOf('Hartley & Sons Builders'));
    expect((await t.json('/api/sponsors?limit=2')).body.every((s: { tier: string }) => s.tier === 'main')).toBe(true);
    const kept = await t.json(`/api/sponsors/${main.body.id}`, { method: 'PUT', token, body: { ...valid, name: 'New Main' } });
    expect(kept.body.tier).toBe('main');
    const moved = await t.json(`/api/sponsors/${main.body.id}`, { method: 'PUT', token, body: { ...valid, tier: 'supporter' } });
    expect(moved.body.tier).toBe('supporter');
    for (const id of [plain.body.id, main.body.id]) await t.json(`/api/sponsors/${id}`, { method: 'DELETE', token });
  });

  it('rejects an unknown tier with 422 and a readable detail, storing nothing', async () => {
    const { token } = await t.signedIn('admin');
    const before = await sponsorCount();
    for (const tier of ['gold', 'Main', 1, null]) {
      const res = await t.json('/api/sponsors', { token, body: { ...valid, tier } });
      expect(res.status, String(tier)).toBe(422);
      expect(res.body.detail).toContain('Tier must be one of main, partner, supporter');
    }
    expect(await sponsorCount()).toBe(before);
  });
});

describe('POST/PUT/DELETE /api/sponsors', () => {
  it('admin creates, updates and deletes a sponsor', async () => {
    const { token } = await t.signedIn('admin');
    const created = await t.json('/api/sponsors', { token, body: { ...valid, website_url: '', description: '' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, website_url: null, description: null });
    const updated = await t.json(`/api/sponsors/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { ...valid, name: 'Acme Ltd', website_url: 'https://acme.example' },
    });
    expect(updated.body).toMatchObject({ name: 'Acme Ltd', website_url: 'https://acme.example' });
    expect((await t.json(`/api/sponsors/${created.body.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await t.json(`/api/sponsors/${created.body.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it.each(['name', 'logo_url', 'category'])('requires %s (422 with detail, nothing stored)', async (field) => {
    const { token } = await t.signedIn('admin');
    const before = await sponsorCount();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await t.json('/api/sponsors', { token, body });
    expect(res.status).toBe(422);
    // The detail is for people (the field's label); errors[].field names the key for code.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    expect(await sponsorCount()).toBe(before);
  });

  it('rejects a website that is not http(s)', async () => {
    const { token } = await t.signedIn('admin');
    const res = await t.json('/api/sponsors', { token, body: { ...valid, website_url: 'javascript:alert(1)' } });
    expect(res.status).toBe(422);
  });

  it('is admin-only: 401 anonymous, 403 player and staff', async () => {
    const before = await sponsorCount();
    expect((await t.json('/api/sponsors', { body: valid })).status).toBe(401);
    for (const role of ['player', 'staff'] as const) {
      const { token } = await t.signedIn(role);
      const res = await t.json('/api/sponsors', { token, body: valid });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBeTruthy();
    }
    expect(await sponsorCount()).toBe(before);
  });
});
