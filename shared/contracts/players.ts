import { z } from '@hono/zod-openapi';
import { POSITIONS, TEAM_TYPES } from '../content-constants';
import { PAYMENT_STATUSES } from '../players';

/**
 * Players: the public squad, the players' own profiles, their stats, payments and coach feedback,
 * as the API takes and answers them.
 */
export { playerInputSchema, squadQuerySchema, type PlayerInput } from '../content';
export {
  registrationSchema,
  profileUpdateSchema,
  statsUpdateSchema,
  paymentCreateSchema,
  paymentStatusSchema,
  feedbackCreateSchema,
  createPlayerAccountSchema,
  resetPasswordSchema,
} from '../players';

/** GET /api/players: members in good standing (default) or those who left the club. */
export const playerListQuerySchema = z.object({
  status: z.enum(['active', 'left'], { error: 'Status must be active or left' }).optional(),
});

export const PublicPlayerSchema = z
  .object({
    id: z.string().uuid(),
    team_ids: z.array(z.string().uuid()).openapi({ description: 'The teams the player plays for (GET /api/teams)' }),
    full_name: z.string(),
    jersey_number: z.number().int().nullable(),
    position: z.enum(POSITIONS).nullable().openapi({ description: 'null: none given yet (a child approved from a parent’s request)' }),
    nationality: z.string(),
    team_type: z
      .enum(TEAM_TYPES)
      .nullable()
      .openapi({ description: 'The adult squad group; null for a junior, who is listed under their junior team (team_ids)' }),
    photo_url: z.string().nullable(),
    bio: z.string().nullable(),
    age: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Whole years, in the club's time zone; null when no date of birth is recorded, and always for a junior" }),
    age_group: z.string().nullable().openapi({
      example: 'U10',
      description: "A junior's (under 18 today) age group this season, from the date of birth (31 August rule); null for adults (issue 23)",
    }),
    show_personal_details: z.boolean().openapi({ description: 'Whether the player chose to show date of birth, height and weight publicly' }),
    date_of_birth: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    height: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    weight: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    social_media: z.record(z.string(), z.string()),
    staff_roles: z
      .array(z.object({ team_id: z.string().uuid(), team_name: z.string(), role: z.enum(['manager', 'coach', 'assistant']) }))
      .openapi({ description: 'Their places on team staffs (a player-coach plays and coaches); the Squad page lists them under Staff' }),
  })
  .openapi('SquadPlayer');
export const PlayerStatsSchema = z
  .object({
    player_id: z.string().uuid(),
    training_attendance: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Percent of the recorded training sessions of the player's teams attended; null when none is recorded" }),
    training_sessions_recorded: z.number().int(),
    training_sessions_attended: z.number().int(),
    matches_played: z.number().int(),
    matches_started: z.number().int(),
    goals: z.number().int().nullable().openapi({ description: 'null for a junior of a U7-U11 team (no scorers published, issue 23) unless you run the team' }),
    assists: z.number().int().nullable().openapi({ description: 'null like goals' }),
    minutes_played: z.number().int(),
    yellow_cards: z.number().int(),
    red_cards: z.number().int(),
  })
  .openapi('PlayerStats');
export const PlayerProfileSchema = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    full_name: z.string(),
    jersey_number: z.number().int().nullable(),
    position: z.string().nullable(),
    team_type: z.string().nullable(),
    nationality: z.string(),
    photo_url: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_phone: z.string().nullable(),
    medical_notes: z.string().nullable(),
    previous_club: z.string().nullable(),
    position_preference: z.string().nullable(),
    availability: z.array(z.string()),
    show_personal_details: z.boolean().openapi({ description: 'Whether the public profile shows date of birth, height and weight; otherwise only the age' }),
  })
  .openapi('PlayerProfile');
export const PaymentSchema = z
  .object({
    id: z.string().uuid(),
    player_id: z.string().uuid(),
    description: z.string(),
    payment_type: z.string(),
    amount: z.number(),
    due_date: z.string(),
    status: z.enum(PAYMENT_STATUSES).openapi({ description: 'paid: nothing left to pay; overdue: still owed after the due date; outstanding: owed, not due yet' }),
    paid_date: z.string().nullable(),
    created_at: z.string(),
    member_name: z.string().nullable().openapi({ description: 'Whom it is for: the member charged (a parent sees each child’s name)' }),
    payer_name: z.string().nullable().openapi({ description: 'Who pays it: the member, or a junior’s parent or carer (null: nobody yet)' }),
    outstanding_amount: z.number().openapi({ description: 'Pounds still to pay (less than amount when part-paid; 0 when paid)' }),
  })
  .openapi('Payment');
export const FeedbackSchema = z
  .object({
    id: z.string().uuid(),
    player_id: z.string().uuid(),
    coach_name: z.string(),
    category: z.string(),
    feedback: z.string(),
    rating: z.number().int().nullable(),
    date: z.string(),
    created_at: z.string(),
  })
  .openapi('Feedback');
export const AdminPlayerSchema = PublicPlayerSchema.extend({
  version: z.string().openapi({ description: 'Send it back with PUT: a save from an older version answers 409 naming who saved since' }),
  date_of_birth: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  user_id: z.string().uuid().nullable(),
  has_login: z.boolean(),
  login: z
    .object({
      username: z.string(),
      email: z.string().nullable().openapi({ description: 'Only for the admin and the secretary (issue 30, ADR 046)' }),
      activated: z.boolean().openapi({ description: 'Whether its owner has chosen their own password or signed in' }),
      address_confirmed: z.boolean().openapi({ description: 'Whether its owner has confirmed the address (issue 31): until then the club’s mail to it is held' }),
      held_mails: z.number().int().openapi({ description: 'How many of the club’s e-mails are held until its owner confirms the address (issue 31)' }),
    })
    .nullable()
    .openapi({ description: 'The login linked to the player, if any' }),
}).openapi('Player');
export type PublicPlayer = z.infer<typeof PublicPlayerSchema>;
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>;
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;
export type Payment = z.infer<typeof PaymentSchema>;
export type Feedback = z.infer<typeof FeedbackSchema>;
