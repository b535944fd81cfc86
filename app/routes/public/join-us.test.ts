import { describe, expect, it } from 'vitest';
import { invalid } from '../../../shared/errors';
import { action, JOIN_US_FALLBACK_ERROR } from './join-us';

type ActionArgs = Parameters<typeof action>[0];
function post(submit: () => Promise<unknown>) {
  const body = new URLSearchParams({ full_name: 'A', email: 'a@example.com', phone_number: '0123456', message: 'Hi' });
  body.append('interest_types', 'player');
  return {
    request: new Request('http://club.test/join-us', { method: 'POST', body }),
    context: { services: { joinUs: { submit } } },
    params: {},
  } as unknown as ActionArgs;
}
const unwrap = (result: unknown) => result as { data: Record<string, unknown>; init: { status?: number } | null };

describe('Join Us action', () => {
  it("returns the server's detail and field errors when the application is refused", async () => {
    const result = unwrap(await action(post(async () => { throw invalid('email: Please enter a valid email address', [{ field: 'email', message: 'Please enter a valid email address' }]); })));
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({ ok: false, error: 'email: Please enter a valid email address', fieldErrors: { email: 'Please enter a valid email address' } });
  });

  it(`falls back to '${JOIN_US_FALLBACK_ERROR}' when something unexpected fails`, async () => {
    const result = unwrap(await action(post(async () => { throw new Error('database down'); })));
    expect(result.init?.status).toBe(500);
    expect(result.data).toMatchObject({ ok: false, error: 'Something went wrong. Please try again.' });
    expect(result.data.values).toMatchObject({ full_name: 'A', interest_types: ['player'] });
  });

  it('keeps the WhatsApp link from the saved submission', async () => {
    const result = unwrap(await action(post(async () => ({ id: 'x', whatsapp_url: 'https://wa.me/447700900123?text=Hi' }))));
    expect(result.data).toEqual({ ok: true, whatsapp_url: 'https://wa.me/447700900123?text=Hi' });
  });
});
