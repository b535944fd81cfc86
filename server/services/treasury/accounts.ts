/** A payer's own money (GET /api/treasury/me), a payer's account for the treasurer, and paid/unpaid for team staff. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatSortCode, type TreasuryMe } from '../../../shared/contracts/treasury';
import { ageOn } from '../../../shared/juniors';
import { clubDateOf } from '../../../shared/dates';
import { forbidden, notFound, unauthenticated } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { charges, ledgerEntries, payerReferences, players, playerTeams, teams, users } from '../../db/schema';
import { isUuid } from '../ids';
import { actorOf, allow, assertRunsTeam, AWAITING_APPROVAL, mayUseMembersArea, runsAnyTeam, signedIn } from '../../policy';
import { bankDetails, payerFor, referenceOf, type TreasuryContext } from './context';
import { chargeViews, publicCharge } from './ledger';

export const NO_SUCH_PAYER_ID = 'No payer has this id.';

/** What a payer owes on charges, has in credit, and the balance (credit − owed). */
export async function balanceOf(tx: DbOrTx, payerId: string) {
  const [row] = await tx
    .select({
      owed: sql<number>`coalesce(sum(${ledgerEntries.amount_pence}) filter (where ${ledgerEntries.charge_id} is not null), 0)::int`,
      credit: sql<number>`coalesce(-sum(${ledgerEntries.amount_pence}) filter (where ${ledgerEntries.charge_id} is null), 0)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.payer_user_id, payerId));
  const owed = row?.owed ?? 0;
  const credit = row?.credit ?? 0;
  return { owed_pence: owed, credit_pence: credit, balance_pence: credit - owed };
}

export function accountUseCases(ctx: TreasuryContext) {
  const { db, isTreasurer } = ctx;
  return {
    /**
     * GET /api/treasury/me: the signed-in member's reference (made on first ask), the club's bank
     * details and their money. A junior never pays: they see their own charges and the reference
     * their guardian pays with (none is made for them).
     */
    async me(actor: SessionUser | null): Promise<TreasuryMe> {
      // The club's bank details are for people in the club, not a pending registrant (issue 30).
      const me = await signedIn(db, actor);
      allow(mayUseMembersArea(me), AWAITING_APPROVAL);
      const user = me.user;
      const bank = await bankDetails(db);
      const details = {
        account_name: bank.account_name,
        sort_code: formatSortCode(bank.sort_code),
        account_number: bank.account_number,
        bank_details_set: bank.account_name !== '' && bank.sort_code !== '' && bank.account_number !== '',
      };
      const [member] = await db
        .select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth })
        .from(players)
        .where(eq(players.user_id, user.id));
      if (member?.date_of_birth && ageOn(member.date_of_birth, clubDateOf(new Date())) < 18) {
        const guardian = await payerFor(db, member);
        const own = (await chargeViews(db, eq(charges.player_id, member.id))).map(publicCharge);
        const owed = own.reduce((sum, c) => sum + c.outstanding_pence, 0);
        return {
          reference: guardian ? await referenceOf(db, guardian) : '',
          ...details,
          paid_by_guardian: true,
          owed_pence: owed,
          credit_pence: 0,
          balance_pence: -owed,
          charges: own,
        };
      }
      return {
        reference: await referenceOf(db, user.id),
        ...details,
        paid_by_guardian: false,
        ...(await balanceOf(db, user.id)),
        charges: (await chargeViews(db, eq(charges.payer_user_id, user.id))).map(publicCharge),
      };
    },

    /** GET /api/treasury/payers/{id}: a payer's charges, ledger entries and balance (the treasurer, or the payer themself). */
    async payerAccount(actor: SessionUser | null, payerId: string) {
      if (!actor) throw unauthenticated();
      if (actor.id !== payerId && !(await isTreasurer(actor))) throw forbidden('You can only see your own money.');
      if (!isUuid(payerId)) throw notFound(NO_SUCH_PAYER_ID);
      const [payer] = await db
        .select({ id: users.id, full_name: users.full_name, reference: payerReferences.reference })
        .from(users)
        .leftJoin(payerReferences, eq(payerReferences.payer_user_id, users.id))
        .where(eq(users.id, payerId));
      if (!payer) throw notFound(NO_SUCH_PAYER_ID);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.payer_user_id, payerId)).orderBy(ledgerEntries.created_at);
      return {
        payer_id: payer.id,
        payer_name: payer.full_name,
        reference: payer.reference,
        ...(await balanceOf(db, payerId)),
        charges: (await chargeViews(db, eq(charges.payer_user_id, payerId))).map(publicCharge),
        entries: entries.map((e) => ({
          id: e.id,
          kind: e.kind,
          payer_id: e.payer_user_id,
          charge_id: e.charge_id,
          bank_line_id: e.bank_line_id,
          reverses_id: e.reverses_id,
          amount_pence: e.amount_pence,
          reason: e.reason,
          occurred_on: e.occurred_on,
          created_by: e.created_by_name,
          created_at: e.created_at.toISOString(),
        })),
      };
    },

    /**
     * GET /api/treasury/teams/{id}/paid: for a team's staff, who is paid up (nothing due unpaid).
     * Only yes or no: no amounts, no charges, nobody's bank text.
     */
    async teamPaidUp(actor: SessionUser | null, teamId: string) {
      if (!actor) throw unauthenticated();
      if (!isUuid(teamId)) throw notFound('No team has this id.');
      const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
      if (!team) throw notFound('No team has this id.');
      if (!(await isTreasurer(actor))) {
        // The team's runners (rule book): nobody else learns who has paid.
        allow(runsAnyTeam(await actorOf(db, actor)), 'Only the team’s staff and the treasurer can see who has paid.');
        await assertRunsTeam(db, actor, teamId);
      }
      const today = clubDateOf(new Date());
      const owing = sql<boolean>`exists (select 1 from ${charges} c where c.player_id = ${players.id} and c.due_date <= ${today}
        and (select coalesce(sum(e.amount_pence), 0) from ${ledgerEntries} e where e.charge_id = c.id) > 0)`;
      const rows = await db
        .select({ member_id: players.id, full_name: players.full_name, owing })
        .from(playerTeams)
        .innerJoin(players, eq(players.id, playerTeams.player_id))
        .where(and(eq(playerTeams.team_id, teamId), isNull(playerTeams.left_on), eq(players.status, 'active')))
        .orderBy(players.full_name);
      return { team_id: teamId, players: rows.map((r) => ({ member_id: r.member_id, full_name: r.full_name, paid_up: !r.owing })) };
    },
  };
}
