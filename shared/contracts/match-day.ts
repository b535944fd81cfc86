import { z } from '@hono/zod-openapi';

/**
 * The coach's match-day card (issue 31): per child of a junior team, what the staff need on the
 * touchline (medical notes, who to call, photo consent, who may collect), and the log of who read
 * medical notes. Inputs beside answers.
 */

export { collectorsInputSchema, OTHERS_WHO_MAY_COLLECT_MAX, type CollectorsInput } from '../match-day';

const iso = (description = 'ISO 8601') => z.string().openapi({ description });

const GuardianCollectorSchema = z.object({
  name: z.string(),
  relationship: z.string().nullable(),
  /** Their own phone number, when the club has one (their member record). */
  phone: z.string().nullable(),
});

export const CollectorsSchema = z
  .object({
    player_id: z.string().uuid(),
    guardians: z.array(GuardianCollectorSchema).openapi({ description: 'The child’s parents and carers: they may always collect' }),
    others: z.string().openapi({ description: 'Anyone else a parent or carer named, in their words; empty for nobody else' }),
    set_by_name: z.string().nullable(),
    updated_at: iso().nullable(),
  })
  .openapi('Collectors');
export type Collectors = z.infer<typeof CollectorsSchema>;

export const MatchDayChildSchema = z.object({
  player_id: z.string().uuid(),
  full_name: z.string(),
  age: z.number().int().nullable(),
  /** Whether there are medical notes to read (the flag on the card). */
  medical_flag: z.boolean(),
  medical_notes: z.string().nullable(),
  emergency_contacts: z.array(z.object({ name: z.string(), phone: z.string(), relationship: z.string() })),
  photo_consent: z.boolean(),
  collectors: CollectorsSchema.omit({ player_id: true }),
});
export type MatchDayChild = z.infer<typeof MatchDayChildSchema>;

export const MatchDayCardSchema = z
  .object({
    team: z.object({ id: z.string().uuid(), name: z.string(), age_group: z.string() }),
    season: z.string(),
    children: z.array(MatchDayChildSchema),
    read_at: iso('When this card was opened: one read of medical notes per child is recorded at this time'),
  })
  .openapi('MatchDayCard');
export type MatchDayCard = z.infer<typeof MatchDayCardSchema>;

export const MedicalNoteReadLogSchema = z
  .array(
    z.object({
      player_id: z.string().uuid(),
      child_name: z.string(),
      read_by_name: z.string(),
      read_at: iso(),
      via: z.string().nullable().openapi({ description: 'Where: "Match-day card: U9", or null for the child’s own record' }),
    }),
  )
  .openapi('MedicalNoteReadLog');
export type MedicalNoteReadLog = z.infer<typeof MedicalNoteReadLogSchema>;

/** The match-day cards this person may open: the junior teams they are on the staff of (every junior team for the welfare officer). */
export const MatchDayTeamsSchema = z
  .array(z.object({ id: z.string().uuid(), name: z.string(), age_group: z.string(), players: z.number().int() }))
  .openapi('MatchDayTeams');
export type MatchDayTeams = z.infer<typeof MatchDayTeamsSchema>;
