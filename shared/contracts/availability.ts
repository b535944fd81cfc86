import { z } from '@hono/zod-openapi';
import { ANSWER_GIVERS, AVAILABILITY_STATUSES, EVENT_KINDS, SELECTION_ROLES } from '../availability';

/** Availability for fixtures and training sessions, and the match squad (selection), as the API takes and answers them. */
export { availabilityInputSchema, selectionInputSchema, selectionReplySchema, type AvailabilityInput, type SelectionInput } from '../availability';

export const EventSchema = z
  .object({
    kind: z.enum(EVENT_KINDS),
    id: z.string().uuid(),
    team_id: z.string().uuid(),
    team: z.string(),
    title: z.string().openapi({ example: 'Senior vs Oakfield Athletic' }),
    date: z.string().openapi({ example: '2026-11-28', description: 'Club-time date' }),
    time: z.string().openapi({ example: '15:00', description: 'Kick-off or start, club time' }),
    place: z.string(),
    starts_at: z.string(),
    locks_at: z.string().openapi({ description: "Players' answers close at this instant (the team's availability_lock_hours before the start)" }),
    cancelled: z.boolean(),
    open: z.boolean().openapi({ description: 'Whether a player can still answer or change their answer' }),
    meet_time: z.string().nullable().openapi({ description: 'When to meet (club time)', example: '18:30' }),
    kit: z.string().nullable(),
    notes: z.string().nullable(),
    address: z.string().nullable().openapi({ description: "A session's street address (for a map link)" }),
  })
  .openapi('AvailabilityEvent');
export const AnswerSchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES),
  note: z.string().nullable(),
  on_behalf: z.boolean().openapi({ description: 'Someone answered for the player: a parent or carer, or the club' }),
  answered_at: z.string(),
  by: z.enum(ANSWER_GIVERS).openapi({ description: 'Who answered: the player, a parent or carer, or the club (staff)' }),
  answered_by: z.string().nullable().openapi({ description: 'The parent or carer who answered, by name; null otherwise' }),
  by_you: z.boolean().openapi({ description: 'The caller gave this answer' }),
});
export const StoredAnswerSchema = z
  .object({
    kind: z.enum(EVENT_KINDS),
    event_id: z.string().uuid(),
    player_id: z.string().uuid(),
    status: z.enum(AVAILABILITY_STATUSES),
    note: z.string().nullable(),
    on_behalf: z.boolean(),
    answered_at: z.string(),
  })
  .openapi('AvailabilityAnswer');
export const MyEventSchema = EventSchema.extend({ answer: AnswerSchema.nullable() }).openapi('MyAvailabilityEvent');
export const EventAnswersSchema = z
  .object({
    event: EventSchema,
    counts: z.object({ available: z.number().int(), maybe: z.number().int(), unavailable: z.number().int(), no_answer: z.number().int() }),
    players: z.array(
      z.object({
        player_id: z.string().uuid(),
        full_name: z.string(),
        jersey_number: z.number().int().nullable(),
        has_login: z.boolean().openapi({ description: 'Only players with a login get e-mails and can answer themselves' }),
        status: z.enum(AVAILABILITY_STATUSES).nullable().openapi({ description: 'null: no answer yet' }),
        note: z.string().nullable(),
        on_behalf: z.boolean(),
        answered_by: z.string().nullable().openapi({ description: 'Who answered for the player, if someone did: a parent or carer ("Rachel Reed, mother") or a staff member' }),
        by_guardian: z.boolean().openapi({ description: 'A parent or carer gave the answer (signed in, or from a mail link)' }),
        answered_at: z.string().nullable(),
        needs_recheck: z.boolean().openapi({ description: 'Answered before the event changed date, time or place' }),
      }),
    ),
  })
  .openapi('EventAvailability');
export const SelectionSchema = z
  .object({
    fixture_id: z.string().uuid(),
    published_at: z.string().nullable().openapi({ description: 'When the squad was last published; null while it is a draft' }),
    version: z.number().int().openapi({ description: 'Send it back with a save: a save from an older version answers 409 (also the ETag)' }),
    saved_by: z.string().nullable().openapi({ description: 'Who saved the squad last' }),
    saved_at: z.string().nullable().openapi({ description: 'When the squad was saved last (ISO 8601)' }),
    players: z.array(
      z.object({
        player_id: z.string().uuid(),
        full_name: z.string(),
        role: z.enum(SELECTION_ROLES),
        shirt_number: z.number().int(),
        confirmed: z.boolean().nullable().openapi({ description: "The player's reply: null until they answer" }),
        reconfirm: z.boolean().openapi({ description: 'The match changed after they confirmed: asked to confirm again' }),
        captain: z.boolean(),
        availability: z.enum(AVAILABILITY_STATUSES).nullable(),
      }),
    ),
  })
  .openapi('Selection');
/** A selected player's (or their parent's) confirm or decline, as stored (PUT …/selection/me and the children's endpoint). */
export const StoredSelectionReplySchema = z
  .object({
    fixture_id: z.string().uuid(),
    player_id: z.string().uuid(),
    role: z.enum(SELECTION_ROLES),
    shirt_number: z.number().int(),
    confirmed: z.boolean(),
    responded_at: z.string(),
  })
  .openapi('SelectionReply');
export type AvailabilityEvent = z.infer<typeof EventSchema>;
export type MyAvailabilityEvent = z.infer<typeof MyEventSchema>;
export type EventAnswers = z.infer<typeof EventAnswersSchema>;
export type Selection = z.infer<typeof SelectionSchema>;
