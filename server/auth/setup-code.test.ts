import { describe, expect, it } from 'vitest';
import { SETUP_CODE_ALPHABET, formatSetupCode, generateSetupCode, normalizeSetupCode, setupCodeMatches } from './setup-code';

describe('setup code', () => {
  it('is 3 groups of 4 characters with no look-alikes (0/O, 1/I/L)', () => {
    const codes = Array.from({ length: 200 }, generateSetupCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(SETUP_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(codes).size).toBe(codes.length);
    // Enough entropy: 12 characters of 31 is over 58 bits.
    expect(12 * Math.log2(SETUP_CODE_ALPHABET.length)).toBeGreaterThan(58);
  });

  it('matches whatever the case, spaces and dashes', () => {
    const code = 'ABCD-EFGH-JKMN';
    expect(setupCodeMatches('ABCD-EFGH-JKMN', code)).toBe(true);
    expect(setupCodeMatches('abcd efgh jkmn', code)).toBe(true);
    expect(setupCodeMatches(' abcdefghjkmn ', code)).toBe(true);
    expect(setupCodeMatches('ab-cd-ef-gh-jk-mn', code)).toBe(true);
    expect(normalizeSetupCode('abcd – efgh')).toBe('ABCDEFGH');
  });

  it('does not match another code, a part of it, or nothing', () => {
    const code = 'ABCD-EFGH-JKMN';
    expect(setupCodeMatches('ABCD-EFGH-JKMP', code)).toBe(false);
    expect(setupCodeMatches('ABCD-EFGH', code)).toBe(false);
    expect(setupCodeMatches('ABCD-EFGH-JKMN-2', code)).toBe(false);
    expect(setupCodeMatches('', code)).toBe(false);
  });

  it('is formatted in groups of four', () => {
    expect(formatSetupCode('abcdefghjkmn')).toBe('ABCD-EFGH-JKMN');
  });
});
