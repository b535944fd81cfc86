import { z } from '@hono/zod-openapi';

/** A player's in-site notifications, as the API answers them. */

export const NotificationSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Notification');
export type Notification = z.infer<typeof NotificationSchema>;
