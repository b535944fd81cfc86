import { CLUB_NAME } from '../shared/club';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../shared/errors';

export const OUTAGE_TITLE = "We'll be back in a moment";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The page a visitor sees when a page cannot be rendered because the database is away and no cached
 * copy exists. It needs nothing the outage could take away: no database, no React, no script, no
 * other file (styles and crest inline), so it always renders, in the club's colours.
 */
export function outagePage(path: string) {
  const retry = escapeHtml(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#14532d">
<title>${OUTAGE_TITLE} | ${escapeHtml(CLUB_NAME)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f7f7f5;line-height:1.5}
header{background:#14532d;color:#fff;padding:12px 16px;display:flex;align-items:center;gap:10px;font-weight:800;font-size:1.1rem}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:48px 16px}
section{max-width:34rem;text-align:center}
h1{font-size:2rem;line-height:1.2;margin:16px 0 8px;color:#14532d}
p{margin:0 0 24px;color:#4b5563;font-size:1.05rem}
a.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 24px;border-radius:8px;background:#14532d;color:#fff;font-weight:700;text-decoration:none}
a.button:hover{background:#0c3b20}
a:focus-visible{outline:3px solid #eab308;outline-offset:2px}
.home{display:inline-flex;align-items:center;min-height:48px;padding:0 16px;color:#166534;font-weight:600}
</style>
</head>
<body>
<header><svg width="32" height="32" viewBox="0 0 40 40" aria-hidden="true"><path d="M20 2 36 8v12c0 9-7 15-16 18C11 35 4 29 4 20V8Z" fill="#facc15"/><path d="M20 5.5 33 10.4V20c0 7.3-5.6 12.3-13 15-7.4-2.7-13-7.7-13-15v-9.6Z" fill="#14532d"/><circle cx="20" cy="19" r="6.5" fill="#fff"/></svg><span>${escapeHtml(CLUB_NAME)}</span></header>
<main>
<section>
<h1>${OUTAGE_TITLE}</h1>
<p>The club website is taking a short break and should be back within a few seconds. Nothing is wrong on your side.</p>
<a class="button" href="${retry}">Try again</a>
<br><a class="home" href="/">Home page</a>
</section>
</main>
</body>
</html>`;
}

/** The outage answer for a page: 503 with Retry-After, never cached by browsers or proxies. */
export function outageResponse(path: string) {
  return new Response(outagePage(path), {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    },
  });
}
