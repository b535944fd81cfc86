/** A member's e-mail preferences: which optional mails they get (each on unless turned off), as the template registry names them. */
import { eq } from 'drizzle-orm';
import { preferencesInputSchema, type MailPreference } from '../../shared/mail';
import type { SessionUser } from '../../shared/roles';
import { invalid, unauthenticated } from '../../shared/errors';
import type { Db } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { OPTIONAL_PREFERENCES } from '../mail/registry';
import { parseInput } from './checks';

export function mailPreferences(db: Db) {
  /** The signed-in user's choices, one entry per preference some template is optional under (on unless turned off). */
  async function preferences(actor: SessionUser | null) {
    if (!actor) throw unauthenticated();
    const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, actor.id));
    return OPTIONAL_PREFERENCES.map((k) => ({ kind: k.id, label: k.label, email: rows.find((r) => r.kind === k.id)?.email ?? true }));
  }

  async function setPreferences(actor: SessionUser | null, input: unknown) {
    if (!actor) throw unauthenticated();
    const values = parseInput(preferencesInputSchema, input);
    const entries = Object.entries(values).filter(([, v]) => typeof v === 'boolean') as [MailPreference, boolean][];
    if (entries.length === 0) throw invalid('Give at least one kind of e-mail to turn on or off.');
    await db.transaction(async (tx) => {
      for (const [kind, email] of entries) {
        await tx
          .insert(notificationPreferences)
          .values({ user_id: actor.id, kind, email })
          .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.kind], set: { email } });
      }
    });
    return preferences(actor);
  }

  return { preferences, setPreferences };
}
