import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUSH_KINDS } from '../../shared/push-routing';
import { createMailingTestContext } from '../../tests/support/mail';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { MAIL_TEMPLATES } from '../mail/registry';
import { preferenceOf, type Mail, type MailTemplate } from '../mail/template';
import { squadSelection } from '../mail/templates';
import { createMailService } from './mail';
import type { PushMessage } from './push';
import type { PushRouter } from './push-routing';

// Issue 35, the routing half: the mail path sends a member's mail by push instead when they chose
// that kind and a device of theirs takes it; the same recipients as the mail (a junior's go to their
// parents and carers); the mail otherwise. The push service here records what it is given and says
// how many devices each person has (services.push, pwa-push, does the sending: server/api/push-routing.test.ts).
const t = await createMailingTestContext();
const j = juniorFixtures(t);
const pushed: PushMessage[] = [];
const devices = new Map<string, number>();
const recorder: PushRouter = {
  async enqueue(_tx: DbOrTx, message: PushMessage) {
    const n = devices.get(message.userId) ?? 0;
    if (n > 0) pushed.push(message);
    return { devices: n };
  },
};
const mail = createMailService(t.db, { publicUrl: 'https://club.example.org', push: recorder });

const withPhone = await t.signedIn('player', { full_name: 'Penny Phone' });
const noPhone = await t.signedIn('player', { full_name: 'Nora Nophone' });
const pushOff = await t.signedIn('player', { full_name: 'Otto Off' });
const kit = await j.child('Kit Young', bornYearsAgo(12), 'senior', true);
const parent = await j.guardian('Jane Young', [kit, 'primary']);
const ids = { withPhone: withPhone.user.id, noPhone: noPhone.user.id, pushOff: pushOff.user.id };
devices.set(ids.withPhone, 2);
devices.set(ids.pushOff, 1);
devices.set(parent.user.id, 1);
devices.set(kit.userId!, 1);

const send = (fn: (tx: DbOrTx) => Promise<unknown>) => t.db.transaction(async (tx) => void (await fn(tx)));
const mailsTo = (who: { user: { email: string } }) => t.db.select().from(outbox).where(eq(outbox.to_address, who.user.email));
const sample = (key: string) => ({ template: squadSelection, data: squadSelection.samples[0]!, dedupeKey: `test:${key}` }) as Mail<unknown>;

describe('GET and PUT /api/preferences: the push choice per kind', () => {
  it('is on by default for every kind that can go by push, and turns off without touching the e-mail', async () => {
    const before = (await t.json('/api/preferences', { token: pushOff.token })).body as Array<{ kind: string; email: boolean; push?: boolean; push_label?: string }>;
    expect(before.filter((p) => p.push !== undefined).map((p) => p.kind).sort()).toEqual(PUSH_KINDS.map((k) => k.id).sort());
    expect(before.find((p) => p.kind === 'selection')).toMatchObject({ email: true, push: true, push_label: 'Squad and team sheet published' });
    const put = await t.json('/api/preferences', { method: 'PUT', token: pushOff.token, body: { push: { selection: false } } });
    expect(put.status).toBe(200);
    expect(put.body.find((p: { kind: string }) => p.kind === 'selection')).toMatchObject({ email: true, push: false });
    for (const body of [{ push: { nonsense: true } }, { push: { selection: 'yes' } }, { push: 'all' }, { push: {} }]) {
      const bad = await t.json('/api/preferences', { method: 'PUT', token: pushOff.token, body });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toEqual(expect.any(String));
    }
  });
});

