import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isDatabaseOutage, isDatabaseUnavailable } from '../shared/errors';
import { pageKey, splitPageAtHeader } from '../shared/page-template';
import { withRenderedBody } from '../shared/rendered-body';
import { MainFragmentContext, NonceContext, type ImagePreload, type MainFragment } from './lib/page-scripts';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole (onAllReady) rather than streamed: they are small, and complete HTML
 * is what crawlers, link previews and the page cache want. The CSP nonce of this response is
 * handed to React Router's scripts, and to the layout's own (NonceContext). The HTML is collected
 * into one buffer and answered as such: no stream between React and the socket (the compression
 * and the cache take it in one piece, and a signed-in page, rendered every time, spends its CPU on
 * rendering, not on passing chunks).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // A page sent without React takes its content from the last render for this URL (MainFragment).
  const fragments = request.method === 'GET' ? loadContext.fragments : undefined;
  const url = new URL(request.url);
  const fragmentKey = pageKey(url);
  let renderedHere = false;
  let withoutReact = false;
  const fragment: MainFragment = {
    stored: fragments?.get(fragmentKey),
    renderedHere: () => void (renderedHere = true),
    sentWithoutReact: () => void (withoutReact = true),
  };
  const renderedAt = fragments?.generation() ?? 0;
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    // Cleared once rendered: a pending timer would keep the whole render in memory for seconds.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <MainFragmentContext value={fragment}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MainFragmentContext>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          settled = true;
          clearTimeout(timer);
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
              const html = paintBeforeReact(Buffer.concat(chunks));
              if (fragments && withoutReact && responseStatusCode === 200) {
                const page = html.toString('utf8');
                const content = renderedHere ? mainContentOf(page) : undefined;
                if (content !== undefined) fragments.set(fragmentKey, { html: content, imagePreloads: imagePreloadsOf(page) }, renderedAt);
                keepWholePage(fragments, fragmentKey, url.pathname, page, loadContext, responseHeaders, renderedAt);
              }
              const bytes = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
              resolve(withRenderedBody(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }), bytes));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          if (settled) console.error(error);
        },
      },
    );
    if (!settled) timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A page sent without React, kept whole for the next signed-in member of this URL (ADR 028): with
 * their header as rendered for a member of the same name and role at this path, it is answered
 * without rendering.
 */
function keepWholePage(
  fragments: NonNullable<AppLoadContext['fragments']>,
  key: string,
  path: string,
  page: string,
  context: AppLoadContext,
  headers: Headers,
  renderedAt: number,
) {
  const split = splitPageAtHeader(page, context.nonce);
  if (!split) return;
  const member = context.user ? { full_name: context.user.full_name, role: context.user.role } : null;
  const kept = Object.fromEntries([...headers].filter(([name]) => name !== 'set-cookie'));
  fragments.keepPage(key, { path, ...split, member, headers: kept }, renderedAt);
}

const MAIN_OPEN = '<main id="main" class="flex-1">';

