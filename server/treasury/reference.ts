/**
 * Payer references: what a member types into their bank's "reference" box so the treasurer's statement
 * import can tell whose money it is.
 *
 * A reference is the club prefix (2–4 letters from the club's name, e.g. "Riverside Rovers FC" → RRFC),
 * 5 random characters and 1 check character, all from the 34-character alphabet A–Z and 2–9 (what UK
 * banks carry in a Bacs/Faster Payments reference: at most 18 letters and digits; 0 and 1 are left out so
 * they cannot be confused with O and I). RRFC + 5 + 1 = 10 characters.
 *
 * The check character is Luhn mod N (N = 34) over the whole reference, prefix included: from the right,
 * every second character's value is doubled and its two base-34 "digits" added (2v → ⌊2v/34⌋ + 2v mod 34).
 * Both the plain and the doubled mapping are one-to-one on 0…33, so changing any one character always
 * changes the sum mod 34: every single-character substitution is caught. Swapping two adjacent different
 * characters is caught too, except the one pair whose values are 0 and 33 (A next to 9: "A9" ↔ "9A"), the
 * mod-34 counterpart of Luhn's 09 ↔ 90; the unit test checks both claims exhaustively.
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
const N = REFERENCE_ALPHABET.length; // 34
const VALUE = new Map([...REFERENCE_ALPHABET].map((char, index) => [char, index]));
export const RANDOM_LENGTH = 5;
export const MAX_REFERENCE_LENGTH = 18;
const MAX_PREFIX_LENGTH = MAX_REFERENCE_LENGTH - RANDOM_LENGTH - 1;

/** Words whose initials are not wanted in a prefix. */
const SKIP_WORDS = new Set(['THE', 'AND', 'OF', '&']);

/**
 * The club's prefix: 2–4 characters of A–Z2–9 from its name. Each word gives its initial, except a short
 * all-capitals word (FC, AFC, JFC, YFC, CFC) which is kept whole: "Riverside Rovers FC" → RRFC,
 * "AFC Wimbledon" → AFCW, "Hillsborough Boys" → HB. A one-word name gives its first letters ("Arsenal" → AR).
 */
export function clubPrefix(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '' && !SKIP_WORDS.has(word.toUpperCase()));
  let prefix = '';
  for (const word of words) {
    const isAbbreviation = word.length >= 2 && word.length <= 4 && word === word.toUpperCase() && /[A-Z]/.test(word);
    prefix += isAbbreviation ? word : word[0];
  }
  prefix = onlyAlphabet(prefix.toUpperCase());
  if (prefix.length < 2) {
    const letters = onlyAlphabet(words.join('').toUpperCase());
    prefix = (prefix + letters.slice(prefix.length ? 1 : 0)).slice(0, 2);
  }
  if (prefix.length < 2) prefix = (prefix + 'CLUB').slice(0, 2);
  return prefix.slice(0, 4);
}

function onlyAlphabet(text: string): string {
  return [...text].filter((char) => VALUE.has(char)).join('');
}

/** The Luhn mod 34 check character for `body` (upper-case A–Z2–9). */
export function checkCharacter(body: string): string {
  let sum = 0;
  let double = true; // the rightmost character of the body is doubled (the check character will be right of it)
  for (let index = body.length - 1; index >= 0; index--) {
    const value = VALUE.get(body[index]);
    if (value === undefined) throw new Error(`"${body[index]}" cannot be in a reference`);
    let addend = value;
    if (double) {
      addend = value * 2;
      addend = Math.floor(addend / N) + (addend % N);
    }
    sum += addend;
    double = !double;
  }
  return REFERENCE_ALPHABET[(N - (sum % N)) % N];
}

/**
 * A new reference: prefix + 5 random characters + the check character. `random` (0 ≤ x < 1) is for tests;
 * by default the characters come from crypto.randomInt. The caller makes sure it is unique (a unique index,
 * and a retry on a clash) and never reuses one.
 */
