/**
 * A member's e-mail preferences: which optional mails they get (each on unless turned off), as the
 * template registry names them; and, for the kinds that can go by push (issue 35), whether they do.
 */
import { eq } from 'drizzle-orm';
import { preferencesInputSchema, type MailPreference } from '../../shared/mail';
import type { SessionUser } from '../../shared/roles';
import { invalid, unauthenticated } from '../../shared/errors';
import type { Db } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { OPTIONAL_PREFERENCES } from '../mail/registry';
import { PUSH_KINDS } from '../../shared/push-routing';
import { parseInput } from './checks';

export function mailPreferences(db: Db) {
  /** The signed-in user's choices, one entry per preference some template is optional under (on unless turned off). */
  async function preferences(actor: SessionUser | null) {
    if (!actor) throw unauthenticated();
    const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, actor.id));
    return OPTIONAL_PREFERENCES.map((k) => {
      const row = rows.find((r) => r.kind === k.id);
      const push = PUSH_KINDS.find((p) => p.id === k.id);
      return { kind: k.id, label: k.label, email: row?.email ?? true, ...(push ? { push: row?.push ?? true, push_label: push.label } : {}) };
    });
  }

  async function setPreferences(actor: SessionUser | null, input: unknown) {
    if (!actor) throw unauthenticated();
    const values = parseInput(preferencesInputSchema, input);
    const entries = Object.entries(values).filter(([, v]) => typeof v === 'boolean') as [MailPreference, boolean][];
    const pushEntries = Object.entries(values.push ?? {}).filter(([, v]) => typeof v === 'boolean') as [MailPreference, boolean][];
    if (entries.length === 0 && pushEntries.length === 0) throw invalid('Give at least one kind of e-mail to turn on or off.');
    const mailOnly = pushEntries.find(([kind]) => !PUSH_KINDS.some((p) => p.id === kind));
    if (mailOnly) throw invalid(`${mailOnly[0]} is sent by e-mail only, not by push.`);
    const target = [notificationPreferences.club_id, notificationPreferences.user_id, notificationPreferences.kind];
    await db.transaction(async (tx) => {
      for (const [kind, email] of entries) {
        await tx.insert(notificationPreferences).values({ user_id: actor.id, kind, email }).onConflictDoUpdate({ target, set: { email } });
      }
      // No row yet means the e-mail is on: a push choice alone keeps it so.
      for (const [kind, push] of pushEntries) {
        await tx.insert(notificationPreferences).values({ user_id: actor.id, kind, email: true, push }).onConflictDoUpdate({ target, set: { push } });
      }
    });
    return preferences(actor);
  }

  return { preferences, setPreferences };
}
