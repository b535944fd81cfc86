// The install criteria (issue 35), checked by hand: Lighthouse 12 removed its PWA category, so
// `npm run lighthouse` reads the page's manifest link, the manifest and its icons itself, as
// Chromium's installability check does (https://web.dev/articles/install-criteria): a name or
// short_name, a start_url inside the scope, a standalone-like display, PNG icons of 192 and 512 px
// (and a maskable one for Android's shaped icons) that load with those sizes, and an iPhone icon.
// The worker controlling the page is a browser matter: tests/e2e/installable.test.ts proves it.

const DISPLAYS = new Set(['standalone', 'fullscreen', 'minimal-ui']);

/** The width and height a PNG's header says (IHDR), or null for anything that is not a PNG. */
export function pngSize(bytes) {
  const data = Buffer.from(bytes);
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;
}

async function pngAt(url) {
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { ok: res.ok, type: res.headers.get('content-type'), size: pngSize(bytes) };
}

/**
 * The install criteria of the page at `pageUrl`: `{ installable, problems, manifest_url, icons }`,
 * each problem one plain sentence.
 */
export async function checkInstallable(pageUrl) {
  const problems = [];
  const html = await (await fetch(pageUrl)).text();
  const link = /<link[^>]*rel="manifest"[^>]*>/.exec(html)?.[0];
  const href = link && /href="([^"]+)"/.exec(link)?.[1];
  if (!href) return { installable: false, problems: ['the page links no manifest'], manifest_url: null, icons: [] };
  const manifestUrl = new URL(href, pageUrl);
  const res = await fetch(manifestUrl);
  if (!res.ok) return { installable: false, problems: [`the manifest answered ${res.status}`], manifest_url: manifestUrl.pathname, icons: [] };
  if (!res.headers.get('content-type')?.startsWith('application/manifest+json')) problems.push(`the manifest is sent as ${res.headers.get('content-type')}`);
  const manifest = await res.json();

  if (!manifest.name && !manifest.short_name) problems.push('the manifest has neither name nor short_name');
  if (!DISPLAYS.has(manifest.display)) problems.push(`display is ${manifest.display ?? 'missing'}, not standalone`);
  if (!manifest.id) problems.push('the manifest has no id');
  const scope = new URL(manifest.scope ?? '.', manifestUrl);
  const start = manifest.start_url ? new URL(manifest.start_url, manifestUrl) : null;
  if (!start) problems.push('the manifest has no start_url');
  else if (start.origin !== scope.origin || !start.pathname.startsWith(scope.pathname)) problems.push(`start_url ${start.pathname} is outside the scope ${scope.pathname}`);
  if (start) {
    const opened = await fetch(start, { redirect: 'manual' });
    if (opened.status >= 400) problems.push(`start_url answers ${opened.status}`);
  }
  for (const field of ['theme_color', 'background_color']) if (!manifest[field]) problems.push(`the manifest has no ${field}`);

  const icons = [];
  for (const icon of manifest.icons ?? []) {
    if (icon.type !== 'image/png') continue;
    const got = await pngAt(new URL(icon.src, manifestUrl));
    icons.push({ src: icon.src, sizes: icon.sizes, purpose: icon.purpose ?? 'any', loaded: got.ok ? got.size : null });
    if (!got.ok || got.size !== icon.sizes) problems.push(`icon ${icon.src} is ${got.ok ? (got.size ?? 'not a PNG') : 'missing'}, not ${icon.sizes}`);
  }
  const has = (sizes, purpose) => icons.some((i) => i.sizes === sizes && i.purpose.split(' ').includes(purpose) && i.loaded === sizes);
  if (!has('192x192', 'any')) problems.push('no 192 px PNG icon');
  if (!has('512x512', 'any')) problems.push('no 512 px PNG icon');
  if (!has('512x512', 'maskable')) problems.push('no maskable 512 px PNG icon');

  const apple = /<link[^>]*rel="apple-touch-icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!apple) problems.push('the page names no apple-touch-icon');
  else {
    const got = await pngAt(new URL(apple, pageUrl));
    if (got.size !== '180x180') problems.push(`the apple-touch-icon is ${got.size ?? 'not a PNG'}, not 180x180`);
  }
  return { installable: problems.length === 0, problems, manifest_url: manifestUrl.pathname, icons };
}
