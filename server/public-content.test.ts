import { describe, expect, it } from 'vitest';
import routes from '../app/routes';
import { createTestContext } from '../tests/support/api';
import { isPublicPath } from './cache';
import { MEMOIZED_READS, pathPattern, PUBLIC_API_READS, PUBLIC_CONTENT_TABLES, PUBLIC_FILES, PUBLIC_PAGES } from './public-content';

const t = await createTestContext();

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[]; file: string };

/** Every route of app/routes.ts with its full path and whether it sits in the public layout. */
function flatten(entries: RouteEntry[], parent = '', inPublicLayout = false): { path: string; file: string; publicLayout: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const publicLayout = inPublicLayout || entry.file === 'routes/public/_layout.tsx';
    const here = entry.path || entry.index ? [{ path, file: entry.file, publicLayout }] : [];
    return [...here, ...flatten(entry.children ?? [], path, publicLayout)];
  });
}

/** Public-layout pages that are deliberately not cached, and why. */
const NOT_CACHED = {
  // An order's own page, reached by its secret link: the customer's details, never shared.
  '/shop/orders/:token': 'private to the customer',
};

describe('What anonymous visitors can see is declared once (server/public-content.ts)', () => {
  it('the tables with a content_changed trigger are exactly the public content tables', async () => {
    const { rows } = await t.pool.query<{ table: string }>(
      `SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname IN ('content_changed', 'content_changed_truncate') ORDER BY 1`,
    );
    expect(rows.map((r) => r.table)).toEqual([...PUBLIC_CONTENT_TABLES].sort());
  });

  it('every cached page is a route, and every page of the public layout is cached or said not to be', () => {
    const pages = flatten(routes as RouteEntry[]);
    const paths = new Set(pages.map((p) => p.path));
    for (const path of [...PUBLIC_PAGES, ...PUBLIC_FILES]) expect(paths, path).toContain(path);
    for (const page of pages.filter((p) => p.publicLayout)) {
      expect([...PUBLIC_PAGES, ...Object.keys(NOT_CACHED)], page.file).toContain(page.path);
    }
  });

  it('every cached API path is a public GET of the API (no credentials), and nothing else is cached under /api', async () => {
    const doc = (await t.json('/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const path of PUBLIC_API_READS) {
      const get = doc.paths[`/api${path}`]?.get ?? doc.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(get?.security, path).toEqual([]);
    }
    // A concrete path of every other API operation is not answered from the cache.
    const cached = PUBLIC_API_READS.map((path) => pathPattern(path));
    for (const path of Object.keys(doc.paths)) {
      const apiPath = path.startsWith('/api') ? path.slice(4) : path;
      if (cached.some((re) => re.test(apiPath))) continue;
      const concrete = `/api${apiPath.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      expect(isPublicPath(concrete), concrete).toBe(false);
    }
  });

  it('every memoized read is a method of its service', () => {
    for (const [name, methods] of Object.entries(MEMOIZED_READS)) {
      const service = (t.services as unknown as Record<string, Record<string, unknown>>)[name];
      for (const method of methods) expect(typeof service?.[method], `${name}.${method}`).toBe('function');
    }
  });
});
