/**
 * The field kit: the few zod fields every input is written with, declared once (issue 32). Plain zod,
 * so the pages' forms may use it too; the messages are plain words (ADR 026).
 *
 * Two wordings of "too long" are in use and pinned by tests: `counted` ("Bio must be at most 2000
 * characters", the club's content and the admin's forms) and `brief` ("Medical notes is too long",
 * the players' and parents' own forms). A new field takes `counted`.
 *
 * "A field left out keeps its value" is done one way: the parsed input leaves such a field
 * `undefined` (`.optional()`, or `clearable` when blank must clear it), and the service writes
 * `withoutLeftOut(values)`, which drops it, so the stored value stays.
 */
import { z } from 'zod';
import './zod-messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './auth';
import { clubDateField, clubDateOf } from './dates';

export type TooLongWords = 'counted' | 'brief';

const tooLong = (label: string, max: number, words: TooLongWords) =>
  words === 'counted' ? `${label} must be at most ${max} characters` : `${label} is too long`;

/** Text that must be given: trimmed, not blank, at most `max` characters. */
export const requiredText = (label: string, max: number, words: TooLongWords = 'counted') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max, words));

/** Optional text: blank, null or left out becomes null. */
export const optionalText = (label: string, max: number, words: TooLongWords = 'counted') =>
  z
    .string(words === 'counted' ? { error: `${label} must be text` } : undefined)
    .trim()
    .max(max, tooLong(label, max, words))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A field an update may leave out: left out it stays `undefined` (kept, see `withoutLeftOut`);
 * null or blank clears it (null).
 */
export const clearable = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A parsed input without the fields it left out: those that may be undefined become optional keys. */
export type Sent<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** The fields of a parsed input that were sent: those left out (undefined) are dropped, so an update keeps their stored values. */
export function withoutLeftOut<T extends Record<string, unknown>>(values: T): Sent<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Sent<T>;
}

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(200, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid e-mail address');

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'Password is too long');

/** A new login's username: the registration form's, a guardian's and a player account's. */
export const usernameField = requiredText('Username', 50, 'brief').regex(
  /^[A-Za-z0-9._-]+$/,
  'Username may use letters, digits, dots, dashes and underscores',
);

export const dateOfBirthField = clubDateField('Date of birth').refine((v) => v < clubDateOf(new Date()), 'Date of birth must be in the past');

// No regex flags: the OpenAPI document publishes these as JSON Schema patterns, which have no
// flags (an `i` would be printed as a literal `/i`), so "any case" is spelled out in the classes.
const URL_OR_PATH = /^([Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s]+|\/[^\s]*)$/;
export const HTTP_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s]+$/;

/** An image: a web address (https://…) or a path on this site (/images/…). */
export const imageRef = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(1000, `${label} must be at most 1000 characters`)
    .regex(URL_OR_PATH, `${label} must be a web address (https://…) or a path starting with /`);
export const optionalImageRef = (label: string) =>
  z
    .union([z.literal(''), imageRef(label)])
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalWebsite = (label: string) =>
  z
    .union([
      z.literal(''),
      z.string().trim().max(1000, `${label} must be at most 1000 characters`).regex(HTTP_URL, `${label} must start with http:// or https://`),
    ])
    .nullish()
    .transform((v) => (v ? v : null));
