import { z } from '@hono/zod-openapi';
import { ErrorSchema, UserSchema, jsonContent } from '../openapi';

/** What the player routes answer, declared once for me.ts, admin.ts and registration.ts (and the password reset). */

export const security = [{ bearer: [] }];

export const Detail = z.object({ detail: z.string() });

/** The answers every player route documents (the password reset's too). */
export const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the role, or another player'),
  404: jsonContent(ErrorSchema, 'Unknown player (or no player linked to this account)'),
  422: jsonContent(ErrorSchema, 'Invalid input'),
};
/** The 201 answer when a login is made for a squad record (registration, or an admin making it). */
export const NewLoginAnswer = z.object({ detail: z.string(), user: UserSchema, player_id: z.string().uuid() });
