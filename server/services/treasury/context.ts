/** What the treasury's use cases share: who may see money, who pays for a member, the club's bank details and references. */
import { actorOf, mayChargeMembers, mayManageMoney } from '../../policy';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { club } from '../../../shared/club';
import { forbidden, unauthenticated } from '../../../shared/errors';
import { ageOn } from '../../../shared/juniors';
import { clubDateOf } from '../../../shared/dates';
import type { SessionUser } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import { guardians, payerReferences, players, playerTeams, settings } from '../../db/schema';
import { clubPrefix, makeReference } from '../../treasury/reference';
import type { MailService } from '../mail';

export const TREASURER_ONLY = 'Only the treasurer and admins can see and change the club’s money.';
export const CHARGERS_ONLY = 'Only the treasurer, the secretary and admins can charge members.';

export interface TreasuryDeps {
  mail: MailService;
}

export type TreasuryContext = { db: Db } & TreasuryDeps & ReturnType<typeof treasuryAccess>;

/** The club's reference prefix now (RRFC for Riverside Rovers FC): new payers' references start with it; stored ones stay (issue 33). */
export const referencePrefix = () => clubPrefix(club().club_name);

export interface BankDetails {
  account_name: string;
  sort_code: string;
  account_number: string;
}

export function treasuryAccess(db: Db) {
  /** The treasurer (club role) or an admin; anyone else signed in is 403. */
  async function isTreasurer(actor: SessionUser) {
    return mayManageMoney(await actorOf(db, actor));
  }

  async function assertTreasurer(actor: SessionUser | null): Promise<SessionUser> {
    if (!actor) throw unauthenticated();
    if (!(await isTreasurer(actor))) throw forbidden(TREASURER_ONLY);
    return actor;
  }

  /** Charging members (one, several, teams, a plan, match fees): the treasurer, the secretary and admins. */
  async function assertMayCharge(actor: SessionUser | null): Promise<SessionUser> {
    if (!actor) throw unauthenticated();
    if (!mayChargeMembers(await actorOf(db, actor))) throw forbidden(CHARGERS_ONLY);
    return actor;
  }

  return { isTreasurer, assertTreasurer, assertMayCharge };
}

/**
 * Who pays a member's charges: an adult pays for themself (their login); a child under 18 is paid
 * for by their primary guardian (issue 23), else another guardian who may answer for them, never
 * the child. Null: nobody to ask yet (no login, or a child without a guardian).
 */
export async function payerFor(tx: DbOrTx, member: { id: string; user_id: string | null; date_of_birth: string | null }, on = clubDateOf(new Date())) {
  const child = member.date_of_birth !== null && ageOn(member.date_of_birth, on) < 18;
  if (!child) return member.user_id;
  const [guardian] = await tx
    .select({ user_id: guardians.user_id })
    .from(guardians)
    .where(and(eq(guardians.player_id, member.id), sql`${guardians.level} <> 'view_only'`))
    .orderBy(sql`${guardians.level} = 'primary' desc`, asc(guardians.created_at))
    .limit(1);
  return guardian?.user_id ?? null;
}

/** The member's team now (their first current team), for arrears and the export by team. */
export async function currentTeamOf(tx: DbOrTx, playerId: string) {
  const [row] = await tx
    .select({ team_id: playerTeams.team_id })
    .from(playerTeams)
    .where(and(eq(playerTeams.player_id, playerId), isNull(playerTeams.left_on)))
    .orderBy(asc(playerTeams.joined_on))
    .limit(1);
  return row?.team_id ?? null;
}

/** Members as payerFor needs them. */
export async function membersById(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth, full_name: players.full_name, status: players.status })
    .from(players)
    .where(sql`${players.id} in ${ids}`);
}

export async function bankDetails(tx: DbOrTx): Promise<BankDetails> {
  const [row] = await tx
    .select({ account_name: settings.account_name, sort_code: settings.sort_code, account_number: settings.account_number })
    .from(settings)
    .where(eq(settings.id, 1));
  return row ?? { account_name: '', sort_code: '', account_number: '' };
}

/** The payer's reference, made on first ask: unique and never reused (a taken one is drawn again). */
export async function referenceOf(tx: DbOrTx, payerId: string): Promise<string> {
  const [existing] = await tx.select({ reference: payerReferences.reference }).from(payerReferences).where(eq(payerReferences.payer_user_id, payerId));
  if (existing) return existing.reference;
  for (let attempt = 0; attempt < 20; attempt++) {
    const reference = makeReference(referencePrefix());
    const [row] = await tx.insert(payerReferences).values({ reference, payer_user_id: payerId }).onConflictDoNothing().returning();
    if (row) return row.reference;
    // Either the reference was drawn before (never reused) or the payer got one meanwhile.
    const [mine] = await tx.select({ reference: payerReferences.reference }).from(payerReferences).where(eq(payerReferences.payer_user_id, payerId));
    if (mine) return mine.reference;
  }
  throw new Error('Could not draw a free payer reference');
}
