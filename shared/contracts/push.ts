import { z } from '@hono/zod-openapi';

/** Web Push (issue 35): the site's public key, a device's subscription, and the caller's devices, as the API takes and answers them. */

/** Why there is no key: push is off until the operator sets VAPID_SUBJECT. */
export const PUSH_OFF_REASON = 'Notifications on phones are not turned on for this site yet: the club can turn them on by setting VAPID_SUBJECT.';

export const PushKeySchema = z
  .object({
    /** The VAPID public key (base64url, uncompressed P-256): pushManager.subscribe's applicationServerKey. Null while push is off. */
    public_key: z.string().nullable(),
    /** Why public_key is null; absent when it is set. */
    reason: z.string().optional(),
  })
  .openapi('PushKey');
export type PushKey = z.infer<typeof PushKeySchema>;

const base64url = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url, as the browser gives it`);

/** What a browser's PushSubscription.toJSON() gives (expirationTime and other fields are ignored). */
export const PushSubscriptionInputSchema = z
  .object({
    endpoint: z.string({ error: 'endpoint is required' }).trim().min(1, 'endpoint is required').max(2048, 'endpoint is too long'),
    keys: z.object(
      {
        p256dh: base64url('keys.p256dh'),
        auth: base64url('keys.auth'),
      },
      { error: 'keys with p256dh and auth are required' },
    ),
  })
  .openapi('PushSubscriptionInput');
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushSubscribedSchema = z.object({ id: z.string().uuid() }).openapi('PushSubscribed');

/** One of the caller's devices: never its endpoint or keys. */
export const PushDeviceSchema = z
  .object({
    id: z.string().uuid(),
    /** "Chrome on Android", from the browser that subscribed. */
    device_label: z.string(),
    created_at: z.string(),
    /** When a notification last reached it (the push service accepted one); null: none yet. */
    last_success_at: z.string().nullable(),
  })
  .openapi('PushDevice');
export type PushDevice = z.infer<typeof PushDeviceSchema>;
