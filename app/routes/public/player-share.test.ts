import { describe, expect, it } from 'vitest';
import { club } from '../../../shared/club';
import { shareText } from './player';

// Issue 31: the share text never invents a position or files a child under "Senior".
describe('A player’s share text', () => {
  it('names an adult’s position and squad group', () => {
    expect(shareText({ full_name: 'Sam Senior', jersey_number: 9, position: 'Forward', team_type: 'Senior' }, [])).toBe(
      `Sam Senior, number 9: Forward for the Senior team at ${club().club_name}.`,
    );
  });

  it('names a junior’s team and no position when none is given', () => {
    const text = shareText({ full_name: 'Aarav S.', jersey_number: null, position: null, team_type: null }, ['Under 9s']);
    expect(text).toBe(`Aarav S. plays for Under 9s at ${club().club_name}.`);
    expect(text).not.toMatch(/Midfielder|Senior/);
  });
});
