/**
 * A page's loaders run as React Router runs them for a document request, without a build or a
 * browser: every route module of app/routes.ts that the page's path matches (its layouts and
 * itself), each loader with the request, its params and the app's page context. What they answer:
 * the first thrown or returned answer (a redirect, a 403/404), else 200, and everything they returned or
 * threw as text (to look for another club's values in it).
 */
import routes from '../../app/routes';
import type { PageContext } from '../../server/app';

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
type Loader = (args: { request: Request; params: Record<string, string>; context: PageContext }) => unknown;

/** 'PAGE /players-area/children/:playerId' → the route modules it runs, outermost first. */
export function modulesOf(pattern: string): string[] {
  const found: string[][] = [];
  const walk = (entries: Entry[], prefix: string, files: string[]) => {
    for (const e of entries) {
      const here = e.path ? `${prefix.replace(/\/$/, '')}/${e.path}` : prefix || '/';
      const chain = [...files, e.file];
      if ((e.index || (e.path && !e.children?.length)) && here === pattern) found.push(chain);
      if (e.children) walk(e.children, here, chain);
    }
  };
  walk(routes as unknown as Entry[], '', []);
  if (found.length !== 1) throw new Error(`${pattern}: ${found.length} routes`);
  return found[0]!;
}

export interface PageAnswer {
  status: number;
  location: string;
  text: string;
}

async function textOf(value: unknown): Promise<string> {
  if (value instanceof Response) return value.clone().text();
  try {
    return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
  } catch {
    return String(value);
  }
}

/** Runs the loaders of `pattern` for the concrete `path` (all at once, as React Router does). */
export async function runLoaders(pattern: string, path: string, params: Record<string, string>, context: PageContext, origin: string): Promise<PageAnswer> {
  const modules = await Promise.all(modulesOf(pattern).map((file) => import(`../../app/${file}`) as Promise<{ loader?: Loader }>));
  const settled = await Promise.allSettled(modules.map(async (m) => (m.loader ? m.loader({ request: new Request(new URL(path, origin)), params, context }) : null)));
  const texts: string[] = [];
  let answer: { status: number; location: string } | undefined;
  for (const s of settled) {
    const value = s.status === 'fulfilled' ? s.value : s.reason;
    texts.push(await textOf(value));
    if (answer) continue;
    // A returned `data(…, { status: 404 })` answers with its status as a thrown one does.
    const returned = (value as { type?: string; init?: { status?: number } } | null)?.type === 'DataWithResponseInit' ? (value as { init?: { status?: number } }).init?.status : undefined;
    if (value instanceof Response && (s.status === 'rejected' || value.status >= 300)) answer = { status: value.status, location: value.headers.get('location') ?? '' };
    else if (s.status === 'fulfilled' && returned !== undefined && returned >= 300) answer = { status: returned, location: '' };
    else if (s.status === 'rejected') {
      const init = (value as { init?: { status?: number } } | undefined)?.init;
      const status = (value as { status?: number } | undefined)?.status ?? init?.status;
      answer = { status: typeof status === 'number' ? status : 500, location: '' };
      if (answer.status === 500) texts.push(String((value as Error)?.stack ?? value));
    }
  }
  return { ...(answer ?? { status: 200, location: '' }), text: texts.join('\n') };
}
