import { z } from 'zod';
import './zod-messages';
import { emailField } from './players';

/** Changing an account's e-mail address (issue 21): confirmed by a link sent to the new address. */

/** PUT /api/auth/me. */
export const emailChangeSchema = z.object({ email: emailField });

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
