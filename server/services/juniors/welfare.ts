/**
 * The club's welfare officer (issue 23): the holder of the welfare_officer club role, reached at
 * settings.welfare_email. Shown on every public page's footer and on About; a club without both
 * cannot run a junior team (FA: every club with youth teams has a welfare officer parents can contact).
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRoles, settings, users } from '../../db/schema';
import { conflict } from '../../../shared/errors';

export interface WelfareContact {
  /** The welfare officer's name; null while nobody holds the role. */
  name: string | null;
  /** Where parents write to them; '' until an admin enters it in Settings. */
  email: string;
}

export async function welfareContact(db: DbOrTx): Promise<WelfareContact> {
  const [[officer], [row]] = await Promise.all([
    db
      .select({ name: users.full_name })
      .from(clubRoles)
      .innerJoin(users, eq(users.id, clubRoles.user_id))
      .where(eq(clubRoles.role, 'welfare_officer'))
      .orderBy(asc(clubRoles.granted_at), asc(users.full_name))
      .limit(1),
    db.select({ email: settings.welfare_email }).from(settings).where(eq(settings.id, 1)),
  ]);
  return { name: officer?.name ?? null, email: row?.email ?? '' };
}

export const NO_WELFARE_OFFICER =
  'A junior team (U7 to U18) needs a welfare officer parents can contact. Give someone the Welfare officer role in People & roles, and enter the welfare e-mail address in Settings, then set the age group.';

/** 409 unless the club has a welfare officer with a contact address. */
export async function assertWelfareOfficer(db: DbOrTx) {
  const contact = await welfareContact(db);
  if (!contact.name || !contact.email) throw conflict(NO_WELFARE_OFFICER);
}
