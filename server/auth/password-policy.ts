import { invalid } from '../../shared/errors';
import { PASSWORD_TOO_COMMON } from '../../shared/auth';
import { hashPassword } from './passwords';

/**
 * The rule every password a person chooses follows (issue 21): at least 8 characters (the shared
 * schemas check that, in the form and in the API) and not one of the passwords people use most, from
 * zxcvbn-ts's maintained list of common passwords (@zxcvbn-ts/language-common, about 49,000; the
 * 18,000 of 8 characters or more are the ones that matter here). The list is read on the first
 * password chosen, not at start, and stays on the server: no page bundle imports this module.
 */
let common: Promise<Set<string>> | undefined;

function commonPasswords() {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((password) => password.length >= 8)),
  );
  return common;
}

export async function isCommonPassword(password: string) {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** The hash of a password a person has just chosen, or a 422 naming the rule it breaks, on `field`. */
export async function hashChosenPassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) throw invalid(PASSWORD_TOO_COMMON, [{ field, message: PASSWORD_TOO_COMMON }]);
  return hashPassword(password);
}