/** What the layout wrote inside <main id="main"> (app/root.tsx), or undefined if it is not there once. */
export function mainContentOf(html: string): string | undefined {
  const start = html.indexOf(MAIN_OPEN);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end < start || html.indexOf(MAIN_OPEN, start + 1) !== -1) return undefined;
  return html.slice(start + MAIN_OPEN.length, end);
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"((?: [a-zA-Z]+="[^"]*")*)\/>/g;
const ATTRIBUTE = / ([a-zA-Z]+)="([^"]*)"/g;
const unescapeAttribute = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The images React preloads in <head> for the <img>s it rendered: each link's attributes (href, imageSrcSet, imageSizes, fetchPriority…). */
export function imagePreloadsOf(html: string): ImagePreload[] {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  return Array.from(head.matchAll(IMAGE_PRELOAD), (link) =>
    Object.fromEntries(Array.from(link[1].matchAll(ATTRIBUTE), ([, name, value]) => [name, unescapeAttribute(value)])),
  );
}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * An interactive page paints first and loads React after (ADR 028). React Router's <Scripts/> writes
 * modulepreloads for React, the router and the route's modules (about 120 KB gzipped) and a module
 * script that imports them; fetched at once, they share the phone's bandwidth with the stylesheet and
 * the display font, and the first paint waits. Here the preloads and the module script become one
 * small classic script that, after the first frame has painted, adds the same preloads (the whole
 * module graph fetched in parallel, no waterfall) and then the same module script, with the response's
 * nonce. The forms work before React arrives (ADR 007). <Scripts/> has no option for this, hence the
 * rewrite of its output; a page it does not recognise is left as React Router wrote it.
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [tag, attributes, code] = script;
  const preloads = Array.from(html.matchAll(MODULEPRELOAD), (m) => m[1]);
  // JSON inside <script>: "<" escaped, so nothing in the data can close the element.
  const data = JSON.stringify({ preloads, code }).replaceAll('<', '\\u003c');
  // go(): the preloads, then the module script. Started once the page has painted (its first
  // contentful paint reported, or half a second after the first frame where the browser does not
  // report paints), or at once in a tab nobody is looking at.
  const loader = [
    '(function(d,s){var n=d.currentScript.nonce,started=false,here=location.pathname+location.search;',
    // Back or Forward to an entry this document made with pushState (React Router's navigations
    // before a reload) is a same-document traversal: until React has taken over, nobody would show
    // the page the address now names, so the browser loads it.
    "addEventListener('popstate',function(){if(!d.documentElement.dataset.hydrated&&location.pathname+location.search!==here)location.reload()});",
    // A form posted before React has taken over (ADR 033) goes once: a second press while the first
    // is under way is ignored (a double tap on a slow phone would order twice), and React is not
    // started under a page that is being left. Ten seconds on, or back to this page from the
    // browser's cache, the page is as before.
    'var sent=false;',
    "addEventListener('submit',function(e){if(d.documentElement.dataset.hydrated||e.defaultPrevented)return;",
    "var b=e.submitter,f=e.target,m=((b&&b.getAttribute('formmethod'))||f.getAttribute('method')||'get').toLowerCase(),t=(b&&b.getAttribute('formtarget'))||f.getAttribute('target');",
    "if(m!=='post'||(t&&t!=='_self'))return;",
    'if(sent){e.preventDefault();return}sent=true;setTimeout(function(){sent=false;go()},10000)});',
    "addEventListener('pageshow',function(e){if(e.persisted){sent=false;go()}});",
    // Not once the address has moved on to another page (a load of it is under way, see above).
    'function go(){if(started||sent||location.pathname+location.search!==here)return;started=true;',
    "s.preloads.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});",
    "var m=d.createElement('script');m.type='module';m.nonce=n;m.textContent=s.code;d.body.appendChild(m)}",
    'function painted(){return performance.getEntriesByName("first-contentful-paint").length>0}',
    'function afterFrame(){if(painted())return go();',
    'try{new PerformanceObserver(function(){if(painted())go()}).observe({type:"paint"})}catch(e){}',
    'setTimeout(go,500)}',
    `if(d.hidden)go();else requestAnimationFrame(function(){setTimeout(afterFrame,0)})})(document,${data});`,
  ].join('');
  return html.replace(MODULEPRELOAD, '').replace(tag, () => `<script${attributes}>${loader}</script>`);
}

function paintBeforeReact(html: Buffer): Buffer {
  if (html.indexOf('<link rel="modulepreload"') === -1) return html;
  return Buffer.from(deferHydration(html.toString('utf8')), 'utf8');
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The database is away or overloaded (raw or wrapped by Drizzle): the server answers with its
  // outage page (or a stale copy), 503 with Retry-After, not this render's 500.
  if (isDatabaseUnavailable(error)) {
    if (isDatabaseOutage(error)) context.databaseOutage = true;
    else context.databaseBusy = true;
    return;
  }
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}:`, error);
};

/**
 * The request handler of the same React Router this build bundles (its production files, see
 * vite.config.ts): server/pages.ts serves the build with it, so the handler and the pages share one
 * copy of the router.
 */
export { createRequestHandler } from 'react-router';
