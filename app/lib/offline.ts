/**
 * The page's side of match day without signal (issue 35; public/sw.js does the keeping): the pages
 * ask the service worker to save them, read when they were saved, queue an answer given offline,
 * and send the queue when the signal returns. Every call is a no-op without a controlling worker
 * (the worker is never needed for a page to work) and on the server.
 */

/** The worker's cache of the pack (keep equal to PACK in public/sw.js). */
export const PACK_CACHE = 'match-day-pack-v1';
/** The pages of the pack (keep equal to PACK_PATH in public/sw.js). */
export const PACK_PATH = /^\/(players-area(\/schedule|\/children(\/[^/]+)?)?|team-sheet\/[^/]+)\/?$/;

export interface QueuedAnswer {
  kind: string;
  id: string;
  status: string;
  note?: string;
  /** On the family home: the child answered for. */
  player?: string | null;
}

export interface SentAnswer {
  kind: string;
  id: string;
  player: string | null;
  status: string;
  ok: boolean;
  error: string | null;
}

function worker(): ServiceWorker | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.controller;
}

/** Offline, with a worker to keep the answer: the answer is queued instead of sent. */
export function canQueueOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine && worker() !== null;
}

/** Online on a page of the pack: save it, the pack pages it links to (team sheets, children) and the files it loaded. */
export function savePack(): void {
  const sw = worker();
  if (!sw || !navigator.onLine || !PACK_PATH.test(location.pathname)) return;
  const pages = new Set([location.pathname]);
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(a.href, location.href);
    if (url.origin === location.origin && PACK_PATH.test(url.pathname)) pages.add(url.pathname);
  }
  const assets = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === location.origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/__') && !url.pathname.endsWith('.data');
    });
  sw.postMessage({ type: 'save', pages: [...pages], assets: [...assets, ...packModules()] });
  // Where the browser grants it (an installed app in Chromium), the worker refreshes the pack on its own too.
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { periodicSync?: { register(tag: string, o: { minInterval: number }): Promise<void> } }).periodicSync?.register('match-day', { minInterval: 6 * 3_600_000 }))
    .catch(() => {});
}

/** The route modules of the pack's pages React Router knows of so far, so a saved page also hydrates offline. */
const PACK_ROUTES = ['root', 'routes/portal/_layout', 'routes/portal/dashboard', 'routes/portal/schedule', 'routes/portal/children', 'routes/portal/child', 'routes/admin/team-sheet'];
type RouteFiles = { module?: string; imports?: string[]; css?: string[] };
function packModules(): string[] {
  const manifest = (window as { __reactRouterManifest?: { entry?: RouteFiles; routes?: Record<string, RouteFiles | undefined> } }).__reactRouterManifest;
  if (!manifest) return [];
  const files = [manifest.entry, ...PACK_ROUTES.map((id) => manifest.routes?.[id])].flatMap((r) => (r ? [r.module, ...(r.imports ?? []), ...(r.css ?? [])] : []));
  return files.filter((f): f is string => typeof f === 'string').map((f) => new URL(f, location.href).href);
}

/** When this page was saved on the phone (null if it was not). */
export async function savedAt(): Promise<Date | null> {
  if (typeof caches === 'undefined') return null;
  const page = await (await caches.open(PACK_CACHE)).match(location.pathname);
  const at = page?.headers.get('x-saved-at');
  return at ? new Date(at) : null;
}

export function queueAnswer(answer: QueuedAnswer): void {
  worker()?.postMessage({ type: 'queue', answer });
}

/** Back online (or on load): the worker sends what waits; refused answers come back as `answers-sent`. */
export function flushAnswers(): void {
  worker()?.postMessage({ type: 'flush' });
}

/** Listens for the worker's report of answers sent from the queue. */
export function onAnswersSent(listener: (results: SentAnswer[]) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const handler = (event: MessageEvent) => {
    const data = event.data as { type?: string; results?: SentAnswer[] } | null;
    if (data?.type === 'answers-sent' && Array.isArray(data.results)) listener(data.results);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}
