import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The one-time setup code that proves, at /initialize, that the person owns the server (ADR 029):
 * it is printed in the server log, which only whoever runs the server can read.
 *
 * 12 characters in 3 groups of 4 from an alphabet without look-alikes (no 0/O, 1/I/L), so it can be
 * read off a terminal on a phone and typed without doubt: 31^12, about 2^59 codes. With wrong codes
 * throttled per address (ADR 029), guessing one is out of reach.
 */
export const SETUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SETUP_CODE_GROUPS = 3;
export const SETUP_CODE_GROUP_LENGTH = 4;
const LENGTH = SETUP_CODE_GROUPS * SETUP_CODE_GROUP_LENGTH;

/** A new code, as it is printed and stored: `ABCD-EFGH-JKMN`. */
export function generateSetupCode() {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)];
  return formatSetupCode(code);
}

/** What was typed, as it compares: capitals, without spaces or dashes (a phone may turn "-" into "–"). */
export const normalizeSetupCode = (typed: string) => typed.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();

/** Groups of four joined by dashes. */
export function formatSetupCode(code: string) {
  const plain = normalizeSetupCode(code);
  const groups: string[] = [];
  for (let i = 0; i < plain.length; i += SETUP_CODE_GROUP_LENGTH) groups.push(plain.slice(i, i + SETUP_CODE_GROUP_LENGTH));
  return groups.join('-');
}

/**
 * Whether the typed code is the stored one, in time that does not depend on where they differ:
 * both are hashed to the same length and compared with timingSafeEqual.
 */
export function setupCodeMatches(typed: string, stored: string) {
  const digest = (text: string) => createHash('sha256').update(normalizeSetupCode(text)).digest();
  return timingSafeEqual(digest(typed), digest(stored));
}
