import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createRequestHandler as CreateRequestHandler, ServerBuild } from 'react-router';

/** app/entry.server.tsx hands over the request handler of the React Router copy its build uses. */
type EntryModule = ServerBuild['entry']['module'] & { createRequestHandler: typeof CreateRequestHandler };
import type { PageHandler } from './app';
import { loadStaticFiles, type StaticFiles } from './static-files';
import { projectRoot } from './paths';

/** The production page renderer: the React Router server build made by `npm run build`. */
export async function productionPages(): Promise<{ pages: PageHandler; clientDir: string; staticFiles: StaticFiles }> {
  const root = projectRoot();
  const buildFile = path.join(root, 'build', 'server', 'index.js');
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  // The build's own copy of React Router (its production files, app/entry.server.tsx).
  const entry = build.entry.module as EntryModule;
  const handler = entry.createRequestHandler(build, 'production');
  const clientDir = path.join(root, 'build', 'client');
  return { pages: (request, context) => handler(request, context), clientDir: path.relative(process.cwd(), clientDir), staticFiles: await loadStaticFiles(clientDir) };
}

/** Development: Vite compiles the app on demand with hot reload. */
export async function developmentPages() {
  const { createServer } = await import('vite');
  const ours = new Set(process.listeners('SIGTERM'));
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  // Vite's own servers (the React Router plugin starts one besides ours) exit the process on
  // SIGTERM, which would cut our shutdown short and leave the embedded PostgreSQL running:
  // main.ts stops the HTTP server and the database first, then exits.
  for (const listener of process.listeners('SIGTERM')) if (!ours.has(listener)) process.off('SIGTERM', listener);
  const pages: PageHandler = async (request, context) => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    const { createRequestHandler } = build.entry.module as EntryModule;
    return createRequestHandler(build, 'development')(request, context);
  };
  return { pages, vite };
}
