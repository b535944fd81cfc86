import { z } from '@hono/zod-openapi';

/** What the database holds: shown to an admin only (issue 30, finding 20: the number of accounts is nobody else's business). */
export const DatabaseCountsSchema = z.object({
  users_count: z.number().int(),
  products_count: z.number().int(),
  news_count: z.number().int(),
  fixtures_count: z.number().int(),
});

/** GET /api/admin/database-status: whether the first run is still to do; for an admin, also what the database holds. */
export const DatabaseStatusSchema = z
  .object({ needs_initialization: z.boolean() })
  .extend(DatabaseCountsSchema.partial().shape)
  .openapi('DatabaseStatus', { description: 'The counts are present only when a signed-in admin asks.' });

export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>;
/** The whole status, counts included (the admin's). */
export type DatabaseStatusWithCounts = { needs_initialization: boolean } & z.infer<typeof DatabaseCountsSchema>;

/** POST /api/admin/initialize-database: the database's status after seeding, the admin's username and what to do next. */
export const InitializedSchema = z.object({ needs_initialization: z.boolean() }).extend(DatabaseCountsSchema.shape).extend({ admin_username: z.string(), admin_password: z.string().optional(), detail: z.string() });

/**
 * What the setup service answers (the route adds `detail`); `admin_password` is present only when
 * the password was generated: shown once, never stored in clear.
 */
export type InitializationResult = Omit<z.infer<typeof InitializedSchema>, 'detail'>;
