import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loader as playerLoader, meta as playerMeta } from '../../app/routes/public/player';
import { loader as sitemapLoader } from '../../app/routes/public/sitemap';
import { groupSquad, loader as squadLoader } from '../../app/routes/public/squad';
import { action as registerParentAction } from '../../app/routes/auth/register-parent';
import { club } from '../../shared/club';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { guardianRequests, outbox, players, playerTeams, teams, users } from '../db/schema';

// Issue 31, majors 4 and 6: a child approved from a parent's request is filed as a child (their
// junior team, no invented position, never "Senior"), and the request is seen the day it comes.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const welfare = await j.adult('Wendy Welfare', 'welfare_officer');
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '7v7' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));

const context = () => ({ services: t.services, user: null, nonce: undefined, secure: false, clientAddress: '203.0.113.31' });
const pageArgs = (url: string, params: Record<string, string> = {}) => ({ request: new Request(`http://localhost${url}`), context: context(), params }) as never;
const bodyOf = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as Record<string, any>;
const mailsTo = (address: string, subject: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to_address, address), like(outbox.subject, `%${subject}%`)));

describe('A child approved from a parent’s request is filed as a child (issue 31, major 4)', () => {
  it('joins the junior team chosen at approval, with no position and no squad group; the squad, share text and sitemap say so', async () => {
    const parent = await j.adult('Priya Sharma');
    const asked = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Aarav Sharma', child_date_of_birth: bornYearsAgo(8), relationship: 'Mother' },
    });
    expect(asked.status).toBe(201);
    const approve = (body: object) => t.json(`/api/guardian-requests/${asked.body.id}/approve`, { token: secretary.token, body });

    // A new child needs a junior team: none named by the parent and none chosen is refused, as is an adult team.
    const none = await approve({});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ field: 'team_id', message: 'Choose the junior team this child plays for' }]);
    const adults = await approve({ team_id: senior!.id });
    expect(adults.status).toBe(422);
    expect(adults.body.errors[0]).toMatchObject({ field: 'team_id' });
    expect(await t.db.select().from(players).where(eq(players.full_name, 'Aarav Sharma'))).toEqual([]);

    const approved = await approve({ team_id: u9!.id });
    expect(approved.status).toBe(200);
    const [aarav] = await t.db.select().from(players).where(eq(players.id, approved.body.player_id));
    expect(aarav).toMatchObject({ full_name: 'Aarav Sharma', position: null, team_type: null });
    expect((await t.db.select().from(playerTeams).where(eq(playerTeams.player_id, aarav!.id))).map((r) => r.team_id)).toEqual([u9!.id]);

    // The public squad (JSON): no position, in the Under 9s, never under the Senior filter.
    const squad = await t.json<any[]>('/api/squad');
    const listed = squad.body.find((p) => p.id === aarav!.id);
    expect(listed).toMatchObject({ full_name: 'Aarav S.', position: null, team_type: null, team_ids: [u9!.id], age_group: expect.stringMatching(/^U\d+$/) });
    expect((await t.json<any[]>('/api/squad?team=senior')).body.some((p) => p.id === aarav!.id)).toBe(false);

    // The Squad page: a section headed by his team; no "Senior Team" section holds him.
    const page = bodyOf(await squadLoader(pageArgs('/squad')));
    const groups = groupSquad(page.players, page.team, page.teams);
    const holding = groups.filter((g) => g.positions.some((p) => p.players.some((x) => x.id === aarav!.id))).map((g) => g.heading);
    expect(holding).toEqual(['Under 9s']);

    // The player page's share text: his team, no invented position; not for search engines.
    const profile = bodyOf(await playerLoader(pageArgs(`/player/${aarav!.id}`, { playerId: aarav!.id })));
    const tags = playerMeta({ data: profile, params: { playerId: aarav!.id } } as never) as Record<string, string>[];
    const description = tags.find((m) => m.name === 'description')!.content!;
    expect(description).toBe(`Aarav S. plays for Under 9s at ${club().club_name}.`);
    expect(description).not.toMatch(/Midfielder|Senior/);
    expect(tags.find((m) => m.property === 'og:description')!.content).toBe(description);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });

    // Out of the sitemap; an adult player stays in it.
    const sitemap = await (sitemapLoader(pageArgs('/sitemap.xml')) as Promise<Response>).then((r) => r.text());
    expect(sitemap).not.toContain(aarav!.id);
    const [adult] = await t.db.select().from(players).where(eq(players.team_type, 'Senior')).limit(1);
    expect(sitemap).toContain(`/player/${adult!.id}`);
  });
});

