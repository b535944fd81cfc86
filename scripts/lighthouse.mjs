// `npm run lighthouse`: Lighthouse (mobile preset) on the public pages of a fresh production server,
// plus the gzipped JavaScript each page loads and its transfer size. Writes bench/lighthouse.json and
// bench/lighthouse.md. Content pages (sent without React, ADR 025) and interactive pages have their
// own targets (README, Accessibility and Lighthouse).
//
//   node scripts/lighthouse.mjs [--runs=N] [--only=home,shop]
//   (N runs per page, the median Performance run is kept, default 3; --only measures the named pages and
//   prints them without writing bench/)
//
// Needs `npm run build` first (the npm script does it) and Debian's Chromium (CHROMIUM_PATH to override).
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkInstallable } from './lib/installable.mjs';
import { startServer } from './lib/production-server.mjs';
import { CHROMIUM_BASE_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_BASE_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The targets (README, Accessibility and Lighthouse): content pages are HTML and CSS with a small script, interactive pages run React. */
export const TARGETS = {
  content: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  interactive: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
};
export const JS_BUDGET_GZIP_BYTES = { content: 15 * 1024, interactive: 130 * 1024 };
/** The home page's whole transfer (HTML, CSS, script, images), as Lighthouse's total-byte-weight counts it. */
export const HOME_TRANSFER_BUDGET_BYTES = 64 * 1024;

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Math.max(1, Number(runsArg.split('=')[1]) || 1) : 3;
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const ONLY = onlyArg ? onlyArg.slice('--only='.length).toLowerCase().split(',') : null;

async function getJson(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The bytes a browser receives for a script when the server gzips it (the .gz the build wrote). */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve(res.headers['content-encoding'] === 'gzip' ? body.length : gzipSync(body, { level: 9 }).length);
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, on a busy machine) is retried. */
async function audit(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    console.warn(`${url}: ${lhr.runtimeError.code}, running again`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium.`);
  const lighthouseVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  const loadBefore = os.loadavg();
  const server = await startServer();
  let chrome;
  try {
    await getJson(`${server.baseURL}/api/admin/initialize-database`, { method: 'POST' });
    const [player] = await getJson(`${server.baseURL}/api/squad`);
    const [article] = await getJson(`${server.baseURL}/api/news`);
    const products = await getJson(`${server.baseURL}/api/products`);
    const product = products.find((p) => p.stock > 0) ?? products[0];
    const [fixture] = await getJson(`${server.baseURL}/api/fixtures`);
    const pages = [
      { name: 'Home', path: '/', kind: 'content', transferBudget: HOME_TRANSFER_BUDGET_BYTES },
      { name: 'Squad', path: '/squad', kind: 'content' },
      { name: 'Player profile', path: `/player/${player.id}`, kind: 'content' },
      { name: 'Fixtures', path: '/fixtures', kind: 'content' },
      { name: 'Match', path: `/fixtures/${fixture.id}`, kind: 'content' },
      { name: 'News', path: '/news', kind: 'content' },
      { name: 'News article', path: `/news/${article.id}`, kind: 'content' },
      { name: 'About', path: '/about', kind: 'content' },
      { name: 'Sponsors', path: '/sponsors', kind: 'content' },
      { name: 'Shop', path: '/shop', kind: 'interactive' },
      { name: 'Product', path: `/shop/product/${product.id}`, kind: 'interactive' },
      { name: 'Join us', path: '/join-us', kind: 'interactive' },
    ];
    const present = pages.filter((p) => !ONLY || ONLY.includes(p.name.toLowerCase()));
    for (const page of present) {
      const res = await fetch(server.baseURL + page.path);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${page.path} answered ${res.status}`);
    }

    // The install criteria (issue 35): Lighthouse 12 has no PWA category, so they are checked here.
    const installable = await checkInstallable(`${server.baseURL}/`);
    console.log(installable.installable ? 'Installable: manifest and icons meet the install criteria.' : `Not installable: ${installable.problems.join('; ')}`);

    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const browserVersion = (await getJson(`http://127.0.0.1:${chrome.port}/json/version`)).Browser;
    const results = [];
    for (const page of present) {
      const url = server.baseURL + page.path;
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit(url, chrome.port));
      }
      // The median run by Performance (the other categories do not vary between runs).
      const perf = runs.map((r) => r.categories.performance.score);
      const lhr = runs[perf.indexOf(median(perf))];
      if (process.env.LH_DUMP) await fs.writeFile(`${process.env.LH_DUMP}-${page.name.replace(/\W/g, '')}.json`, JSON.stringify(lhr));

      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
      const metric = (id) => lhr.audits[id]?.numericValue;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const scriptUrls = [...new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.baseURL)).map((r) => r.url))];
      const scripts = [];
      for (const scriptUrl of scriptUrls) scripts.push({ url: scriptUrl.slice(server.baseURL.length), gzip_bytes: await gzippedSize(scriptUrl) });
      const jsGzipBytes = scripts.reduce((sum, s) => sum + s.gzip_bytes, 0);
      const transferBytes = Math.round(metric('total-byte-weight'));
      const failedAudits = CATEGORIES.flatMap((category) =>
        lhr.categories[category].auditRefs
          .filter((ref) => ref.weight > 0 || category !== 'performance')
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
          .map((a) => ({ category, id: a.id, title: a.title, score: a.score, display: a.displayValue ?? null })),
      );
      const result = {
        name: page.name,
        path: page.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id'),
        kind: page.kind,
        targets: { ...TARGETS[page.kind], js_gzip_bytes: JS_BUDGET_GZIP_BYTES[page.kind], transfer_bytes: page.transferBudget ?? null },
        scores,
        performance_runs: perf.map((p) => Math.round(p * 100)),
        metrics_ms: {
          first_contentful_paint: Math.round(metric('first-contentful-paint')),
          largest_contentful_paint: Math.round(metric('largest-contentful-paint')),
          total_blocking_time: Math.round(metric('total-blocking-time')),
          speed_index: Math.round(metric('speed-index')),
        },
        cumulative_layout_shift: Number(metric('cumulative-layout-shift').toFixed(3)),
        js_gzip_bytes: jsGzipBytes,
        transfer_bytes: transferBytes,
        scripts,
        failed_audits: failedAudits,
      };
      results.push(result);
      console.log(
        `${page.name.padEnd(15)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}  JS ${(jsGzipBytes / 1024).toFixed(1)} KB  transfer ${(transferBytes / 1024).toFixed(1)} KB` +
          (failedAudits.length ? `\n  below full marks: ${failedAudits.map((a) => `${a.id}${a.display ? ` (${a.display})` : ''}`).join(', ')}` : ''),
      );
    }

    const misses = results.flatMap((r) => [
      ...CATEGORIES.filter((c) => r.scores[c] < r.targets[c]).map((c) => `${r.name}: ${c} ${r.scores[c]} < ${r.targets[c]}`),
      ...(r.js_gzip_bytes > r.targets.js_gzip_bytes
        ? [`${r.name}: JavaScript ${(r.js_gzip_bytes / 1024).toFixed(1)} KB > ${r.targets.js_gzip_bytes / 1024} KB gzipped`]
        : []),
      ...(r.targets.transfer_bytes !== null && r.transfer_bytes > r.targets.transfer_bytes
        ? [`${r.name}: transfer ${(r.transfer_bytes / 1024).toFixed(1)} KB > ${r.targets.transfer_bytes / 1024} KB`]
        : []),
    ]);
    misses.unshift(...installable.problems.map((p) => `Install criteria: ${p}`));
    const report = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        memory_gb: Math.round(os.totalmem() / 1024 ** 3),
        load_average_before: loadBefore.map((l) => Number(l.toFixed(2))),
        load_average_after: os.loadavg().map((l) => Number(l.toFixed(2))),
      },
      lighthouse: lighthouseVersion,
      browser: browserVersion,
      preset: 'mobile (Lighthouse default: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)',
      runs_per_page: RUNS,
      targets: { ...TARGETS, js_gzip_bytes: JS_BUDGET_GZIP_BYTES, home_transfer_bytes: HOME_TRANSFER_BUDGET_BYTES },
      installable,
      all_targets_met: misses.length === 0,
      misses,
      pages: results,
    };
    console.log(misses.length ? `\nTargets missed:\n  ${misses.join('\n  ')}` : '\nEvery page meets every target.');
    if (!ONLY) {
      await fs.mkdir(path.join(root, 'bench'), { recursive: true });
      await fs.writeFile(path.join(root, 'bench', 'lighthouse.json'), JSON.stringify(report, null, 2) + '\n');
      await fs.writeFile(path.join(root, 'bench', 'lighthouse.md'), markdown(report));
      console.log('Wrote bench/lighthouse.json and bench/lighthouse.md');
    }
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

