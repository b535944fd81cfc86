import { z } from 'zod';
import './zod-messages';
import { emailField } from './fields';
import { CURRENT_PASSWORD_NEEDED } from './players';

export { CURRENT_PASSWORD_NEEDED };

/** Changing an account's e-mail address (issue 21): confirmed by a link sent to the new address. */

/** PUT /api/auth/me: the current password is asked (issue 30); missing, the service answers 422 on that field. */
export const emailChangeSchema = z.object({
  email: emailField,
  current_password: z.string({ error: CURRENT_PASSWORD_NEEDED }).max(200, 'Password is too long').optional(),
});

/** POST /api/auth/confirm-email: the token from the mailed link. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200, 'This link is not valid'),
});

export const EMAIL_CHANGE_HOURS = 24;
export const emailChangeSent = (email: string) =>
  `We sent a link to ${email}. Your address changes when you follow it (within ${EMAIL_CHANGE_HOURS} hours).`;
export const EMAIL_UNCHANGED = 'That is already your e-mail address.';
export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed.';
export const EMAIL_LINK_INVALID = 'This link is not valid any more. Ask for a new one from your account page.';
