import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { fixtures, outbox, teams } from '../db/schema';

// Issue 31's minors about children: what is offered for whom, what is public, and who is told.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '7v7' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));

const mailsTo = (address: string, subject: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to_address, address), like(outbox.subject, `%${subject}%`)));
const consent = (childId: string, token: string, kind: string, given: boolean) =>
  t.json(`/api/players/${childId}/consents`, { method: 'PUT', token, body: { kind, given } });

describe('The 16-17 direct-message consent (issue 31)', () => {
  it('is not offered for an 8-year-old and cannot be given for one; a 16-year-old’s parent is asked for it', async () => {
    const aarav = await j.child('Aarav Sharma', bornYearsAgo(8), 'u9');
    const priya = await j.guardian('Priya Sharma', [aarav, 'primary']);
    const offered = await t.json(`/api/players/${aarav.id}/consents`, { token: priya.token });
    expect(offered.status).toBe(200);
    expect(offered.body.consents.map((c: { kind: string }) => c.kind)).toEqual(['photo', 'full_name', 'medical_treatment']);
    const refused = await consent(aarav.id, priya.token, 'direct_contact', true);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('Club messages straight to a child are only for players aged 16 or 17.');

    const kai = await j.child('Kai Older', bornYearsAgo(16), 'senior');
    const mum = await j.guardian('Mia Older', [kai, 'primary']);
    const older = await t.json(`/api/players/${kai.id}/consents`, { token: mum.token });
    expect(older.body.consents.map((c: { kind: string }) => c.kind)).toContain('direct_contact');
    expect((await consent(kai.id, mum.token, 'direct_contact', true)).status).toBe(200);
  });
});

describe('A withdrawn consent (issue 31)', () => {
  it('tells the child’s other parents and carers once, not the one who withdrew it; withdrawing what was not given tells nobody', async () => {
    const meera = await j.child('Meera Patel', bornYearsAgo(11), 'u9');
    const dev = await j.guardian('Dev Patel', [meera, 'primary']);
    const anita = await j.guardian('Anita Patel', [meera, 'secondary']);
    expect((await consent(meera.id, dev.token, 'photo', true)).status).toBe(200);
    expect((await consent(meera.id, dev.token, 'photo', false)).status).toBe(200);
    const told = await mailsTo(anita.email, 'withdrew a consent');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Dev Patel withdrew a consent for Meera');
    expect(told[0]!.text_body).toContain('“Photos on the public website”');
    expect(await mailsTo(dev.email, 'withdrew a consent')).toEqual([]);

    expect((await consent(meera.id, dev.token, 'full_name', false)).status).toBe(200);
    expect(await mailsTo(anita.email, 'withdrew a consent')).toHaveLength(1);
  });
});

describe('A child leaving or deleted (issue 31)', () => {
  it('mails each of their parents and carers: “has left the club”, then “record has been deleted”', async () => {
    const leo = await j.child('Leo Reed', bornYearsAgo(9), 'u9');
    const ruby = await j.child('Ruby Reed', bornYearsAgo(10), 'u9');
    const rachel = await j.guardian('Rachel Reed', [leo, 'primary'], [ruby, 'primary']);
    const rob = await j.guardian('Rob Reed', [leo, 'view_only'], [ruby, 'secondary']);

    expect((await t.json(`/api/players/${leo.id}/leave`, { method: 'POST', token: admin.token })).status).toBe(200);
    for (const parent of [rachel, rob]) {
      const mails = await mailsTo(parent.email, 'Leo has left the club');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain('welcome them back');
    }

    expect((await t.json(`/api/players/${ruby.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    for (const parent of [rachel, rob]) {
      const mails = await mailsTo(parent.email, 'Ruby’s record has been deleted');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain('stay in the club’s accounts without their name');
    }
  });
});

describe('“Notes for the players” of a junior team (issue 31)', () => {
  it('are for members only: blank on the public fixture, shown to the admin; a senior match’s notes stay public', async () => {
    const match = { match_date: '2099-05-01', match_time: '10:00', venue: 'Mill Lane', competition: 'League', away_team: 'Rovers' };
    const [junior] = await t.db
      .insert(fixtures)
      .values({ ...match, team_id: u9!.id, notes: 'Car-share from the church car park at 9:15' })
      .returning();
    const [adult] = await t.db
      .insert(fixtures)
      .values({ ...match, team_id: senior!.id, notes: 'Bring both kits' })
      .returning();
    expect((await t.json(`/api/fixtures/${junior!.id}`)).body.notes).toBeNull();
    expect((await t.json<any[]>('/api/fixtures')).body.find((f) => f.id === junior!.id).notes).toBeNull();
    expect((await t.json(`/api/fixtures/${junior!.id}`, { token: admin.token })).body.notes).toBe('Car-share from the church car park at 9:15');
    expect((await t.json(`/api/fixtures/${adult!.id}`)).body.notes).toBe('Bring both kits');
  });
});