describe('Parents’ requests are seen the day they come (issue 31, major 6)', () => {
  it('counts on Today for those who decide them, and mails the secretary and the welfare officer once per request', async () => {
    const before = (await t.json('/api/admin/dashboard', { token: secretary.token })).body.today.parent_requests as number;
    const parent = await j.adult('Dev Patel');
    const asked = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Meera Patel', child_date_of_birth: bornYearsAgo(11), relationship: 'Father', team_id: u9!.id },
    });
    expect(asked.status).toBe(201);
    expect((await t.json('/api/admin/dashboard', { token: secretary.token })).body.today.parent_requests).toBe(before + 1);
    expect((await t.json('/api/admin/dashboard', { token: admin.token })).body.today.parent_requests).toBe(before + 1);
    const coach = await t.signedIn('staff');
    expect((await t.json('/api/admin/dashboard', { token: coach.token })).body.today.parent_requests).toBeNull();

    for (const decider of [secretary, welfare]) {
      const mails = await mailsTo(decider.email, 'Dev Patel for Meera Patel');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('A parent’s request to approve: Dev Patel for Meera Patel');
      expect(mails[0]!.text_body).toContain('Meera Patel, born');
      expect(mails[0]!.text_body).toContain('for Under 9s');
      expect(mails[0]!.text_body).toContain('/admin/guardians');
    }
    expect(await mailsTo(parent.email, 'request to approve')).toEqual([]);
  });
});

describe('The register page’s “I am a parent or carer” (issue 31 minors)', () => {
  const form = (fields: Record<string, string>) => {
    const request = new Request('http://localhost/register/parent', { method: 'POST', body: new URLSearchParams(fields) });
    return registerParentAction({ request, context: context(), params: {} } as never);
  };
  const you = (username: string) => ({
    full_name: 'Rosa Rivera',
    phone_number: '07700 900456',
    username,
    email: `${username}@example.com`,
    password: 'a sturdy passphrase',
    confirm_password: 'a sturdy passphrase',
    relationship: 'Mother',
    message: '',
  });

  it('adds a row per child, asks the phone number, and says “Passwords do not match” beside the confirmation', async () => {
    const adding = bodyOf(await form({ ...you('rosa_add'), child_count: '1', intent: 'add_child', child_name_0: 'Lia Rivera' }));
    expect(adding).toMatchObject({ childCount: 2, values: { child_name_0: 'Lia Rivera', password: '' } });

    const refused = bodyOf(await form({ ...you('rosa_bad'), phone_number: '', confirm_password: 'something else', child_count: '1' }));
    expect(refused.fieldErrors).toMatchObject({
      confirm_password: 'Passwords do not match',
      phone_number: 'Your phone number is required',
      child_name_0: expect.any(String),
    });
    expect(await t.db.select().from(users).where(eq(users.username, 'rosa_bad'))).toEqual([]);
  });

  it('two children in one go: a request each, the phone kept on the login, one mail to each decider naming both', async () => {
    const answer = await form({
      ...you('rosa_two'),
      child_count: '3',
      child_name_0: 'Lia Rivera',
      child_date_of_birth_0: bornYearsAgo(8),
      team_id_0: u9!.id,
      child_name_1: 'Teo Rivera',
      child_date_of_birth_1: bornYearsAgo(11),
      // A third row added and left blank is no child.
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe('/players-area/children');
    const [rosa] = await t.db.select().from(users).where(eq(users.username, 'rosa_two'));
    expect(rosa!.phone).toBe('07700 900456');
    const asked = await t.db.select().from(guardianRequests).where(eq(guardianRequests.user_id, rosa!.id));
    expect(asked.map((r) => [r.child_name, r.team_id, r.relationship]).sort()).toEqual([
      ['Lia Rivera', u9!.id, 'Mother'],
      ['Teo Rivera', null, 'Mother'],
    ]);
    for (const decider of [secretary, welfare]) {
      const mails = await mailsTo(decider.email, 'Rosa Rivera for 2 children');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toMatch(/Lia Rivera, born .* for Under 9s/);
      expect(mails[0]!.text_body).toContain('Teo Rivera, born');
    }
  });
});
