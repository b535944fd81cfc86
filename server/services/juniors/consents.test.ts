import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/api';
import { consents, players } from '../../db/schema';
import { currentConsents } from './consents';

// Issue 23: consents are append-only; the latest row per child, season and kind is in force.
const t = await createTestContext();

async function child(name: string) {
  const [row] = await t.db.insert(players).values({ full_name: name, position: 'Midfielder', team_type: 'Senior', nationality: 'English' }).returning();
  return row.id;
}
const row = (player_id: string, kind: 'photo' | 'full_name', given: boolean, created_at: Date, season = '2026-27') => ({
  player_id,
  season,
  kind,
  given,
  given_by_name: 'Jane Parent',
  text_version: '2026-1',
  created_at,
});

describe('currentConsents', () => {
  it('the latest row per kind wins; a withdrawal removes the kind; other seasons and other children do not count', async () => {
    const a = await child('Sam Junior');
    const b = await child('Alex Junior');
    const none = await child('Kit Junior');
    await t.db
      .insert(consents)
      .values([
        row(a, 'photo', true, new Date('2026-09-02T10:00:00Z')),
        row(a, 'photo', false, new Date('2026-09-03T10:00:00Z')),
        row(a, 'full_name', true, new Date('2026-09-03T10:00:00Z')),
        row(b, 'photo', false, new Date('2026-09-02T10:00:00Z')),
        row(b, 'photo', true, new Date('2026-09-04T10:00:00Z')),
        row(none, 'photo', true, new Date('2025-09-04T10:00:00Z'), '2025-26'),
      ]);
    const map = await currentConsents(t.db, [a, b, none], '2026-27');
    expect([...map.get(a)!]).toEqual(['full_name']);
    expect([...map.get(b)!]).toEqual(['photo']);
    expect(map.get(none)!.size).toBe(0);
    expect((await currentConsents(t.db, [], '2026-27')).size).toBe(0);
  });
});
