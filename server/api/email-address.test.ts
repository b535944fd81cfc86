import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMED, EMAIL_LINK_INVALID, EMAIL_UNCHANGED, emailChangeSent } from '../../shared/email-change';
import { CURRENT_PASSWORD_NEEDED } from '../../shared/players';
import { CURRENT_PASSWORD_WRONG } from '../../shared/passwords';
import { createTestContext } from '../../tests/support/api';
import { waitFor } from '../../tests/support/smtp';
import { registeredPlayer, registration } from '../../tests/support/players';
import { createMailingTestContext } from '../../tests/support/mail';
import { users } from '../db/schema';

// Issue 21: every account has an e-mail address it can change, confirmed by a link to the new
// address (the old one is told); after that, "Forgot password?" works for the admin end to end.
const t = await createMailingTestContext();
const { smtp } = t;

const mailTo = async (address: string, subject: string) => {
  await waitFor(() => smtp.received.some((m) => m.to.includes(address) && m.subject === subject), 10_000, `"${subject}" to ${address}`);
  return smtp.received.filter((m) => m.to.includes(address) && m.subject === subject).at(-1)!;
};
const tokenIn = (text: string, path: string) => new RegExp(`https://club\\.example\\.org/${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe("The admin's e-mail address", () => {
  it('starts as a placeholder after initialization, is changed by a confirmed link, and then Forgot password works', async () => {
    await t.initialize();
    const login = await t.json('/api/auth/login', { body: { username: 'admin', password: 'admin-test-password' } });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    expect(login.body.user.email).toMatch(/@club\.invalid$/);

    const change = await t.json('/api/auth/me', { method: 'PUT', token, body: { email: 'secretary@riverside.example', current_password: 'admin-test-password' } });
    expect(change.status).toBe(202);
    expect(change.body.detail).toContain('secretary@riverside.example');
    // Nothing changes until the link is followed.
    expect((await t.json('/api/auth/me', { token })).body.email).toMatch(/@club\.invalid$/);
    const mail = await mailTo('secretary@riverside.example', 'Confirm your new e-mail address');
    const link = tokenIn(mail.text, 'confirm-email');
    expect(link).toBeTruthy();
    const confirmed = await t.json('/api/auth/confirm-email', { body: { token: link } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ detail: EMAIL_CONFIRMED, email: 'secretary@riverside.example' });
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin.email).toBe('secretary@riverside.example');
    expect(admin.email_confirmed_at).not.toBeNull();
    // The link works once.
    expect((await t.json('/api/auth/confirm-email', { body: { token: link } })).body.detail).toBe(EMAIL_LINK_INVALID);
    // Sign-in with the new address, and Forgot password end to end.
    expect((await t.json('/api/auth/login', { body: { username: 'secretary@riverside.example', password: 'admin-test-password' } })).status).toBe(200);
    expect((await t.json('/api/auth/forgot-password', { body: { email: 'secretary@riverside.example' } })).status).toBe(202);
    const reset = await mailTo('secretary@riverside.example', 'Choose a new password');
    const resetToken = tokenIn(reset.text, 'reset-password');
    const set = await t.json('/api/auth/reset-password', { body: { token: resetToken, password: 'a new admin passphrase' } });
    expect(set.status).toBe(200);
    expect((await t.json('/api/auth/login', { body: { username: 'admin', password: 'a new admin passphrase' } })).status).toBe(200);
    // Every password change is mailed to the owner.
    const changed = await mailTo('secretary@riverside.example', 'Your password was changed');
    expect(changed.text).toContain('Forgot password?');
  });

  it('a password changed on the account page or by the admin is mailed to its owner, once each', async () => {
    const member = await t.signedIn('player');
    const admin = await t.signedIn('admin');
    const own = await t.json('/api/auth/password', { method: 'PUT', token: member.token, body: { current_password: member.password, new_password: 'my own new passphrase' } });
    expect(own.status).toBe(200);
    expect((await mailTo(member.user.email, 'Your password was changed')).text).toContain('on the account page');
    expect((await t.json(`/api/auth/reset-password/${member.user.id}`, { method: 'PUT', token: admin.token, body: { password: 'set by the admin 42' } })).status).toBe(200);
    await waitFor(() => smtp.received.filter((m) => m.to.includes(member.user.email) && m.subject === 'Your password was changed').length === 2, 10_000, 'the second notice');
    expect(smtp.received.filter((m) => m.to.includes(member.user.email) && m.subject === 'Your password was changed').at(-1)!.text).toContain("The club's admin set a new one");
  });
});

describe('Changing an e-mail address', () => {
  it("answers an address someone else has exactly as a free one, sends it no link, and tells its owner instead (issue 30, finding 14)", async () => {
    const member = await t.signedIn('player');
    const other = await t.signedIn('player');
    const taken = await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: other.user.email, current_password: member.password } });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual({ detail: emailChangeSent(other.user.email) });
    const owner = await mailTo(other.user.email, 'Someone tried to use your e-mail address');
    expect(owner.text).toContain('Someone signed in to another club account asked to use this e-mail address');
    expect(owner.text).toContain(other.username);
    // The member's own address hears of the request as usual…
    expect((await mailTo(member.user.email, 'Your e-mail address is being changed')).text).toContain(other.user.email);
    // …and the address's owner gets no link that would hand it over.
    expect(smtp.received.filter((m) => m.to.includes(other.user.email) && m.subject === 'Confirm your new e-mail address')).toEqual([]);
    const me = await t.json('/api/auth/me', { token: member.token });
    expect(me.body.email).toBe(member.user.email);
  });

  it('tells the old address, refuses the same address, and a newer request ends the older link', async () => {
    const member = await t.signedIn('player');
    const same = await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: member.user.email.toUpperCase() } });
    expect(same.status).toBe(422);
    expect(same.body.errors).toContainEqual({ field: 'email', message: EMAIL_UNCHANGED });
    expect((await t.json('/api/auth/me', { method: 'PUT', body: { email: 'x@example.org' } })).status).toBe(401);
    expect((await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: 'not an address' } })).status).toBe(422);

    const first = `first-${member.username}@example.org`;
    const second = `second-${member.username}@example.org`;
    expect((await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: first, current_password: member.password } })).status).toBe(202);
    const notice = await mailTo(member.user.email, 'Your e-mail address is being changed');
    expect(notice.text).toContain(first);
    const firstLink = tokenIn((await mailTo(first, 'Confirm your new e-mail address')).text, 'confirm-email');
    expect((await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: second, current_password: member.password } })).status).toBe(202);
    const secondLink = tokenIn((await mailTo(second, 'Confirm your new e-mail address')).text, 'confirm-email');
    expect((await t.json('/api/auth/confirm-email', { body: { token: firstLink } })).status).toBe(422);
    expect((await t.json('/api/auth/confirm-email', { body: { token: secondLink } })).status).toBe(200);
    expect((await t.json('/api/auth/me', { token: member.token })).body.email).toBe(second);
  });

  it('asks for the current password: missing or wrong is refused at that field and nothing is sent; wrong guesses are throttled', async () => {
    const member = await t.signedIn('player');
    const wanted = `taken-over-${member.username}@example.org`;
    const missing = await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: wanted } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toContainEqual({ field: 'current_password', message: CURRENT_PASSWORD_NEEDED });
    const wrong = await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: wanted, current_password: 'a guess' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toContainEqual({ field: 'current_password', message: CURRENT_PASSWORD_WRONG });
    const queued = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where to_address in (${wanted}, ${member.user.email})`)).rows[0].n;
    expect(await queued()).toBe(0);
    // Guesses count like failed sign-ins: after the limit, even the right password waits.
    for (let i = 0; i < 4; i++) await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: wanted, current_password: `guess ${i}` } });
    const limited = await t.json('/api/auth/me', { method: 'PUT', token: member.token, body: { email: wanted, current_password: member.password } });
    expect(limited.status).toBe(429);
    expect(await queued()).toBe(0);
  });

  it("My Profile's e-mail is the login's: a new one needs the current password and changes only through the link, the old address told", async () => {
    const p = await registeredPlayer(t);
    const profile = (await t.json('/api/players/me', { token: p.token })).body;
    const edit = { ...profile, email: `profile-moved-${p.username}@example.org`, phone_number: '07000 555666' };
    const refused = await t.json('/api/players/me', { method: 'PUT', token: p.token, body: edit });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual({ field: 'current_password', message: CURRENT_PASSWORD_NEEDED });
    const wrong = await t.json('/api/players/me', { method: 'PUT', token: p.token, body: { ...edit, current_password: 'not it' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toContainEqual({ field: 'current_password', message: CURRENT_PASSWORD_WRONG });
    // Refused as a whole: the phone number did not change either.
    expect((await t.json('/api/players/me', { token: p.token })).body.phone_number).toBe(profile.phone_number);

    const saved = await t.json('/api/players/me', { method: 'PUT', token: p.token, body: { ...edit, current_password: p.password } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The rest is saved; the address waits for the link.
    expect(saved.body).toMatchObject({ phone_number: '07000 555666', email: p.email });
    const [before] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(before.email).toBe(p.email);
    const notice = await mailTo(p.email, 'Your e-mail address is being changed');
    expect(notice.text).toContain(edit.email);
    const link = tokenIn((await mailTo(edit.email, 'Confirm your new e-mail address')).text, 'confirm-email');
    expect((await t.json('/api/auth/confirm-email', { body: { token: link } })).status).toBe(200);
    expect((await t.json('/api/players/me', { token: p.token })).body.email).toBe(edit.email);
    // Saving the profile again with the (now current) address needs no password.
    expect((await t.json('/api/players/me', { method: 'PUT', token: p.token, body: { ...edit, phone_number: '07000 777888' } })).status).toBe(200);
  });

  it("a registration's welcome mail confirms its address", async () => {
    const body = registration({ username: 'confirm_me', email: 'confirm.me@example.org', full_name: 'Connie Firm' });
    expect((await t.json('/api/players/register', { body })).status).toBe(201);
    const [before] = await t.db.select().from(users).where(eq(users.username, 'confirm_me'));
    expect(before.email_confirmed_at).toBeNull();
    const link = tokenIn((await mailTo('confirm.me@example.org', 'Thanks for registering')).text, 'confirm-email');
    expect((await t.json('/api/auth/confirm-email', { body: { token: link } })).status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.username, 'confirm_me'));
    expect(after.email_confirmed_at).not.toBeNull();
  });
});

describe('ADMIN_EMAIL', () => {
  it("becomes the admin's confirmed address at initialization, with the admin club role", async () => {
    const fresh = await createTestContext({ adminEmail: 'chair@riverside.example' });
    await fresh.initialize();
    const [admin] = await fresh.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin.email).toBe('chair@riverside.example');
    expect(admin.email_confirmed_at).not.toBeNull();
    const roles = await fresh.db.execute<{ role: string }>(sql`select role from club_roles where user_id = ${admin.id}`);
    expect(roles.rows.map((r) => r.role)).toEqual(['admin']);
  });
});

describe('A login the admin creates', () => {
  it('without a password, mails a 7-day link to choose one; the admin sees the username, address and activation', async () => {
    const admin = await t.signedIn('admin');
    const created = await t.json('/api/players', { token: admin.token, body: { full_name: 'Ivy Invited', position: 'Defender', team_type: 'Senior' } });
    expect(created.status).toBe(201);
    const account = await t.json('/api/admin/create-player-account', {
      token: admin.token,
      body: { player_id: created.body.id, username: 'ivy_invited', email: 'ivy@example.org' },
    });
    expect(account.status).toBe(201);
    expect(account.body.invited).toBe(true);
    const login = async () =>
      ((await t.json('/api/players', { token: admin.token })).body as { id: string; login: unknown }[]).find((p) => p.id === created.body.id)!.login;
    expect(await login()).toEqual({ username: 'ivy_invited', email: 'ivy@example.org', activated: false, address_confirmed: false, held_mails: 0 });
    const mail = await mailTo('ivy@example.org', 'Your club login is ready: choose your password');
    expect(mail.text).toContain('ivy_invited');
    // A message before Ivy ever opens the link waits for her, and the staff see so (issue 31).
    expect((await t.json('/api/messages', { token: admin.token, body: { subject: 'Training kit for Ivy', body: 'Blue socks.', player_id: created.body.id } })).status).toBe(201);
    expect(await login()).toMatchObject({ address_confirmed: false, held_mails: 1 });
    const token = tokenIn(mail.text, 'reset-password');
    const set = await t.json('/api/auth/reset-password', { body: { token, password: 'ivy chooses this one' } });
    expect(set.status).toBe(200);
    expect(await login()).toEqual({ username: 'ivy_invited', email: 'ivy@example.org', activated: true, address_confirmed: true, held_mails: 0 });
    expect((await t.json('/api/auth/login', { body: { username: 'ivy@example.org', password: 'ivy chooses this one' } })).status).toBe(200);
    // Her first password is a welcome, not a change (issue 31); the held message follows the link that proved the address.
    const welcome = await mailTo('ivy@example.org', 'Your password is set');
    expect(welcome.text).toContain('Your username is ivy_invited');
    await mailTo('ivy@example.org', 'Training kit for Ivy');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes('ivy@example.org') && m.subject === 'Your password was changed')).toHaveLength(0);
    expect(smtp.received.filter((m) => m.to.includes('ivy@example.org') && m.subject === 'Training kit for Ivy')).toHaveLength(1);
    // A real change later says so.
    const ivy = (await t.json('/api/auth/login', { body: { username: 'ivy_invited', password: 'ivy chooses this one' } })).body.access_token as string;
    const changed = await t.json('/api/auth/password', { method: 'PUT', token: ivy, body: { current_password: 'ivy chooses this one', new_password: 'ivy changes it now' } });
    expect(changed.status).toBe(200);
    await mailTo('ivy@example.org', 'Your password was changed');
  });

  it('with a password (clubs without mail), works as before and is activated at its first sign-in', async () => {
    const admin = await t.signedIn('admin');
    const created = await t.json('/api/players', { token: admin.token, body: { full_name: 'Pat Passed', position: 'Forward', team_type: 'Senior' } });
    const account = await t.json('/api/admin/create-player-account', {
      token: admin.token,
      body: { player_id: created.body.id, username: 'pat_passed', email: 'pat.passed@example.org', password: 'handed over 2026' },
    });
    expect(account.status).toBe(201);
    expect(account.body).toMatchObject({ invited: false, detail: 'Player account created successfully' });
    expect((await t.json('/api/auth/login', { body: { username: 'pat_passed', password: 'handed over 2026' } })).status).toBe(200);
    const row = ((await t.json('/api/players', { token: admin.token })).body as { id: string; login: { activated: boolean } }[]).find((p) => p.id === created.body.id)!;
    expect(row.login.activated).toBe(true);
  });
});

