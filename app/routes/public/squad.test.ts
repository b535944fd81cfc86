import { describe, expect, it } from 'vitest';
import type { PublicPlayer } from '../../../server/services/squad';
import { groupSquad } from './squad';

const person = (full_name: string, team_type: PublicPlayer['team_type'], position: PublicPlayer['position'], staff_roles: PublicPlayer['staff_roles'] = []) =>
  ({
    id: full_name,
    full_name,
    team_type,
    position,
    staff_roles,
    team_ids: [],
    jersey_number: null,
    nationality: '',
    photo_url: null,
    bio: null,
    age: null,
    age_group: null,
    show_personal_details: false,
    social_media: {},
  }) as PublicPlayer;

// Issue 21: team staff are listed under Staff; a player-coach is in their team's section and under
// Staff on the whole squad, and only under Staff when the Staff filter is chosen.
const coach = person('Pat Player-Coach', 'Senior', 'Midfielder', [{ team_id: 't', team_name: 'Vets', role: 'manager' }]);
const squad = [person('Sam Senior', 'Senior', 'Forward'), coach, person('Dee Staff', 'Staff', 'Staff')];
const names = (groups: ReturnType<typeof groupSquad>) => groups.map((g) => [g.heading, g.positions.flatMap((p) => p.players.map((x) => x.full_name))]);

describe('The squad page groups', () => {
  it('lists a player-coach with their team and under Staff', () => {
    expect(names(groupSquad(squad))).toEqual([
      ['Senior Team', ['Pat Player-Coach', 'Sam Senior']],
      ['Staff', ['Pat Player-Coach', 'Dee Staff']],
    ]);
  });

  it('shows the Staff section only under the Staff filter', () => {
    expect(names(groupSquad([coach, squad[2]], 'staff'))).toEqual([['Staff', ['Pat Player-Coach', 'Dee Staff']]]);
  });
});

// Issue 31: a junior (no squad group) is listed under each team they play for, never under Senior;
// an adult with no position yet is under "Players".
describe('The squad page’s juniors', () => {
  const teams = [
    { id: 'u9', name: 'Under 9s' },
    { id: 'u12', name: 'Under 12s' },
  ];
  const junior = (name: string, team_ids: string[]) => ({ ...person(name, null, null), team_ids, age_group: 'U9' }) as PublicPlayer;

  it('groups juniors under their own team, after the adults and before the staff', () => {
    const squad = [person('Sam Senior', 'Senior', 'Forward'), junior('Aarav S.', ['u9']), junior('Meera P.', ['u12']), person('Dee Staff', 'Staff', 'Staff')];
    expect(names(groupSquad(squad, null, teams))).toEqual([
      ['Senior Team', ['Sam Senior']],
      ['Under 9s', ['Aarav S.']],
      ['Under 12s', ['Meera P.']],
      ['Staff', ['Dee Staff']],
    ]);
  });

  it('lists an adult with no position yet under Players, and a junior in no known team under Other players', () => {
    expect(names(groupSquad([person('Nia New', 'Vets', null), junior('Lost L.', [])], null, teams))).toEqual([
      ['Vets Team', ['Nia New']],
      ['Other players', ['Lost L.']],
    ]);
  });
});
