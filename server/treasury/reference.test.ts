import { describe, expect, it } from 'vitest';
import { checkCharacter, clubPrefix, findReferenceCandidates, isValidReference, makeReference, oneCharacterAway, REFERENCE_ALPHABET } from './reference';

/** A repeatable stand-in for Math.random. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('club prefix', () => {
  it('takes initials, keeps FC-style abbreviations whole, and is 2 to 4 characters', () => {
    expect(clubPrefix('Riverside Rovers FC')).toBe('RRFC');
    expect(clubPrefix('AFC Wimbledon')).toBe('AFCW');
    expect(clubPrefix('Hillsborough Boys')).toBe('HB');
    expect(clubPrefix('Arsenal')).toBe('AR');
    expect(clubPrefix('The Old Boys of St. Mary’s Football and Social Club')).toBe('OBSM');
    expect(clubPrefix('Étoile 1st XI')).toMatch(/^[A-Z2-9]{2,4}$/);
    expect(clubPrefix('')).toMatch(/^[A-Z2-9]{2}$/);
  });
});

describe('references', () => {
  it('are prefix + 5 + check, at most 18 characters of A-Z2-9, and valid', () => {
    const random = seeded(1);
    const made = new Set<string>();
    for (let index = 0; index < 2000; index++) {
      const ref = makeReference('RRFC', random);
      expect(ref).toMatch(/^RRFC[A-Z2-9]{6}$/);
      expect(isValidReference(ref)).toBe(true);
      made.add(ref);
    }
    expect(made.size).toBeGreaterThan(1990);
    expect(makeReference('ABCDEFGHIJKLMNOPQRSTUVWXYZ').length).toBeLessThanOrEqual(18);
    expect(isValidReference(makeReference('HB'))).toBe(true);
  });

  it('the check character catches every single-character substitution (exhaustive)', () => {
    const random = seeded(7);
    for (let sample = 0; sample < 25; sample++) {
      const ref = makeReference(['RRFC', 'HB', 'AFCW', 'ZZ9'][sample % 4], random);
      for (let position = 0; position < ref.length; position++) {
        for (const char of REFERENCE_ALPHABET) {
          if (char === ref[position]) continue;
          const typo = ref.slice(0, position) + char + ref.slice(position + 1);
          expect(isValidReference(typo), `${ref} → ${typo}`).toBe(false);
        }
      }
    }
  });

  it('the check character catches every adjacent transposition except A next to 9 (exhaustive over pairs)', () => {
    const missed: string[] = [];
    for (const a of REFERENCE_ALPHABET) {
      for (const b of REFERENCE_ALPHABET) {
        if (a === b) continue;
        for (const body of [`RRFC${a}${b}KQ2`, `RRFCK${a}${b}Q2`]) {
          const ref = body + checkCharacter(body);
          const at = body.indexOf(a + b);
          const swapped = ref.slice(0, at) + b + a + ref.slice(at + 2);
          if (isValidReference(swapped)) missed.push(a + b);
        }
      }
    }
    expect([...new Set(missed)].sort()).toEqual(['9A', 'A9']);
  });

  it('rejects malformed references', () => {
    expect(isValidReference('')).toBe(false);
    expect(isValidReference('rrfc7kq2mx')).toBe(false);
    expect(isValidReference('RRFC0KQ2M1')).toBe(false);
    expect(isValidReference('A'.repeat(19))).toBe(false);
  });
});

describe('one character away', () => {
  it('is a substitution, an insertion, a deletion or a neighbour swap, and not equality', () => {
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7KQ2MY')).toBe(true);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7Q2MX')).toBe(true);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7KQQ2MX')).toBe(true);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7QK2MX')).toBe(true);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7KQ2MX')).toBe(false);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7KQ3MY')).toBe(false);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFCK7Q2MY')).toBe(false);
    expect(oneCharacterAway('RRFC7KQ2MX', 'RRFC7K')).toBe(false);
  });
});

describe('candidates in bank text', () => {
  const ref = 'RRFC7KQ2M' + checkCharacter('RRFC7KQ2M');
  const spaced = `${ref.slice(0, 4)} ${ref.slice(4, 8)} ${ref.slice(8)}`;
  it.each([
    ['plain', `J SMITH ${ref} BGC`],
    ['lower case', `subs ${ref.toLowerCase()}`],
    ['spaces added', `J SMITH ${spaced}`],
    ['hyphens', `${ref.slice(0, 4)}-${ref.slice(4)}`],
    ['stuck to other words', `SUBS${ref}OCT`],
    ['zero and one for O and I', ref.replace(/O/g, '0').replace(/I/g, '1')],
  ])('finds the reference when %s', (_, text) => {
    expect(findReferenceCandidates(text, 'RRFC')[0]).toBe(ref);
  });
  it('offers the cut-off reference at the end of an 18-character field', () => {
    const text = `J SMITH SUBS ${ref}`.slice(0, 22); // the reference loses its check character
    expect(text.endsWith(ref)).toBe(false);
    const candidates = findReferenceCandidates(text, 'RRFC');
    expect(candidates.some((candidate) => oneCharacterAway(candidate, ref))).toBe(true);
  });
  it('offers a word whose prefix has a typo', () => {
    const typo = 'RRFV' + ref.slice(4);
    expect(findReferenceCandidates(`PAYMENT ${typo}`, 'RRFC')).toContain(typo);
  });
  it('finds nothing without the prefix', () => {
    expect(findReferenceCandidates('TESCO STORES 1234', 'RRFC')).toEqual([]);
  });
});
