import { z } from '@hono/zod-openapi';

/** GET /api/setup/status: whether the first run is still to do, and what the database holds. */
export const DatabaseStatusSchema = z
  .object({
    needs_initialization: z.boolean(),
    users_count: z.number().int(),
    products_count: z.number().int(),
    news_count: z.number().int(),
    fixtures_count: z.number().int(),
  })
  .openapi('DatabaseStatus');

export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>;