describe('The mail path with push', () => {
  it('pushes instead of mailing to those with a device who chose it; mails the others', async () => {
    for (const who of ['withPhone', 'noPhone', 'pushOff'] as const) await send((tx) => mail.toUser(tx, ids[who], sample(`first:${who}`)));
    const penny = pushed.filter((p) => p.userId === ids.withPhone);
    expect(penny).toHaveLength(1);
    expect(penny[0]).toMatchObject({ kind: 'selection', title: 'Team sheet published', body: 'Open to see it', dedupeKey: `push:test:first:withPhone:${ids.withPhone}` });
    expect(penny[0]!.url).toMatch(/^\/players-area/);
    // The rendered mail travels with it, to be sent if every device fails for good.
    expect(penny[0]!.fallbackMail).toMatchObject({ dedupe_key: `test:first:withPhone:${ids.withPhone}`, kind: 'selection', subject: expect.stringContaining('squad') });
    expect(await mailsTo(withPhone)).toHaveLength(0);
    // No device: the mail as before. Push turned off for this kind: the mail, and no push at all.
    expect(await mailsTo(noPhone)).toHaveLength(1);
    expect(pushed.some((p) => p.userId === ids.pushOff)).toBe(false);
    expect(await mailsTo(pushOff)).toHaveLength(1);
  });

  it('a junior’s notification reaches their parent’s device, never the child’s, and names no child', async () => {
    await send((tx) => mail.toPlayer(tx, kit.id, sample('junior')));
    const forKit = pushed.filter((p) => p.dedupeKey.startsWith('push:test:junior:'));
    expect(forKit.map((p) => p.userId)).toEqual([parent.user.id]);
    expect(pushed.some((p) => p.userId === kit.userId)).toBe(false);
    expect(`${forKit[0]!.title} ${forKit[0]!.body}`).not.toMatch(/Kit|Young/);
    // The fall-back mail is the parent's mail ("For Kit: …"), to the parent's address.
    expect(forKit[0]!.fallbackMail).toMatchObject({ to_address: parent.email, subject: expect.stringMatching(/^For Kit: /) });
  });

  it('e-mail off but push on: pushed with no fall-back mail; with no device either, nothing is sent', async () => {
    for (const token of [withPhone.token, noPhone.token]) {
      expect((await t.json('/api/preferences', { method: 'PUT', token, body: { selection: false } })).status).toBe(200);
    }
    const mailedBefore = (await mailsTo(noPhone)).length;
    for (const who of ['withPhone', 'noPhone'] as const) await send((tx) => mail.toUser(tx, ids[who], sample(`mailoff:${who}`)));
    const penny = pushed.filter((p) => p.dedupeKey === `push:test:mailoff:withPhone:${ids.withPhone}`);
    expect(penny).toHaveLength(1);
    expect(penny[0]!.fallbackMail).toBeUndefined();
    expect(pushed.some((p) => p.userId === ids.noPhone)).toBe(false);
    expect(await mailsTo(noPhone)).toHaveLength(mailedBefore);
    for (const token of [withPhone.token, noPhone.token]) await t.json('/api/preferences', { method: 'PUT', token, body: { selection: true } });
  });

  it('mail-only kinds (account mails, receipts, mails to staff) never go by push', async () => {
    const pushable = new Set(PUSH_KINDS.flatMap((k) => Object.keys(k.templates)));
    for (const name of ['passwordReset', 'passwordChanged', 'welcome', 'paymentReceipt', 'chargePaidFromCredit', 'selectionAlert', 'shopOrder']) {
      expect(MAIL_TEMPLATES[name], name).toBeDefined();
      expect(pushable.has(name), name).toBe(false);
    }
    // Each template is in the kind of the preference its e-mail is optional under: one choice, one kind.
    for (const kind of PUSH_KINDS) for (const name of Object.keys(kind.templates)) expect(preferenceOf(MAIL_TEMPLATES[name]!), name).toBe(kind.id);
    const before = pushed.length;
    const receipt = MAIL_TEMPLATES.paymentReceipt as MailTemplate<unknown>;
    await send((tx) => mail.toUser(tx, ids.withPhone, { template: receipt, data: receipt.samples[0], dedupeKey: 'test:receipt' }));
    expect(pushed.length).toBe(before);
    expect((await mailsTo(withPhone)).some((m) => m.dedupe_key.startsWith('test:receipt'))).toBe(true);
  });

  it('every push kind’s lock-screen text names nobody and no place from the mail it stands for', async () => {
    for (const kind of PUSH_KINDS) {
      for (const name of Object.keys(kind.templates)) {
        const template = MAIL_TEMPLATES[name] as MailTemplate<unknown>;
        for (const [i, data] of template.samples.entries()) {
          await send((tx) => mail.toPlayer(tx, kit.id, { template, data, dedupeKey: `test:privacy:${name}:${i}` }));
          const payload = pushed.find((p) => p.dedupeKey.startsWith(`push:test:privacy:${name}:${i}:`));
          expect(payload, `${name} #${i} was pushed`).toBeDefined();
          expect(payload!.userId).toBe(parent.user.id);
          const shown = `${payload!.title} ${payload!.body}`;
          for (const secret of privateWords(data)) expect(shown, `${name} #${i}`).not.toContain(secret);
          expect(shown).not.toMatch(/Kit|Young/);
        }
      }
    }
  });
});

/** The names, places and titles in a mail's data: none may reach a lock screen. */
function privateWords(data: unknown, key = ''): string[] {
  if (typeof data === 'string') return /name|place|venue|address|title|opponent|team|subject|body|description|coach|sender/i.test(key) && data.length > 3 ? [data] : [];
  if (Array.isArray(data)) return data.flatMap((d) => privateWords(d, key));
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([k, v]) => privateWords(v, k));
  return [];
}