describe('The club mails confirmed addresses only, and holds the rest until they are', () => {
  it('a registered member gets the mails about their account at once; club mails wait, held, and go out once when the address is confirmed', async () => {
    const admin = await t.signedIn('admin');
    const email = `una.${Date.now()}@example.org`;
    const reg = await t.json('/api/players/register', {
      body: {
        username: `una_${Date.now()}`,
        password: 'unconfirmed as yet',
        email,
        full_name: 'Una Unconfirmed',
        phone_number: '07700 900321',
        date_of_birth: '1994-02-03',
        position_preference: 'Defender',
        emergency_contact_name: 'Ula Unconfirmed',
        emergency_contact_phone: '07700 900654',
      },
    });
    expect(reg.status).toBe(201);
    const welcome = await mailTo(email, 'Thanks for registering');
    expect((await t.json(`/api/admin/registrations/${reg.body.player_id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    await mailTo(email, 'You are in: your registration is approved');

    // A message and feedback from the club: not sent to an address nobody has confirmed, but held (issue 31).
    expect((await t.json('/api/messages', { token: admin.token, body: { subject: 'Kit day', body: 'Bring boots.', player_id: reg.body.player_id } })).status).toBe(201);
    expect((await t.json(`/api/players/${reg.body.player_id}/feedback`, { token: admin.token, body: { category: 'Training', feedback: 'Good start.' } })).status).toBe(201);
    const held = await t.db.execute<{ status: string; subject: string }>(sql`select status, subject from outbox where to_address = ${email} and kind in ('message', 'feedback')`);
    expect(held.rows.map((r) => r.status)).toEqual(['held', 'held']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes(email) && /Kit day|feedback/i.test(m.subject))).toHaveLength(0);

    // The link in the welcome mail confirms it: the held mails go out, once each, and new ones go straight out.
    expect((await t.json('/api/auth/confirm-email', { body: { token: tokenIn(welcome.text, 'confirm-email') } })).status).toBe(200);
    await mailTo(email, 'Kit day');
    expect((await t.json(`/api/players/${reg.body.player_id}/feedback`, { token: admin.token, body: { category: 'Performance', feedback: 'Strong header.' } })).status).toBe(201);
    await waitFor(() => smtp.received.filter((m) => m.to.includes(email) && /feedback/i.test(m.subject)).length >= 2, 10_000, 'both feedback mails');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes(email) && /Kit day/.test(m.subject))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(email) && /feedback/i.test(m.subject))).toHaveLength(2);
  });
});
