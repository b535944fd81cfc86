import { describe, expect, it } from 'vitest';
import { action } from '../app/routes/auth/login';
import { createTestContext } from '../tests/support/api';

const t = await createTestContext();

/** POST /login as the sign-in form sends it, through the page's own action, on the real services. */
async function signInAt(redirectTo: string) {
  const { username, password } = await t.signedIn('player');
  const body = new URLSearchParams({ username, password, redirectTo });
  const request = new Request('http://localhost/login', { method: 'POST', body });
  const context = { services: t.services, user: null, nonce: undefined, secure: false, clientAddress: '203.0.113.9' };
  const answer = await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]);
  if (!(answer instanceof Response)) throw new Error(`no redirect: ${JSON.stringify(answer)}`);
  return answer;
}

describe('POST /login: back where they were, never off the site (issue 30, finding 10)', () => {
  it('a path on this site is kept', async () => {
    const answer = await signInAt('/players-area/schedule?week=2');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/players-area/schedule?week=2');
  });

  it.each([
    ['/\t/evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/admin\r\nSet-Cookie: stolen=1'],
    ['/caf\u00e9/\u2603'],
    ['/%zz'],
  ])('%j goes to the Players\' Area instead, with no 500', async (redirectTo) => {
    const answer = await signInAt(redirectTo);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/players-area');
    expect(answer.headers.get('set-cookie')).toMatch(/^club_session=/);
  });
});
