import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { news } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
await t.initialize();
const newsCount = async () => (await t.db.select({ n: count() }).from(news))[0].n;

describe('GET /api/news', () => {
  it('lists published articles only, newest first, with a limit', async () => {
    const res = await t.json('/api/news');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body.every((a: { is_published: boolean }) => a.is_published)).toBe(true);
    const times = res.body.map((a: { created_at: string }) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await t.json('/api/news?limit=3')).body).toHaveLength(3);
  });

  it('GET /api/news/{id} returns a published article and 404 for unknown or unpublished ones', async () => {
    const [first] = (await t.json('/api/news')).body;
    const one = await t.json(`/api/news/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, title: first.title });
    const { token } = await t.signedIn('admin');
    const draft = (await t.json('/api/admin/news', { token })).body.find((a: { is_published: boolean }) => !a.is_published);
    const hidden = await t.json(`/api/news/${draft.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.detail).toBe('Article not found');
    expect((await t.json('/api/news/nope')).status).toBe(404);
  });
});

describe('GET /api/admin/news', () => {
  it('shows drafts to admin and staff, 401/403 to others', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const { token } = await t.signedIn(role);
      const res = await t.json('/api/admin/news', { token });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(7);
    }
    expect((await t.json('/api/admin/news')).status).toBe(401);
    expect((await t.json('/api/admin/news', { token: (await t.signedIn('player')).token })).status).toBe(403);
  });
});

describe('POST/PUT/DELETE /api/news', () => {
  it('staff write, publish and delete an article', async () => {
    const { token } = await t.signedIn('staff');
    const created = await t.json('/api/news', { token, body: { title: 'Draft', content: 'Words.' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Draft', content: 'Words.', summary: null, image_url: null, is_published: false });
    expect((await t.json(`/api/news/${created.body.id}`)).status).toBe(404);

    const published = await t.json(`/api/news/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { title: 'Published', content: 'Words.', summary: 'Short', image_url: '/images/seed/news-ball.svg', is_published: true },
    });
    expect(published.status).toBe(200);
    expect((await t.json(`/api/news/${created.body.id}`)).body.title).toBe('Published');
    expect((await t.json(`/api/news/${created.body.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await t.json(`/api/news/${created.body.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it.each(['title', 'content'])('requires %s (422 with detail, nothing stored)', async (field) => {
    const { token } = await t.signedIn('admin');
    const before = await newsCount();
    const body: Record<string, unknown> = { title: 'T', content: 'C' };
    delete body[field];
    const res = await t.json('/api/news', { token, body });
    expect(res.status).toBe(422);
    // The detail is for people (the field's label); errors[].field names the key for code.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    expect(await newsCount()).toBe(before);
  });

  it('answers 401 anonymous and 403 player', async () => {
    const before = await newsCount();
    expect((await t.json('/api/news', { body: { title: 'T', content: 'C' } })).status).toBe(401);
    const { token } = await t.signedIn('player');
    expect((await t.json('/api/news', { token, body: { title: 'T', content: 'C' } })).status).toBe(403);
    expect(await newsCount()).toBe(before);
  });
});
