import { z } from 'zod';
import './zod-messages';
import { emailField, passwordField } from './fields';

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** POST /api/auth/reset-password: the token from the mailed link and the new password. */
export const resetWithTokenSchema = z.object({
  token: z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200, 'This password link is not valid'),
  password: passwordField,
});

/** PUT /api/auth/password. */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Current password is too long'),
  new_password: passwordField,
});

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password changed. You are still signed in here; every other session has been signed out.';
