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

/** POST /api/admin/initialize-database: the database's status after seeding, the admin's username and what to do next. */
export const InitializedSchema = DatabaseStatusSchema.extend({ admin_username: z.string(), admin_password: z.string().optional(), detail: z.string() });

/**
 * What the setup service answers (the route adds `detail`); `admin_password` is present only when
 * the password was generated: shown once, never stored in clear.
 */
export type InitializationResult = Omit<z.infer<typeof InitializedSchema>, 'detail'>;
