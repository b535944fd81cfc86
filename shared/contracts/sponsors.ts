import { z } from '@hono/zod-openapi';
import { SPONSOR_TIERS } from '../content-constants';

/** The club's sponsors, as the API takes and answers them. */
export { sponsorInputSchema, limitQuerySchema, type SponsorInput } from '../content';

export const SponsorSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    tier: z.enum(SPONSOR_TIERS).openapi({ description: 'main: featured first and larger; then partner, then supporter' }),
    logo_url: z.string(),
    website_url: z.string().nullable(),
    category: z.string(),
    description: z.string().nullable(),
  })
  .openapi('Sponsor');
export type Sponsor = z.infer<typeof SponsorSchema>;
