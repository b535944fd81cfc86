import { z } from '@hono/zod-openapi';
import { MyEventSchema } from './availability';
import { ChildSchema } from './juniors';
import { CONSENT_KINDS } from '../juniors';

/** A parent's family home (issue 31), as GET /api/guardians/me/family answers it. */
export { parentPhoneSchema } from '../family';

export const FamilyChildSchema = ChildSchema.extend({
  next_events: z.array(MyEventSchema).openapi({ description: "The child's next matches, training and one-off events (at most 3), with their answers; cancelled ones marked" }),
  consents_given: z
    .array(z.enum(CONSENT_KINDS))
    .openapi({ description: 'The consents in force this season: each can be withdrawn in one request (PUT /api/players/{id}/consents, issue 34)' }),
}).openapi('FamilyChild');

export const FamilyHomeSchema = z
  .object({
    children: z.array(FamilyChildSchema),
    requests: z
      .array(z.object({ id: z.string().uuid(), child_name: z.string(), team_name: z.string().nullable(), created_at: z.string() }))
      .openapi({ description: 'Children this login asked the club to register or link, still waiting for a decision' }),
    money: z
      .object({
        owed_pence: z.number().int().openapi({ description: 'Everything this login owes on charges (their children’s and their own), from the ledger' }),
        credit_pence: z.number().int(),
        reference: z.string().openapi({ description: 'Quote it on every transfer' }),
        account_name: z.string(),
        sort_code: z.string(),
        account_number: z.string(),
        bank_details_set: z.boolean(),
        charges: z.array(
          z.object({
            id: z.string().uuid(),
            member_name: z.string().nullable(),
            description: z.string(),
            due_date: z.string(),
            outstanding_pence: z.number().int(),
          }),
        ),
      })
      .nullable()
      .openapi({ description: 'Null for a login with no children linked (or waiting for approval)' }),
    calendar_link_since: z.string().nullable().openapi({ description: 'When the private calendar link was made; null: none yet' }),
    phone: z.string().nullable().openapi({ description: 'The parent’s own phone number' }),
  })
  .openapi('FamilyHome');
export type FamilyHome = z.infer<typeof FamilyHomeSchema>;

export const ParentPhoneSchema = z.object({ phone: z.string().nullable() }).openapi('ParentPhone');
