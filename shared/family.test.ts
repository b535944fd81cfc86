import { describe, expect, it } from 'vitest';
import { answeredByText } from './availability';
import { parentPhoneSchema } from './family';
import { childTeamLine } from './juniors';

// Issue 31's portal minors, at the lowest level that sees them.
describe('answeredByText: who answered, in the reader’s words', () => {
  const answer = (by: 'player' | 'guardian' | 'club', answered_by: string | null = null, by_you = false) => ({ by, answered_by, by_you });

  it('says "the club" only when staff answered; a parent’s answer names the parent', () => {
    expect(answeredByText(answer('club'))).toBe('Answered for you by the club.');
    expect(answeredByText(answer('club'), 'Aarav')).toBe('Answered for Aarav by the club.');
    expect(answeredByText(answer('guardian', 'Priya Sharma'))).toBe('Answered by Priya Sharma.');
    expect(answeredByText(answer('guardian', 'Priya Sharma'), 'Aarav')).toBe('Answered by Priya Sharma.');
    expect(answeredByText(answer('guardian'), 'Aarav')).toBe('Answered by Aarav’s parent or carer.');
  });

  it('says nothing to whoever gave the answer themselves', () => {
    expect(answeredByText(answer('guardian', 'Priya Sharma', true), 'Aarav')).toBeNull();
    expect(answeredByText(answer('player'))).toBeNull();
    expect(answeredByText(null)).toBeNull();
    expect(answeredByText(answer('player'), 'Meera')).toBe('Meera answered.');
  });
});

describe('childTeamLine: a child in no team says why', () => {
  const child = { full_name: 'Meera Sharma', teams: [] as { name: string }[], former_teams: [] as string[] };
  it('names the teams, or says the child left, their place ended, or they wait for a team', () => {
    expect(childTeamLine({ ...child, standing: 'in_team', teams: [{ name: 'Under 12s' }] })).toBe('Under 12s');
    expect(childTeamLine({ ...child, standing: 'left_club' })).toBe('Meera has left the club.');
    expect(childTeamLine({ ...child, standing: 'team_ended', former_teams: ['Under 12s'] })).toBe('Meera’s place in Under 12s has ended.');
    expect(childTeamLine({ ...child, standing: 'waiting' })).toBe('Not in a team yet: the club will add them to one.');
  });
});

describe('parentPhoneSchema', () => {
  it('keeps a phone number trimmed, removes it when blank, and refuses words', () => {
    expect(parentPhoneSchema.parse({ phone: ' +44 7700 900123 ' })).toEqual({ phone: '+44 7700 900123' });
    expect(parentPhoneSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(parentPhoneSchema.safeParse({ phone: 'call me' }).success).toBe(false);
    expect(parentPhoneSchema.safeParse({ phone: '1'.repeat(31) }).success).toBe(false);
  });
});
