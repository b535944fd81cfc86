import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/admin';
import { startCluster, type Cluster } from '../support/cluster';
import { E2E_ADMIN_PASSWORD, initializeDatabase } from '../support/server';

/**
 * Issue 33, point 4: the identity is read once and kept in memory, yet a change in Settings applies
 * on the next request in every app process (the content memo, cleared by content_changed), with no
 * rebuild and no restart. Two production processes share one PostgreSQL.
 */
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster('club-identity', 2);
  await initializeDatabase(cluster.servers[0].baseURL);
}, 120_000);
afterAll(() => cluster?.stop(), 60_000);

async function homePage(baseURL: string) {
  return (await fetch(`${baseURL}/`)).text();
}

describe('A change of identity in one app process', () => {
  it('shows in the pages of both processes within a second: the name in the title and header, the colour in the CSS custom properties', async () => {
    const [a, b] = cluster.servers.map((s) => s.baseURL);
    // Both processes have read (and kept) the sample club's identity.
    for (const url of [a, b]) expect(await homePage(url)).toContain('--club-brand-800:#14532d');

    const admin = await apiAs(a, 'admin', E2E_ADMIN_PASSWORD);
    const settings = (await admin.get('/api/settings')).body;
    const saved = await admin.put('/api/settings', { ...settings, club_name: 'Ashdown Athletic Juniors', short_name: 'Ashdown Athletic', primary_colour: '#7f1d1d' });
    expect(saved.status).toBe(200);
    const changedAt = Date.now();

    for (const url of [b, a]) {
      let html = '';
      while (Date.now() - changedAt < 1000) {
        html = await homePage(url);
        if (html.includes('--club-brand-800:#7f1d1d')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(html, url).toContain('--club-brand-800:#7f1d1d');
      expect(html).toContain('<title>Ashdown Athletic Juniors</title>');
      expect(html).toContain('<meta name="theme-color" content="#7f1d1d"/>');
      expect(html).toMatch(/data-testid="wordmark"[^>]*>Ashdown Athletic Juniors</);
    }
    cluster.expectAllAlive();
  });
});
