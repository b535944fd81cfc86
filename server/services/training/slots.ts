import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { SLOT_NOT_FOUND, trainingSlotInputSchema } from '../../../shared/teams';
import { teams, trainingSlots } from '../../db/schema';
import { parseInput } from '../checks';
import { actorOf, assertRunsTeam, matchWeekRunner, maySeeTraining, teamsFollowedBy } from '../../policy';
import { notFound } from '../../../shared/errors';
import type { SavedTrainingSlot, TrainingSlot } from '../../../shared/contracts/teams';
import { toSlot } from '../training-views';
import type { TrainingContext } from './context';

/** A team's weekly slots: list, add, change, remove (the sessions follow). */
export function weeklySlots(ctx: TrainingContext) {
  const { db, teamExists, savedSlot, dropUntouchedFuture, findSlot } = ctx;
  return {
    /** A team's weekly slots; a junior team's only for its own people (issue 30, finding 19), an empty list for anyone else. */
    async listSlots(user: SessionUser | null, teamId: string): Promise<TrainingSlot[]> {
      await teamExists(teamId);
      const [team] = await db.select({ id: teams.id, age_group: teams.age_group }).from(teams).where(eq(teams.id, teamId));
      const followed = await teamsFollowedBy(db, user ? await actorOf(db, user) : null);
      if (!maySeeTraining(followed, team)) return [];
      const rows = await db
        .select()
        .from(trainingSlots)
        .where(eq(trainingSlots.team_id, teamId))
        .orderBy(asc(trainingSlots.weekday), asc(trainingSlots.start_time));
      return rows.map(toSlot);
    },

    async createSlot(user: SessionUser | null, teamId: string, input: unknown): Promise<SavedTrainingSlot> {
      const staff = await matchWeekRunner(db, user);
      await teamExists(teamId);
      await assertRunsTeam(db, staff, teamId);
      const values = parseInput(trainingSlotInputSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(trainingSlots)
          .values({ ...values, team_id: teamId })
          .returning();
        return savedSlot(tx, row);
      });
    },

    async updateSlot(user: SessionUser | null, id: string, input: unknown): Promise<SavedTrainingSlot> {
      const staff = await matchWeekRunner(db, user);
      const slot = await findSlot(id);
      await assertRunsTeam(db, staff, slot.team_id);
      const values = parseInput(trainingSlotInputSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(trainingSlots)
          .set({ ...values, updated_at: new Date() })
          .where(eq(trainingSlots.id, id))
          .returning();
        if (!row) throw notFound(SLOT_NOT_FOUND);
        // Untouched future sessions go (those now after ends_on or inside a break with them) and come back as the slot says.
        await dropUntouchedFuture(tx, id);
        return savedSlot(tx, row);
      });
    },

    /** Past sessions (and their attendance) stay, without a slot. */
    async removeSlot(user: SessionUser | null, id: string): Promise<void> {
      const staff = await matchWeekRunner(db, user);
      const slot = await findSlot(id);
      await assertRunsTeam(db, staff, slot.team_id);
      await db.transaction(async (tx) => {
        await dropUntouchedFuture(tx, id);
        await tx.delete(trainingSlots).where(eq(trainingSlots.id, id));
      });
    },
  };
}
