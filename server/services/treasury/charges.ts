/** Charges: one member, several or a team; match fees from a published squad or a session's attendance; reversals with who and why. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { chargeCreateSchema, matchFeesSchema, reversalSchema, type ChargesCreatedSchema } from '../../../shared/contracts/treasury';
import { formatDateGB } from '../../../shared/dates';
import { conflict, invalid, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { charges, fixtures, ledgerEntries, players, playerTeams, selectionPublications, teams, trainingAttendance, trainingSessions } from '../../db/schema';
import { chargePaidFromCredit, paymentRequest } from '../../mail/templates';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { bankDetails, membersById, payerFor, referenceOf, type TreasuryContext } from './context';
import {
  categoryLabel,
  creditOf,
  chargeViews,
  publicCharge,
  liveEntries,
  reverseEntry,
  unpayCharge,
  useCredit,
  writeCharges,
  type Actor,
  type NewCharge,
} from './ledger';

export const CHARGE_NOT_FOUND = 'No charge has this id.';
export const ALREADY_REVERSED = 'This charge has been reversed already.';

type ChargesCreated = z.infer<typeof ChargesCreatedSchema>;

export const NO_SUCH_TEAM = 'No team has this id.';

/** Refuses (422) a team id that names no team. */
export async function assertTeamsExist(tx: DbOrTx, teamIds: string[], field = 'team_id') {
  if (teamIds.length === 0) return;
  const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds));
  if (found.length < new Set(teamIds).size) throw invalid(NO_SUCH_TEAM, [{ field, message: NO_SUCH_TEAM }]);
}

/** The current players of these teams, as members, each once with the team they are charged through. */
export async function teamMembers(tx: DbOrTx, teamIds: string[]) {
  const rows = await tx
    .select({ id: players.id, team_id: playerTeams.team_id })
    .from(playerTeams)
    .innerJoin(players, eq(players.id, playerTeams.player_id))
    .where(and(inArray(playerTeams.team_id, teamIds), isNull(playerTeams.left_on), eq(players.status, 'active')))
    .orderBy(playerTeams.joined_on);
  const teamOf = new Map<string, string>();
  for (const row of rows) if (!teamOf.has(row.id)) teamOf.set(row.id, row.team_id);
  return teamOf;
}

/**
 * A payment mail to each payer of new charges (one per charge): what, how much, when, and how to
 * pay: their reference and the club's bank details.
 */
export async function mailNewCharges(tx: DbOrTx, ctx: Pick<TreasuryContext, 'mail'>, chargeIds: string[]) {
  if (chargeIds.length === 0) return;
  const bank = await bankDetails(tx);
  for (const charge of await chargeViews(tx, inArray(charges.id, chargeIds))) {
    if (!charge.payer_id || charge.status === 'reversed') continue;
    if (charge.status === 'paid') {
      // Paid at once from the payer's credit: told so, with the credit left (no money arrived, so no receipt).
      await ctx.mail.toUser(tx, charge.payer_id, {
        template: chargePaidFromCredit,
        data: {
          description: charge.description,
          amount: charge.amount_pence / 100,
          paymentType: categoryLabel(charge),
          memberName: charge.member_name ?? undefined,
          creditLeft: (await creditOf(tx, charge.payer_id)) / 100,
        },
        dedupeKey: `payment:${charge.id}`,
      });
      continue;
    }
    const reference = await referenceOf(tx, charge.payer_id);
    await ctx.mail.toUser(tx, charge.payer_id, {
      template: paymentRequest,
      data: {
        description: charge.description,
        amount: charge.amount_pence / 100,
        paymentType: categoryLabel(charge),
        dueDate: charge.due_date,
        memberName: charge.member_name ?? undefined,
        fromCredit: charge.paid_pence / 100,
        reference,
        ...bank,
      },
      dedupeKey: `payment:${charge.id}`,
    });
  }
}

/** New charges for members (each to their payer), mailed, answered as the API shows them. */
export async function chargeMembers(
  tx: DbOrTx,
  ctx: Pick<TreasuryContext, 'mail'>,
  actor: Actor,
  memberIds: string[],
  charge: (member: { id: string; team_id: string | null }) => (Omit<NewCharge, 'payer_user_id' | 'player_id' | 'team_id'> & { team_id?: string | null }) | null,
  options: { mail?: boolean } = {},
): Promise<ChargesCreated> {
  const members = await membersById(tx, [...new Set(memberIds)]);
  if (members.length < new Set(memberIds).size)
    throw invalid('No member of the club has one of these ids.', [{ field: 'member_id', message: 'Unknown member' }]);
  const teamOf = new Map(
    (
      await tx
        .select({ player_id: playerTeams.player_id, team_id: playerTeams.team_id })
        .from(playerTeams)
        .where(
          and(
            inArray(
              playerTeams.player_id,
              members.map((m) => m.id),
            ),
            isNull(playerTeams.left_on),
          ),
        )
        .orderBy(playerTeams.joined_on)
    ).map((r) => [r.player_id, r.team_id]),
  );
  const list: NewCharge[] = [];
  for (const member of members) {
    const team_id = teamOf.get(member.id) ?? null;
    const values = charge({ id: member.id, team_id });
    if (!values) continue;
    list.push({ team_id, ...values, payer_user_id: await payerFor(tx, member), player_id: member.id });
  }
  const ids = await writeCharges(tx, actor, list);
  if (options.mail !== false) await mailNewCharges(tx, ctx, ids);
  const created = ids.length ? await chargeViews(tx, inArray(charges.id, ids)) : [];
  return { created: created.length, charges: created.map(publicCharge) };
}

