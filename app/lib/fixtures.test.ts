import { describe, expect, it } from 'vitest';
import { matchOutcome } from './fixtures';
import { truncateText } from './seo';

describe('matchOutcome (is_home decides which score is ours)', () => {
  const done = { status: 'completed' as const };
  it('at home, home_score is ours', () => {
    expect(matchOutcome({ ...done, is_home: true, home_score: 3, away_score: 1 })).toBe('Win');
    expect(matchOutcome({ ...done, is_home: true, home_score: 0, away_score: 2 })).toBe('Loss');
  });
  it('away, away_score is ours', () => {
    expect(matchOutcome({ ...done, is_home: false, home_score: 1, away_score: 2 })).toBe('Win');
    expect(matchOutcome({ ...done, is_home: false, home_score: 3, away_score: 0 })).toBe('Loss');
  });
  it('level scores are a draw; no result before full time or without scores', () => {
    expect(matchOutcome({ ...done, is_home: false, home_score: 1, away_score: 1 })).toBe('Draw');
    expect(matchOutcome({ status: 'upcoming', is_home: true, home_score: null, away_score: null })).toBeNull();
    expect(matchOutcome({ ...done, is_home: true, home_score: null, away_score: null })).toBeNull();
  });
});

describe('truncateText', () => {
  it('keeps text at the limit and cuts one character over it', () => {
    expect(truncateText('a'.repeat(300), 300)).toBe('a'.repeat(300));
    expect(truncateText('a'.repeat(301), 300)).toBe(`${'a'.repeat(300)}…`);
  });
});
