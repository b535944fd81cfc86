import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seasonStartYear } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { eventually } from '../../tests/support/wait';
import { clubRoles, outbox, settings } from '../db/schema';

// Issue 34, point 6: withdrawing a consent is one request from the parent, and it takes effect
// everywhere at once: the public pages (their cache included) and the club's mail to the child.
const t = await createMailingTestContext({}, { cache: true });
await t.initialize();
const { smtp } = t;
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const manager = await t.signedIn('staff', { full_name: 'Maggie Manager' });
const unique = () => randomBytes(3).toString('hex');
const PHOTO = '/images/seed/player-1.svg';

const consent = (childId: string, token: string, kind: string, given: boolean) =>
  t.json(`/api/players/${childId}/consents`, { method: 'PUT', token, body: { kind, given } });
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 15_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}
const subjectsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => m.subject);

describe('Withdrawing the direct-contact consent (16-17)', () => {
  it('the club’s next message reaches the parent only: the child is no longer mailed at their own address', async () => {
    const max = await j.child('Max Older', bornYearsAgo(17), 'senior', true);
    const mia = await j.guardian('Mia Older', [max, 'primary']);
    const message = (subject: string) =>
      t.json('/api/messages', { token: manager.token, body: { subject, body: 'Training moves to 7pm.', player_id: max.id, copy_guardians: true } });

    expect((await consent(max.id, mia.token, 'direct_contact', true)).status).toBe(200);
    expect((await message('Before the withdrawal')).status).toBe(201);
    await delivered();
    expect(subjectsTo(max.email!).some((s) => s.includes('Before the withdrawal'))).toBe(true);
    expect(subjectsTo(mia.email).some((s) => s.includes('Before the withdrawal'))).toBe(true);

    expect((await consent(max.id, mia.token, 'direct_contact', false)).status).toBe(200);
    expect((await message('After the withdrawal')).status).toBe(201);
    await delivered();
    expect(subjectsTo(max.email!).some((s) => s.includes('After the withdrawal'))).toBe(false);
    expect(subjectsTo(mia.email).some((s) => s.includes('After the withdrawal'))).toBe(true);
  });
});

describe('Withdrawing the full-name or photo consent', () => {
  it('the very next public request, served from the cache a moment before, shows first name and initial and no photo', async () => {
    const officer = await t.signedIn('staff', { full_name: 'Jo Bloggs', member: false });
    await t.db.insert(clubRoles).values({ user_id: officer.user.id, role: 'welfare_officer' }).onConflictDoNothing();
    await t.db.update(settings).set({ welfare_email: 'welfare@club.org' }).where(eq(settings.id, 1));
    const team = await t.json('/api/teams', { token: admin.token, body: { name: `U12 ${unique()}`, age_group: 'U12', format: '9v9' } });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const name = `Nadia Quinn${unique()}`;
    const made = await t.json('/api/players', {
      token: admin.token,
      body: { full_name: name, position: 'Forward', team_type: 'Senior', photo_url: PHOTO, date_of_birth: `${seasonStartYear(todayIso()) - 11}-10-01`, team_ids: [team.body.id] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const child = made.body as { id: string };
    const parent = await j.guardian('Nina Quinn', [child, 'primary']);
    expect((await consent(child.id, parent.token, 'full_name', true)).status).toBe(200);
    expect((await consent(child.id, parent.token, 'photo', true)).status).toBe(200);
    const given = async () =>
      ((await t.json('/api/guardians/me/family', { token: parent.token })).body.children as { player_id: string; consents_given: string[] }[]).find(
        (c) => c.player_id === child.id,
      )!.consents_given;
    // The family home lists them, each to withdraw in one click.
    expect(await given()).toEqual(['photo', 'full_name']);

    const squad = () => t.app.request('/api/squad');
    const shown = async (res: Response) => ((await res.json()) as { id: string; full_name: string; photo_url: string | null }[]).find((p) => p.id === child.id)!;
    // A cache hit showing the full name and the photo (a late notification of the writes above may empty it once: read until it holds).
    expect(
      await eventually(async () => {
        await squad();
        const res = await squad();
        const p = await shown(res);
        return res.headers.get('x-cache') === 'HIT' && p.full_name === name && p.photo_url === PHOTO;
      }),
    ).toBe(true);

    expect((await consent(child.id, parent.token, 'full_name', false)).status).toBe(200);
    const afterName = await shown(await squad());
    expect(afterName.full_name).toBe(`Nadia ${name.split(' ')[1]![0]}.`);
    expect(JSON.stringify((await t.json(`/api/squad/${child.id}`)).body)).not.toContain(name);

    expect((await consent(child.id, parent.token, 'photo', false)).status).toBe(200);
    expect((await shown(await squad())).photo_url).toBeNull();
    expect((await t.json(`/api/squad/${child.id}`)).body.photo_url).toBeNull();
    expect(await given()).toEqual([]);
  });
});
