import { z } from '@hono/zod-openapi';

/** A member leaving the club or coming back (issue 21). */
export const MembershipChangeSchema = z
  .object({
    detail: z.string(),
    removed_from_squads: z.array(z.string().uuid()).openapi({ description: 'The upcoming fixtures whose squads they were taken out of' }),
  })
  .openapi('MembershipChange');

/** What deleting a member erases with them, counted (GET /api/players/{id}/erasure). */
export const PlayerErasureSchema = z
  .object({
    full_name: z.string(),
    login: z.string().nullable().openapi({ description: 'The username of the login linked to them, if any' }),
    login_removed: z
      .boolean()
      .openapi({ description: 'Whether the login is deleted with them (their own, role player); a staff or admin account is only unlinked' }),
    items: z
      .array(z.object({ what: z.string().openapi({ example: 'payments' }), count: z.number().int().positive() }))
      .openapi({ description: 'Each kind of record that goes with them, counted; kinds with none are left out' }),
    kept: z
      .array(z.object({ what: z.string().openapi({ example: 'charges and payments in the accounts' }), count: z.number().int().positive() }))
      .openapi({ description: 'Records that stay without their name (the ledger keeps charges and payments six years for the accounts)' }),
  })
  .openapi('PlayerErasure');

export type MembershipChange = z.infer<typeof MembershipChangeSchema>;
export type PlayerErasure = z.infer<typeof PlayerErasureSchema>;
