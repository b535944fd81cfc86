import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as registerAction } from '../app/routes/auth/register';
import { action as registerParentAction } from '../app/routes/auth/register-parent';
import { registrationCheckEmail } from '../shared/players';
import { createTestContext } from '../tests/support/api';
import { bornYearsAgo } from '../tests/support/juniors';
import { registration } from '../tests/support/players';
import { users } from './db/schema';

const t = await createTestContext();
const owner = await t.signedIn('player');

/** The register pages' form, posted through the page's own action on the real services. */
async function post(action: (args: never) => Promise<unknown>, fields: Record<string, string>) {
  const request = new Request('http://localhost/register', { method: 'POST', body: new URLSearchParams(fields) });
  const context = { services: t.services, user: null, nonce: undefined, secure: false, clientAddress: '203.0.113.10' };
  return action({ request, context, params: {} } as never);
}

const bodyOf = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as Record<string, unknown>;

describe('the register pages never say an address is already registered (issue 30, finding 14)', () => {
  it('/register: a new address signs in; one already in use shows "check your e-mail", creates nothing and no field error', async () => {
    const fresh = registration();
    const made = await post(registerAction, { ...fresh, confirm_password: fresh.password });
    expect(made).toBeInstanceOf(Response);
    expect((made as Response).headers.get('set-cookie')).toMatch(/^club_session=/);

    const stranger = registration({ email: owner.user.email });
    const answer = bodyOf(await post(registerAction, { ...stranger, confirm_password: stranger.password }));
    expect(answer).toMatchObject({ ok: true, checkEmail: owner.user.email });
    expect(JSON.stringify(answer)).not.toMatch(/already registered/);
    expect(await t.db.select().from(users).where(eq(users.username, stranger.username))).toEqual([]);
    expect(registrationCheckEmail(owner.user.email)).toContain(owner.user.email);
  });

  it('/register/parent: an address already in use shows "check your e-mail" instead of a refusal', async () => {
    const answer = bodyOf(
      await post(registerParentAction, {
        full_name: 'Rae Stranger',
        username: `rae_${Date.now()}`,
        email: owner.user.email,
        password: 'a sturdy passphrase',
        confirm_password: 'a sturdy passphrase',
        phone_number: '07700 900333',
        child_name_0: 'Rio Stranger',
        child_date_of_birth_0: bornYearsAgo(9),
        relationship: 'Mother',
      }),
    );
    expect(answer).toMatchObject({ ok: true, checkEmail: owner.user.email });
  });
});
