import { z } from '@hono/zod-openapi';
import { EventSchema } from './availability';

/** GET /api/me/match-day (issue 35): what a member's phone keeps for match day without signal. */
const SheetPlayerSchema = z.object({ shirt_number: z.number().int(), full_name: z.string(), position: z.string().nullable(), captain: z.boolean() });
export const PackEventSchema = EventSchema.extend({
  map_link: z.string().openapi({ description: 'A map of the address (a session) or the venue (a match)' }),
  manager: z
    .object({ name: z.string(), phone: z.string().nullable() })
    .nullable()
    .openapi({ description: "The team's manager and their phone number, when the team has one" }),
  team_sheet: z
    .object({ starters: z.array(SheetPlayerSchema), substitutes: z.array(SheetPlayerSchema) })
    .nullable()
    .openapi({ description: 'A match’s squad once published (null before, and for sessions)' }),
}).openapi('MatchDayEvent');
export const MatchDayPackSchema = z
  .object({
    saved_at: z.string().openapi({ description: 'When the pack was made (ISO 8601)' }),
    events: z.array(PackEventSchema).openapi({ description: "The caller's own next matches and sessions (none without a player record)" }),
    children: z.array(
      z.object({
        player_id: z.string().uuid(),
        first_name: z.string(),
        events: z.array(PackEventSchema),
      }),
    ),
  })
  .openapi('MatchDayPack');
export type MatchDayPack = z.infer<typeof MatchDayPackSchema>;
export type PackEvent = z.infer<typeof PackEventSchema>;