export function makeReference(prefix: string, random?: () => number): string {
  const cleanPrefix = onlyAlphabet(prefix.toUpperCase()).slice(0, MAX_PREFIX_LENGTH);
  let body = cleanPrefix;
  for (let index = 0; index < RANDOM_LENGTH; index++) {
    const pick = random ? Math.min(N - 1, Math.floor(random() * N)) : randomInt(N);
    body += REFERENCE_ALPHABET[pick];
  }
  return body + checkCharacter(body);
}

/** Whether `ref` is a well-formed reference (A–Z2–9, 7 to 18 characters) whose check character is right. */
export function isValidReference(ref: string): boolean {
  if (!/^[A-Z2-9]{7,18}$/.test(ref)) return false;
  return checkCharacter(ref.slice(0, -1)) === ref[ref.length - 1];
}

/**
 * Whether `a` and `b` differ by exactly one character: one substituted, one inserted or left out, or two
 * neighbours swapped. Identical strings are not "one character away".
 */
export function oneCharacterAway(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diffs: number[] = [];
    for (let index = 0; index < a.length; index++) {
      if (a[index] !== b[index]) {
        diffs.push(index);
        if (diffs.length > 2) return false;
      }
    }
    if (diffs.length === 1) return true;
    const [i, j] = diffs;
    return j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  if (Math.abs(a.length - b.length) !== 1) return false;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  let index = 0;
  while (index < short.length && long[index] === short[index]) index++;
  return long.slice(index + 1) === short.slice(index);
}

/**
 * Candidate references in a bank line's reference or description text, for `prefix`.
 *
 * Banks upper-case the text, add or keep spaces ("RRFC 7KQ2M X"), insert hyphens or dots, and cut the field
 * at 18 characters; payers type 0 for O and 1 for I. So the text is upper-cased, 0 → O and 1 → I, and
 * every character that is not A–Z2–9 removed; wherever the prefix then occurs, the characters after it are
 * taken at the reference's length (prefix + 6), and one shorter and one longer (for a dropped or doubled
 * character, or a reference cut off at the end). Whole words of the text of the reference's length whose
 * first characters are the prefix with one typo are candidates too. Candidates are only candidates: the
 * caller accepts one only if it is a valid reference of a payer, or one character away from exactly one.
 */
export function findReferenceCandidates(text: string, prefix: string): string[] {
  const cleanPrefix = onlyAlphabet(prefix.toUpperCase());
  if (cleanPrefix === '') return [];
  const length = cleanPrefix.length + RANDOM_LENGTH + 1;
  const upper = text.toUpperCase().replace(/0/g, 'O').replace(/1/g, 'I');
  const compact = onlyAlphabet(upper);
  const found: string[] = [];
  const add = (candidate: string) => {
    if (!found.includes(candidate)) found.push(candidate);
  };
  const shorter: string[] = [];
  for (let at = compact.indexOf(cleanPrefix); at >= 0; at = compact.indexOf(cleanPrefix, at + 1)) {
    const exact = compact.slice(at, at + length);
    if (exact.length === length) add(exact);
    if (compact.length - at >= length - 1) shorter.push(compact.slice(at, at + length - 1));
    if (compact.length - at >= length + 1) shorter.push(compact.slice(at, at + length + 1));
  }
  // Words with a typo in the prefix itself ("RRFV7KQ2MX"): hyphens and dots inside a word are removed first.
  for (const word of upper.replace(/(?<=[A-Z2-9])[-.](?=[A-Z2-9])/g, '').split(/[^A-Z2-9]+/)) {
    if (word.length === length && word !== '' && !found.includes(word)) {
      let prefixDiffs = 0;
      for (let index = 0; index < cleanPrefix.length; index++) if (word[index] !== cleanPrefix[index]) prefixDiffs++;
      if (prefixDiffs === 1) shorter.push(word);
    }
  }
  for (const candidate of shorter) add(candidate);
  return found;
}
