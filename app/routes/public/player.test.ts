import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { PoolBusyError } from '../../../server/db/pool';
import { notFound } from '../../../shared/errors';
import { loader } from './player';

type LoaderArgs = Parameters<typeof loader>[0];
const args = (squad: Record<string, unknown>) =>
  ({ context: { services: { squad, teams: { list: async () => [] } } }, request: new Request('http://club.test/player/p1'), params: { playerId: 'p1' } }) as unknown as LoaderArgs;
const unwrap = (result: unknown) => result as { data: { state: string }; init: { status?: number } | null };

describe('Player profile loader', () => {
  it("answers 404 'not_found' for an unknown player", async () => {
    const result = unwrap(await loader(args({ get: async () => { throw notFound('Player not found'); } })));
    expect(result.data.state).toBe('not_found');
    expect(result.init?.status).toBe(404);
  });

  it("answers 500 'error' (Error loading player profile) when loading fails", async () => {
    const result = unwrap(await loader(args({ get: async () => { throw new Error('database down'); } })));
    expect(result.data.state).toBe('error');
    expect(result.init?.status).toBe(500);
  });

  it('passes on a database too busy or away (raw or wrapped by Drizzle), for the 503 outage page or the cached copy, not a 500', async () => {
    for (const error of [new PoolBusyError(), new DrizzleQueryError('select 1', [], new PoolBusyError()), new DrizzleQueryError('select 1', [], new Error('timeout exceeded when trying to connect'))]) {
      await expect(loader(args({ get: async () => { throw error; } }))).rejects.toBe(error);
    }
  });

  it('still shows the profile when only the stats fail to load', async () => {
    const player = { id: 'p1', full_name: 'A Player', team_ids: [], age_group: null };
    const result = unwrap(await loader(args({ get: async () => player, stats: async () => { throw new Error('no stats'); } })));
    expect(result.data).toMatchObject({ state: 'ok', player, stats: null, teamNames: [] });
  });
});