function markdown(report) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const mark = (ok) => (ok ? '' : ' ✗');
  const lines = [
    '# Lighthouse: public pages',
    '',
    `Run ${report.date} with \`npm run lighthouse\` on ${report.machine.cpu} (${report.machine.cores} cores, ${report.machine.memory_gb} GB),`,
    `load average ${report.machine.load_average_before[0]} before and ${report.machine.load_average_after[0]} after.`,
    `Lighthouse ${report.lighthouse}, ${report.browser}, ${report.preset}; ${report.runs_per_page} run(s) per page, the median Performance run shown.`,
    '',
    `Targets: content pages Performance ${TARGETS.content.performance} and at most ${kb(JS_BUDGET_GZIP_BYTES.content)} of JavaScript;`,
    `interactive pages Performance ≥ ${TARGETS.interactive.performance} and at most ${kb(JS_BUDGET_GZIP_BYTES.interactive)}; Accessibility, Best Practices and SEO 100 everywhere;`,
    `the home page's transfer at most ${kb(HOME_TRANSFER_BUDGET_BYTES)}. JavaScript is the page's script requests, gzip level 9 as served;`,
    "transfer is Lighthouse's total-byte-weight (everything the page loads, as sent).",
    '',
    '| Page | Kind | Path | Performance | Accessibility | Best Practices | SEO | JS (gzip) | Transfer | LCP | TBT | CLS |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.pages.map(
      (p) =>
        `| ${p.name} | ${p.kind} | \`${p.path}\` | ${p.scores.performance}${mark(p.scores.performance >= p.targets.performance)} | ` +
        `${p.scores.accessibility}${mark(p.scores.accessibility >= p.targets.accessibility)} | ` +
        `${p.scores['best-practices']}${mark(p.scores['best-practices'] >= p.targets['best-practices'])} | ` +
        `${p.scores.seo}${mark(p.scores.seo >= p.targets.seo)} | ${kb(p.js_gzip_bytes)}${mark(p.js_gzip_bytes <= p.targets.js_gzip_bytes)} | ` +
        `${kb(p.transfer_bytes)}${mark(p.targets.transfer_bytes === null || p.transfer_bytes <= p.targets.transfer_bytes)} | ` +
        `${(p.metrics_ms.largest_contentful_paint / 1000).toFixed(1)} s | ${p.metrics_ms.total_blocking_time} ms | ${p.cumulative_layout_shift} |`,
    ),
    '',
    report.installable.installable
      ? `Installable: the manifest (${report.installable.manifest_url}) and its icons (${report.installable.icons.map((i) => `${i.sizes} ${i.purpose}`).join(', ')}) meet the install criteria (Lighthouse 12 has no PWA category: scripts/lib/installable.mjs checks them).`
      : `Not installable: ${report.installable.problems.join('; ')}.`,
    '',
    report.all_targets_met ? 'Every page meets every target.' : `Targets missed:\n\n${report.misses.map((m) => `- ${m}`).join('\n')}`,
    '',
  ];
  const withFailures = report.pages.filter((p) => p.failed_audits.length);
  if (withFailures.length) {
    lines.push('## Audits below full marks', '');
    for (const p of withFailures) {
      lines.push(`- ${p.name}: ${p.failed_audits.map((a) => `${a.category}/${a.id}${a.display ? ` (${a.display})` : ''}`).join(', ')}`);
    }
    lines.push('');
  }
  lines.push(
    'Performance varies a few points between runs and drops when the machine is busy; the load averages above',
    'say how quiet it was. Scripts per page are listed in bench/lighthouse.json.',
    '',
  );
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