export function chargeUseCases(ctx: TreasuryContext) {
  const { db, assertTreasurer, assertMayCharge } = ctx;
  return {
    /** POST /api/treasury/charges: one member, several, or a team's current players. */
    async createCharges(actor: SessionUser | null, input: unknown) {
      const user = await assertMayCharge(actor);
      const data = parseInput(chargeCreateSchema, input);
      return db.transaction(async (tx) => {
        const teamIds = data.team_ids ?? (data.team_id ? [data.team_id] : []);
        await assertTeamsExist(tx, teamIds, data.team_ids ? 'team_ids' : 'team_id');
        const teamOf = teamIds.length ? await teamMembers(tx, teamIds) : new Map<string, string>();
        const ids = teamIds.length ? [...teamOf.keys()] : (data.member_ids ?? [data.member_id!]);
        if (ids.length === 0) throw invalid(teamIds.length > 1 ? 'These teams have no current players to charge.' : 'This team has no current players to charge.');
        return chargeMembers(tx, ctx, user, ids, (member) => ({
          team_id: teamOf.get(member.id) ?? member.team_id,
          category: data.category,
          description: data.description,
          amount_pence: data.amount_pence,
          due_date: data.due_date,
          season: data.season,
          period: data.period || null,
        }));
      });
    },

    /** POST /api/treasury/match-fees: each player of a published squad, or each who came to a session, once. */
    async chargeMatchFees(actor: SessionUser | null, input: unknown) {
      const user = await assertMayCharge(actor);
      const data = parseInput(matchFeesSchema, input);
      return db.transaction(async (tx) => {
        let ids: string[];
        let what: string;
        let source: string;
        if (data.fixture_id) {
          const [row] = await tx
            .select({ ids: selectionPublications.published_player_ids, opponent: fixtures.away_team, date: fixtures.match_date })
            .from(fixtures)
            .leftJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtures.id))
            .where(eq(fixtures.id, data.fixture_id));
          if (!row) throw notFound('No fixture has this id.');
          if (!row.ids || row.ids.length === 0) throw conflict('This fixture’s squad is not published yet: publish it first, then charge the match fees.');
          ids = row.ids;
          what = `Match fee: ${row.opponent}, ${formatDateGB(row.date)}`;
          source = `fixture:${data.fixture_id}`;
        } else {
          const [session] = await tx
            .select({ date: trainingSessions.session_date, recorded: trainingSessions.attendance_recorded_at, title: trainingSessions.title })
            .from(trainingSessions)
            .where(eq(trainingSessions.id, data.session_id!));
          if (!session) throw notFound('No training session has this id.');
          if (!session.recorded) throw conflict('Nobody’s attendance is recorded for this session yet.');
          ids = (await tx.select({ id: trainingAttendance.player_id }).from(trainingAttendance).where(eq(trainingAttendance.session_id, data.session_id!))).map(
            (r) => r.id,
          );
          what = `${session.title ?? 'Session'} fee, ${formatDateGB(session.date)}`;
          source = `session:${data.session_id}`;
        }
        return chargeMembers(tx, ctx, user, ids, (member) => ({
          category: 'match_fee',
          description: data.description || what,
          amount_pence: data.amount_pence,
          due_date: data.due_date,
          source_key: `${source}:${member.id}`,
        }));
      });
    },

    /** GET /api/treasury/charges: every charge, or one payer's or member's. */
    async listCharges(actor: SessionUser | null, filter: { payer_id?: string; member_id?: string }) {
      await assertTreasurer(actor);
      if ((filter.payer_id && !isUuid(filter.payer_id)) || (filter.member_id && !isUuid(filter.member_id))) return [];
      const where = filter.payer_id ? eq(charges.payer_user_id, filter.payer_id) : filter.member_id ? eq(charges.player_id, filter.member_id) : undefined;
      return (await chargeViews(db, where)).map(publicCharge);
    },

    /**
     * POST /api/treasury/charges/{id}/reversal: a new entry takes the charge off, with who and why;
     * money already paid for it stays the payer's, as credit.
     */
    async reverseCharge(actor: SessionUser | null, chargeId: string, input: unknown) {
      const user = await assertTreasurer(actor);
      const { reason } = parseInput(reversalSchema, input);
      if (!isUuid(chargeId)) throw notFound(CHARGE_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
        if (!charge) throw notFound(CHARGE_NOT_FOUND);
        const [entry] = await liveEntries(tx, eq(ledgerEntries.charge_id, chargeId), ['charge']);
        if (!entry) throw conflict(ALREADY_REVERSED);
        await unpayCharge(tx, user, chargeId, `Charge reversed: ${reason}`);
        await reverseEntry(tx, user, entry, reason);
        if (charge.payer_user_id) await useCredit(tx, user, charge.payer_user_id);
        const [view] = await chargeViews(tx, eq(charges.id, chargeId));
        return publicCharge(view);
      });
    },
  };
}
