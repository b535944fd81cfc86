import { z } from '@hono/zod-openapi';
import { TRAINING_SESSION_STATUSES } from '../teams-constants';

/** Teams, their weekly training slots and the training sessions made from them, as the API takes and answers them. */
export {
  teamInputSchema,
  trainingSlotInputSchema,
  trainingSessionPatchSchema,
  trainingSessionQuerySchema,
  attendanceInputSchema,
  type TeamInput,
  type TrainingSlotInput,
  type TrainingSessionPatch,
} from '../teams';

export const TrainingSlotSchema = z
  .object({
    id: z.string().uuid(),
    team_id: z.string().uuid(),
    weekday: z.number().int().min(1).max(7).openapi({ description: '1 = Monday … 7 = Sunday', example: 2 }),
    start_time: z.string().openapi({ example: '19:00', description: 'Club time (Europe/London)' }),
    end_time: z.string().openapi({ example: '21:00' }),
    place: z.string().openapi({ example: 'Main training ground' }),
  })
  .openapi('TrainingSlot');
export const TeamSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string().openapi({ example: 'Vets' }),
    slug: z.string().openapi({ example: 'vets', description: 'The public fixtures filter: /fixtures?team=vets' }),
    sort_order: z.number().int(),
    match_length_minutes: z.number().int().openapi({ example: 105 }),
    availability_lock_hours: z.number().int().openapi({ example: 2, description: 'Availability answers close this many hours before kick-off' }),
  })
  .openapi('Team');
export const TrainingSessionSchema = z
  .object({
    id: z.string().uuid(),
    team_id: z.string().uuid(),
    team: z.string().openapi({ example: 'Senior' }),
    slot_id: z.string().uuid().nullable().openapi({ description: 'The weekly slot it came from; null once that slot was deleted' }),
    date: z.string().openapi({ example: '2026-11-24', description: 'Club-time date' }),
    start_time: z.string().openapi({ example: '19:00', description: 'Club time (Europe/London)' }),
    end_time: z.string().openapi({ example: '21:00' }),
    starts_at: z.string().openapi({ example: '2026-11-24T19:00:00.000Z' }),
    ends_at: z.string(),
    place: z.string(),
    status: z.enum(TRAINING_SESSION_STATUSES),
    moved: z.boolean().openapi({ description: 'Staff changed its time or place' }),
    attendance_recorded: z.boolean(),
  })
  .openapi('TrainingSession');
export const AttendanceSheetSchema = z
  .object({
    session: TrainingSessionSchema,
    recorded_at: z.string().nullable(),
    players: z.array(z.object({ id: z.string().uuid(), full_name: z.string(), jersey_number: z.number().int().nullable(), present: z.boolean() })),
  })
  .openapi('AttendanceSheet');
export type TrainingSlot = z.infer<typeof TrainingSlotSchema>;
export type Team = z.infer<typeof TeamSchema>;
export type TrainingSession = z.infer<typeof TrainingSessionSchema>;
export type AttendanceSheet = z.infer<typeof AttendanceSheetSchema>;
