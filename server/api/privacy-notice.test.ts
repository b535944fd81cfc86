import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { registration } from '../../tests/support/registration-body';
import { consents, guardianInvitations, guardianRequests, joinUsSubmissions, orders, outbox, players, privacyNoticeVersions, products } from '../db/schema';
import { UNKNOWN_NOTICE_VERSION, noticeVersionLine } from '../../shared/privacy-notice';

// Issue 34, point 6: the privacy notice keeps each published text; every form that collects
// personal data stores the version it showed beside what was given, and refuses one never published.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const [product] = await t.db
  .insert(products)
  .values({ name: 'Club Scarf', description: 'A scarf', category: 'Accessories', price: 12, stock: 100, sizes: [] })
  .returning();

const notice = async () => (await t.json('/api/pages/privacy')).body.notice as { version: number; published_at: string };
const savePrivacy = async (markdown: string) => {
  const loaded = await t.json('/api/pages/privacy');
  const saved = await t.json('/api/admin/pages/privacy', { method: 'PUT', token: admin.token, body: { markdown, version: loaded.body.version } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
};
const refused = (res: { status: number; body: { detail: string; errors?: unknown[] } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual([{ field: 'notice_version', message: UNKNOWN_NOTICE_VERSION }]);
};
const joinUs = (extra: object) =>
  t.json('/api/join-us', {
    body: { full_name: 'Sam Keeper', email: 'sam@example.com', phone_number: '07700 900456', message: 'Sundays, please.', interest_types: ['player'], ...extra },
  });
const order = (extra: object) =>
  t.json('/api/orders', {
    body: { product_id: product!.id, quantity: 1, customer_name: 'Alex Supporter', customer_email: 'alex@example.com', customer_phone: '07700 900123', ...extra },
  });

describe('The privacy notice’s versions', () => {
  it('starts at version 1 (the text in force) and each save publishes the next, keeping every text with its date', async () => {
    const first = await notice();
    expect(first.version).toBe(1);
    const saved = await savePrivacy('## Privacy\n\nWe keep your details safe. Second words.');
    expect(saved.notice.version).toBe(2);
    await savePrivacy('## Privacy\n\nThird words.');
    expect((await notice()).version).toBe(3);
    const kept = await t.db.select().from(privacyNoticeVersions).orderBy(privacyNoticeVersions.version);
    expect(kept.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(kept[1]!.markdown).toContain('Second words.');
    expect(kept[2]!.html).toContain('<p>Third words.</p>');
    // Other pages have no notice version.
    expect((await t.json('/api/pages/about')).body.notice).toBeUndefined();
  });

  it('is said at the foot of /privacy as “Version 3, updated 28 November 2026” (London’s date)', () => {
    expect(noticeVersionLine(3, '2026-11-28T10:00:00.000Z')).toBe('Version 3, updated 28 November 2026');
    expect(noticeVersionLine(4, '2026-06-30T23:30:00.000Z')).toBe('Version 4, updated 1 July 2026');
  });
});

describe('The version shown is stored beside what was given', () => {
  it('a Join Us enquiry: the version sent, the current one when none, 422 for one never published', async () => {
    const sent = await joinUs({ notice_version: 2 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await t.db.select().from(joinUsSubmissions).where(eq(joinUsSubmissions.id, sent.body.id)))[0]!.notice_version).toBe(2);
    const none = await joinUs({});
    expect(none.status).toBe(201);
    const current = (await notice()).version;
    expect((await t.db.select().from(joinUsSubmissions).where(eq(joinUsSubmissions.id, none.body.id)))[0]!.notice_version).toBe(current);
    refused(await joinUs({ notice_version: 99 }));
    refused(await joinUs({ notice_version: 'three' }));
  });

  it('a shop order', async () => {
    const placed = await order({ notice_version: 1 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [row] = await t.db.select().from(orders).orderBy(desc(orders.created_at)).limit(1);
    expect(row!.notice_version).toBe(1);
    refused(await order({ notice_version: 42 }));
  });

  it('a registration (on the player record)', async () => {
    const body = registration({ notice_version: 3 });
    const made = await t.json('/api/players/register', { body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [row] = await t.db.select().from(players).where(eq(players.full_name, body.full_name)).orderBy(desc(players.created_at)).limit(1);
    expect(row!.notice_version).toBe(3);
    refused(await t.json('/api/players/register', { body: registration({ notice_version: 0 }) }));
  });

  it('an “I am a parent” request', async () => {
    const parent = await j.adult('Priya Sharma');
    const asked = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Aarav Sharma', child_date_of_birth: bornYearsAgo(8), relationship: 'Mother', notice_version: 2 },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await t.db.select().from(guardianRequests).where(eq(guardianRequests.id, asked.body.id)))[0]!.notice_version).toBe(2);
    refused(
      await t.json('/api/guardian-requests', {
        token: parent.token,
        body: { child_name: 'Aarav Sharma', child_date_of_birth: bornYearsAgo(8), relationship: 'Mother', notice_version: 7 },
      }),
    );
  });

  it('a guardian invitation accepted, with or without a login', async () => {
    const sam = await j.child('Sam Smith', bornYearsAgo(11));
    const invite = async (email: string) => {
      expect((await t.json('/api/guardian-invitations', { token: secretary.token, body: { player_id: sam.id, email } })).status).toBe(201);
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.to_address, email)).orderBy(desc(outbox.created_at)).limit(1);
      return /token=([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    };
    const token = await invite('grandad@example.com');
    const account = { full_name: 'Gus Grandad', username: 'gus_grandad', password: 'correct horse battery' };
    refused(await t.json(`/api/guardian-invitations/${token}/accept`, { body: { ...account, notice_version: 12 } }));
    const accepted = await t.json(`/api/guardian-invitations/${token}/accept`, { body: { ...account, notice_version: 2 } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const jane = await j.adult('Jane Smith');
    const second = await invite(jane.email);
    refused(await t.json(`/api/guardian-invitations/${second}/accept`, { token: jane.token, body: { notice_version: 12 } }));
    expect((await t.json(`/api/guardian-invitations/${second}/accept`, { token: jane.token, body: {} })).status).toBe(201);
    const rows = await t.db.select().from(guardianInvitations).where(eq(guardianInvitations.player_id, sam.id)).orderBy(guardianInvitations.created_at);
    expect(rows.map((r) => r.notice_version)).toEqual([2, (await notice()).version]);
  });

  it('a consent, given and withdrawn', async () => {
    const mia = await j.child('Mia Jones', bornYearsAgo(10));
    const mum = await j.guardian('Meg Jones', [mia, 'primary']);
    const put = (body: object) => t.json(`/api/players/${mia.id}/consents`, { method: 'PUT', token: mum.token, body });
    expect((await put({ kind: 'photo', given: true, notice_version: 2 })).status).toBe(200);
    expect((await put({ kind: 'photo', given: false })).status).toBe(200);
    refused(await put({ kind: 'photo', given: true, notice_version: 1000 }));
    const rows = await t.db.select().from(consents).where(eq(consents.player_id, mia.id)).orderBy(consents.created_at);
    expect(rows.map((r) => [r.given, r.notice_version])).toEqual([
      [true, 2],
      [false, (await notice()).version],
    ]);
  });
});
