/**
 * A production server of the test file's (or describe block's) own, initialised with the sample
 * club: for tests whose changes (settings, the club's identity or pages) would alter what other
 * files' pages show. Started before the block's tests, stopped and removed after.
 */
import { afterAll, beforeAll } from 'vitest';
import { initializeDatabase, startServer, type RunningServer } from './server';

export function useOwnSampleClub() {
  const own = {} as { server: RunningServer };
  beforeAll(async () => {
    own.server = await startServer();
    await initializeDatabase(own.server.baseURL);
  });
  afterAll(async () => {
    await own.server?.stop();
    await own.server?.cleanup();
  });
  return own;
}
