import { z } from '@hono/zod-openapi';
import { MAIL_PREFERENCE_IDS } from '../mail';

/** A user's in-site notifications and e-mail choices, as the API takes and answers them. */
export { preferencesInputSchema } from '../mail';

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

export const NotificationPreferenceSchema = z
  .object({
    kind: z.enum(MAIL_PREFERENCE_IDS),
    label: z.string(),
    email: z.boolean(),
    /** Issue 35: whether this kind goes by push to the member's devices (on unless turned off); absent for mail-only kinds. */
    push: z.boolean().optional(),
    /** The words for the push choice (shared/push-routing.ts). */
    push_label: z.string().optional(),
  })
  .openapi('NotificationPreference');
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
