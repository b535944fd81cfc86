import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
await t.initialize();
const valid = { whatsapp_number: '+44 7700 900999', club_email: 'club@example.org', sales_email: 'shop@example.org', club_address: '1 Mill Lane' };

describe('GET/PUT /api/settings', () => {
  it('admin reads the seeded settings and saves new ones (WhatsApp number as digits)', async () => {
    const { token } = await t.signedIn('admin');
    const read = await t.json('/api/settings', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      whatsapp_number: '447700900123',
      club_email: 'hello@riversiderovers.club',
      sales_email: 'shop@riversiderovers.club',
      club_address: 'Riverside Playing Fields, Mill Lane, Riverside RV1 2AB',
    });
    const saved = await t.json('/api/settings', { method: 'PUT', token, body: valid });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...valid, whatsapp_number: '447700900999' });
    expect((await t.json('/api/settings', { token })).body.whatsapp_number).toBe('447700900999');
    expect((await t.services.settings.get()).club_email).toBe('club@example.org');
  });

  it('refuses bad values with 422 and keeps the old ones', async () => {
    const { token } = await t.signedIn('admin');
    const before = (await t.json('/api/settings', { token })).body;
    for (const bad of [
      { whatsapp_number: '07700-900999' },
      { whatsapp_number: 'call me' },
      { whatsapp_number: '+44' },
      { club_email: 'nope' },
      { club_email: '' },
      { sales_email: 'shop@' },
      { club_address: 'x'.repeat(301) },
    ]) {
      const res = await t.json('/api/settings', { method: 'PUT', token, body: { ...valid, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await t.json('/api/settings', { token })).body).toEqual(before);
  });

  it('is admin-only: 401 anonymous, 403 staff and player', async () => {
    expect((await t.json('/api/settings')).status).toBe(401);
    expect((await t.json('/api/settings', { method: 'PUT', body: valid })).status).toBe(401);
    for (const role of ['staff', 'player'] as const) {
      const { token } = await t.signedIn(role);
      expect((await t.json('/api/settings', { token })).status).toBe(403);
      expect((await t.json('/api/settings', { method: 'PUT', token, body: valid })).status).toBe(403);
    }
  });
});
