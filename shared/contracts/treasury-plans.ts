/** Plans, arrears, the team view and the export (issue 24; termly plans and several teams: issue 31). */
import { z } from '@hono/zod-openapi';
import { clubDateField } from '../dates';
import '../zod-messages';
import { PLAN_KINDS } from '../treasury';
import { CHARGE_CATEGORIES, pence, season, teamIds, text, uuid } from './treasury-fields';

// ---------------------------------------------------------------------------------------------
// Plans

export const PlanSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    kind: z.enum(PLAN_KINDS),
    category: z.enum(CHARGE_CATEGORIES),
    amount_pence: z.number().int().openapi({ description: 'The season’s total for one member; monthly and instalments split it' }),
    instalments: z.number().int().openapi({ description: 'How many charges: 1 annual, 3 termly, the months for monthly, the count for instalments' }),
    first_due_date: z.string(),
    season: z.string(),
    team_id: z.string().uuid().nullable(),
    sibling_discount_percent: z.number().int().openapi({
      description: 'The family discount: off the 2nd and later child of one payer, per plan period, counted across every team and charge run',
    }),
    family_cap_pence: z.number().int().nullable().openapi({ description: 'The most one payer pays for all their children on this plan' }),
    prorate_joiners: z.boolean().openapi({
      description:
        'A member who joined after the first due date: periods over before they joined are not charged, the one they joined in is charged for its months left (due on joining); each such charge says so. Off: charged in full, and said.',
    }),
    created_at: z.string(),
  })
  .openapi('Plan');
export type Plan = z.infer<typeof PlanSchema>;

export const planCreateSchema = z
  .object({
    name: text('Name', 100),
    kind: z.enum(PLAN_KINDS, { error: 'Kind must be monthly, termly, annual or instalments' }),
    category: z.enum(CHARGE_CATEGORIES, { error: 'Category must be subs, match_fee, kit, tour or other' }).default('subs'),
    amount_pence: pence('Amount'),
    instalments: z
      .number({ error: 'Instalments must be a number' })
      .int('Instalments must be a whole number')
      .min(1, 'At least 1 instalment')
      .max(12, 'At most 12 instalments')
      .optional(),
    first_due_date: clubDateField('First due date'),
    season: season.optional(),
    team_id: uuid('Team').optional(),
    sibling_discount_percent: z
      .number({ error: 'Sibling discount must be a number' })
      .int('Sibling discount must be a whole percentage')
      .min(0)
      .max(100, 'Sibling discount is at most 100%')
      .default(0),
    family_cap_pence: pence('Family cap').optional(),
    prorate_joiners: z.boolean().default(true),
  })
  .strict()
  .openapi('PlanCreate');
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

/** POST /api/treasury/plans/{id}/charges: the plan's charges for its team, the teams named, or the members named. */
export const planChargeSchema = z
  .object({
    member_ids: z.array(uuid('Member')).min(1, 'Choose at least one member').max(500, 'At most 500 members at once').optional(),
    team_id: uuid('Team').optional(),
    team_ids: teamIds.optional(),
  })
  .strict()
  .refine((v) => [v.member_ids, v.team_id, v.team_ids].filter((x) => x !== undefined).length <= 1, {
    message: 'Name the members, a team or several teams: one of them',
    path: ['team_ids'],
  })
  .openapi('PlanChargeInput');

// ---------------------------------------------------------------------------------------------
// Arrears, team view, export

export const arrearsQuerySchema = z.object({ as_of: clubDateField('As of').optional() });

export const ARREARS_BUCKETS = ['0-30', '31-60', '60+'] as const;
const Buckets = z.object({ '0-30': z.number().int(), '31-60': z.number().int(), '60+': z.number().int() });

export const ArrearsSchema = z
  .object({
    as_of: z.string(),
    total_pence: z.number().int(),
    buckets: Buckets.openapi({ description: 'Pence outstanding by days past the due date' }),
    teams: z.array(z.object({ team_id: z.string().uuid().nullable(), team_name: z.string(), total_pence: z.number().int(), buckets: Buckets })),
    payers: z.array(
      z.object({
        payer_id: z.string().uuid().nullable(),
        payer_name: z.string(),
        reference: z.string().nullable(),
        total_pence: z.number().int(),
        buckets: Buckets,
      }),
    ),
  })
  .openapi('Arrears');
export type Arrears = z.infer<typeof ArrearsSchema>;

export const TeamPaymentsSchema = z
  .object({
    team_id: z.string().uuid(),
    players: z.array(
      z.object({ member_id: z.string().uuid(), full_name: z.string(), paid_up: z.boolean().openapi({ description: 'Nothing due and unpaid' }) }),
    ),
  })
  .openapi('TeamPayments');

export const exportQuerySchema = z.object({
  category: z.enum(CHARGE_CATEGORIES, { error: 'Category must be subs, match_fee, kit, tour or other' }).optional(),
  team: z.string().uuid('Team is not a valid id').optional(),
  season: season.optional(),
});
