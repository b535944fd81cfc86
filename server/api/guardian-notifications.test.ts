import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';

// Issue 23: what the club tells a child in the Players' Area, the adults who look after them see
// too ("For Sam: …", linking to the child's page), while the child is under 18; a message to all
// reaches each parent or carer once, however many children they have.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const f = juniorFixtures(t);

type Note = { title: string; body: string; link: string | null };
const notesOf = async (token: string) => (await t.json<Note[]>('/api/players/me/notifications', { token })).body;
const titled = (notes: Note[], title: string) => notes.filter((n) => n.title === title);

describe("A junior's notifications reach their parents and carers", () => {
  it('a message and coach feedback to a child: the child (with a login) and each guardian are told; an 18-year-old’s former guardian is not', async () => {
    const sam = await f.child(`Sam ${f.unique()}`, bornYearsAgo(10));
    const alex = await f.child(`Alex ${f.unique()}`, bornYearsAgo(15), 'senior', true);
    const adult = await f.child(`Jordan ${f.unique()}`, bornYearsAgo(18));
    const rachel = await f.guardian(`Rachel Reed ${f.unique()}`, [sam, 'primary'], [alex, 'view_only'], [adult, 'primary']);

    const subject = `Kit day ${f.unique()}`;
    const sent = await t.json('/api/messages', { token: admin.token, body: { subject, body: 'Bring boots.', player_id: sam.id, copy_guardians: true } });
    expect(sent.status).toBe(201);
    expect(titled(await notesOf(rachel.token), `For Sam: New message: ${subject}`)).toEqual([
      expect.objectContaining({ body: 'Bring boots.', link: `/players-area/children/${sam.id}` }),
    ]);

    const feedback = (id: string) =>
      t.json(`/api/players/${id}/feedback`, { token: admin.token, body: { category: 'Training', feedback: 'Great first touch.' } });
    expect((await feedback(alex.id)).status).toBe(201);
    expect((await feedback(adult.id)).status).toBe(201);
    const rachels = await notesOf(rachel.token);
    const forAlex = rachels.filter((n) => n.title.startsWith('For Alex: '));
    expect(forAlex).toHaveLength(1);
    expect(forAlex[0]!.link).toBe(`/players-area/children/${alex.id}`);
    // Alex's own login gets the notification as before, in their own words.
    const alexs = await notesOf(alex.token!);
    expect(alexs.filter((n) => n.title === forAlex[0]!.title.slice('For Alex: '.length))).toHaveLength(1);
    // Jordan is 18: guardian rights have ended, so nothing about them reaches Rachel.
    expect(rachels.some((n) => n.title.startsWith('For Jordan'))).toBe(false);
  });

  it('a message to all: each member with a login once, each parent or carer of juniors once (without a link), nobody twice', async () => {
    const kid1 = await f.child(`Mia ${f.unique()}`, bornYearsAgo(9));
    const kid2 = await f.child(`Noah ${f.unique()}`, bornYearsAgo(12), 'senior', true);
    const parent = await f.guardian(`Pat Parent ${f.unique()}`, [kid1, 'primary'], [kid2, 'secondary']);
    const subject = `Club BBQ ${f.unique()}`;
    expect((await t.json('/api/messages', { token: admin.token, body: { subject, body: 'Saturday, all welcome.' } })).status).toBe(201);
    const title = `New message: ${subject}`;
    expect(titled(await notesOf(parent.token), title)).toEqual([expect.objectContaining({ link: null })]);
    expect(titled(await notesOf(kid2.token!), title)).toEqual([expect.objectContaining({ link: '/players-area/messages' })]);
  });

  it('a payment request for a junior whose parent pays: the parent is told (linking to the child), the child is not', async () => {
    const teen = await f.child(`Rio ${f.unique()}`, bornYearsAgo(14), 'senior', true);
    const payer = await f.guardian(`Pam Payer ${f.unique()}`, [teen, 'primary']);
    const description = `Season subs ${f.unique()}`;
    const added = await t.json(`/api/players/${teen.id}/payments`, { token: admin.token, body: { description, amount: 45 } });
    expect(added.status).toBe(201);
    expect(titled(await notesOf(payer.token), `For Rio: New payment request: ${description}`)).toEqual([
      expect.objectContaining({ link: `/players-area/children/${teen.id}` }),
    ]);
    expect((await notesOf(teen.token!)).some((n) => n.title.includes(description))).toBe(false);
  });
});
