/**
 * The common-password list as one newline-framed string of its entries of 8 characters or more,
 * lower case ("\npassword1\n…\n"), from zxcvbn-ts's maintained list (@zxcvbn-ts/language-common).
 * The build writes it to build/server/common-passwords.txt (scripts/build-server.mjs), so the
 * running site reads 170 KB instead of decompressing 49,000 words (17 MB of memory it would
 * keep); development and tests derive it from the package when the file is not there.
 */
export const COMMON_PASSWORDS_FILE = 'common-passwords.txt';

export async function commonPasswordText(): Promise<string> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const words = new Set(dictionary['passwords-common'].filter((word) => word.length >= 8).map((word) => word.toLowerCase()));
  return `\n${[...words].join('\n')}\n`;
}
