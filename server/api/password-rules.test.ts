import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../shared/auth';
import { createTestContext } from '../../tests/support/api';
import { isCommonPassword } from '../auth/password-policy';
import { COMMON_PASSWORDS_FILE, commonPasswordText } from '../auth/common-password-list';
import { projectRoot } from '../paths';

// Issue 21: every password a person chooses is at least 8 characters long and not one of the
// commonly used ones, on registration, on a change, on a reset (by link or by the admin) and for a
// login the admin creates; the answer names the rule, next to the field, and nothing is stored.
const t = await createTestContext();
const unique = () => randomBytes(4).toString('hex');

const SHORT = 'Ab3-xyz'; // 7 characters
const COMMON = ['password1', 'Football1', 'qwertyuiop', 'iloveyou'];

function registration(password: string) {
  const name = `rule_${unique()}`;
  return {
    username: name,
    password,
    email: `${name}@example.com`,
    full_name: 'Rory Rules',
    phone_number: '07700 900123',
    date_of_birth: '1995-04-12',
    position_preference: 'Defender',
    emergency_contact_name: 'Pat Rules',
    emergency_contact_phone: '07700 900456',
  };
}

async function expectRefused(res: { status: number; body: any }, field: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.detail).toBe(message);
  expect(res.body.errors).toContainEqual({ field, message });
}

describe('The common-password list', () => {
  it('knows the passwords people use most, whatever their case, and not a passphrase of its own', async () => {
    for (const password of COMMON) expect(await isCommonPassword(password), password).toBe(true);
    expect(await isCommonPassword('PASSWORD1')).toBe(true);
    expect(await isCommonPassword('kick-off at 3 on Saturday')).toBe(false);
  });

  it('is the same list in the production build (build/server/common-passwords.txt, read instead of the package)', async () => {
    const built = readFileSync(path.join(projectRoot(), 'build/server', COMMON_PASSWORDS_FILE), 'utf8');
    expect(built).toBe(await commonPasswordText());
    expect(built.split('\n').length).toBeGreaterThan(17_000);
  });
});

describe('Password rules', () => {
  it('registration refuses a short and a common password, naming the rule, and registers nobody', async () => {
    const short = registration(SHORT);
    const res = await t.json('/api/players/register', { body: short });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'password', message: PASSWORD_TOO_SHORT });
    for (const password of COMMON) {
      const body = registration(password);
      await expectRefused(await t.json('/api/players/register', { body }), 'password', PASSWORD_TOO_COMMON);
      const login = await t.json('/api/auth/login', { body: { username: body.username, password } });
      expect(login.status).toBe(401);
    }
  });

  it('a change of password refuses both, and the old password still works', async () => {
    const member = await t.signedIn('player');
    const change = (new_password: string) =>
      t.json('/api/auth/password', { method: 'PUT', token: member.token, body: { current_password: member.password, new_password } });
    const short = await change(SHORT);
    expect(short.status).toBe(422);
    expect(short.body.errors).toContainEqual({ field: 'new_password', message: PASSWORD_TOO_SHORT });
    await expectRefused(await change('password1'), 'new_password', PASSWORD_TOO_COMMON);
    const login = await t.json('/api/auth/login', { body: { username: member.username, password: member.password } });
    expect(login.status).toBe(200);
    expect((await change('a long and rare one 42')).status).toBe(200);
  });

  it("the admin's reset of a player's password and a login the admin creates follow the same rules", async () => {
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('player');
    const reset = (password: string) =>
      t.json(`/api/auth/reset-password/${member.user.id}`, { method: 'PUT', token: admin.token, body: { password } });
    expect((await reset(SHORT)).status).toBe(422);
    await expectRefused(await reset('iloveyou'), 'password', PASSWORD_TOO_COMMON);
    expect((await t.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(200);

    const player = await t.json('/api/players', {
      token: admin.token,
      body: { full_name: `Lou Login ${unique()}`, position: 'Forward', team_type: 'Senior', nationality: 'Welsh', jersey_number: 44 },
    });
    expect(player.status).toBe(201);
    const username = `lou_${unique()}`;
    const create = (password: string) =>
      t.json('/api/admin/create-player-account', { token: admin.token, body: { player_id: player.body.id, username, password, email: `${username}@example.com` } });
    await expectRefused(await create('Football1'), 'password', PASSWORD_TOO_COMMON);
    expect((await t.json('/api/auth/login', { body: { username, password: 'Football1' } })).status).toBe(401);
    expect((await create('a long and rare one 42')).status).toBe(201);
  });
});

describe('Signing in with the e-mail address', () => {
  it('takes the e-mail in place of the username, whatever its case; a wrong password is refused alike', async () => {
    const member = await t.signedIn('player');
    const byEmail = await t.json('/api/auth/login', { body: { username: member.user.email.toUpperCase(), password: member.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.username).toBe(member.username);
    const wrong = await t.json('/api/auth/login', { body: { username: member.user.email, password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Incorrect username or password');
  });
});
