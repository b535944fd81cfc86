/**
 * A parent's family home (issue 31): the texts and the one form it owns (the parent's own phone
 * number). Pages and the API validate with this schema.
 */
import { z } from 'zod';
import './zod-messages';

export const PHONE_MAX = 30;
export const PHONE_INVALID = 'Enter a phone number, like 07700 900123 or +44 7700 900123';

/** PUT /api/guardians/me/phone: blank removes the number. */
export const parentPhoneSchema = z.object({
  phone: z
    .string({ error: 'Phone number is required (send an empty string to remove it)' })
    .trim()
    .max(PHONE_MAX, `Phone number must be at most ${PHONE_MAX} characters`)
    .refine((v) => v === '' || /^\+?[\d\s().-]{6,}$/.test(v), PHONE_INVALID)
    .transform((v) => v || null),
});
export type ParentPhoneInput = z.input<typeof parentPhoneSchema>;

export const PHONE_SAVED = 'Phone number saved.';
