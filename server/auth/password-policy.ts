import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { invalid } from '../../shared/errors';
import { PASSWORD_TOO_COMMON } from '../../shared/auth';
import { COMMON_PASSWORDS_FILE, commonPasswordText } from './common-password-list';
import { hashPassword } from './passwords';

/**
 * The rule every password a person chooses follows (issue 21): at least 8 characters (the shared
 * schemas check that, in the form and in the API) and not one of the passwords people use most, from
 * zxcvbn-ts's maintained list of common passwords (the 18,000 of its 49,000 that have 8 characters
 * or more). Read on the first password chosen, not at start, and only on the server: no page bundle
 * imports this module.
 */
let common: Promise<string> | undefined;

async function commonPasswords() {
  common ??= readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), COMMON_PASSWORDS_FILE), 'utf8').catch(() => commonPasswordText());
  return common;
}

export async function isCommonPassword(password: string) {
  const word = password.normalize('NFKC').toLowerCase();
  return !word.includes('\n') && (await commonPasswords()).includes(`\n${word}\n`);
}

/** The hash of a password a person has just chosen, or a 422 naming the rule it breaks, on `field`. */
export async function hashChosenPassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) throw invalid(PASSWORD_TOO_COMMON, [{ field, message: PASSWORD_TOO_COMMON }]);
  return hashPassword(password);
}
