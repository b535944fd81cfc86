import { describe, expect, it } from 'vitest';
import { ageGroupFor, ageOn, eighteenthBirthday, firstNameAndInitial, isJunior, isUnder16, publishesResults, seasonEnds, seasonOf } from './juniors';

describe('age groups follow the age on 31 August (FA youth rules)', () => {
  it('a child who turns 9 on 31 August plays U10 that season; born a day later, U9', () => {
    expect(ageGroupFor('2017-08-31', 2026)).toBe('U10');
    expect(ageGroupFor('2017-09-01', 2026)).toBe('U9');
  });

  it('a 29 February birthday counts from 1 March in common years, and is the same group either way', () => {
    expect(ageOn('2016-02-29', '2026-02-28')).toBe(9);
    expect(ageOn('2016-02-29', '2026-03-01')).toBe(10);
    expect(ageOn('2016-02-29', '2024-02-29')).toBe(8);
    expect(ageGroupFor('2016-02-29', 2026)).toBe('U11');
    expect(ageGroupFor('2016-03-01', 2026)).toBe('U11');
    expect(ageGroupFor('2016-02-28', 2026)).toBe('U11');
  });

  it('under U7 is no group, over U18 is Open', () => {
    expect(ageGroupFor('2021-01-01', 2026)).toBeNull();
    expect(ageGroupFor('2020-08-31', 2026)).toBe('U7');
    expect(ageGroupFor('2008-09-01', 2026)).toBe('U18');
    expect(ageGroupFor('2008-08-31', 2026)).toBe('Open');
  });

  it('the season runs 1 September to 31 August', () => {
    expect(seasonOf('2026-08-31')).toBe('2025-26');
    expect(seasonOf('2026-09-01')).toBe('2026-27');
    expect(seasonOf('2099-12-31')).toBe('2099-00');
    expect(seasonEnds('2026-27')).toBe('2027-08-31');
  });
});

describe('juniors', () => {
  it('are under 18 today, and under-16s are told apart', () => {
    expect(isJunior('2008-11-28', '2026-11-27')).toBe(true);
    expect(isJunior('2008-11-27', '2026-11-27')).toBe(false);
    expect(isJunior(null, '2026-11-27')).toBe(false);
    expect(isUnder16('2010-11-28', '2026-11-27')).toBe(true);
    expect(isUnder16('2010-11-27', '2026-11-27')).toBe(false);
  });

  it('turn 18 on their birthday, 1 March for a 29 February birthday in a common year', () => {
    expect(eighteenthBirthday('2008-02-29')).toBe('2026-03-01');
    expect(eighteenthBirthday('2012-02-29')).toBe('2030-03-01');
    expect(eighteenthBirthday('2016-02-29')).toBe('2034-03-01');
    expect(eighteenthBirthday('2010-06-15')).toBe('2028-06-15');
  });

  it('U7 to U11 publish no results; U12 up, Open and Veterans do', () => {
    expect(['U7', 'U8', 'U9', 'U10', 'U11'].map(publishesResults)).toEqual([false, false, false, false, false]);
    expect(['U12', 'U18', 'Open', 'Veterans', null].map(publishesResults)).toEqual([true, true, true, true, true]);
  });

  it('show first name and initial', () => {
    expect(firstNameAndInitial('Sam  de Jong')).toBe('Sam J.');
    expect(firstNameAndInitial('Sam')).toBe('Sam');
  });
});
