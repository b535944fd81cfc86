/**
 * What a suspended club's host answers (ADR 065, issue 36: "its site shows a notice, its jobs stop,
 * nothing is deleted"): every page the notice below, every API call 503 `{"detail": …}`. Nothing
 * of the club is read for it (no settings, no file, no script): only its name from `clubs`.
 */
import type { Context } from 'hono';

export const SUSPENDED_TITLE = "This club's site is paused";
/** The API's answer on a suspended club's host. */
export const SUSPENDED_DETAIL = "This club's site is paused. Nothing is lost: the club's information is kept. The club should contact whoever hosts its site.";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The notice page: plain, self-contained (styles inline), readable on a phone. */
export function suspendedPage(clubName: string) {
  const name = escapeHtml(clubName);
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${SUSPENDED_TITLE} | ${name}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:48px 16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f7f7f5;line-height:1.5}
main{max-width:34rem;text-align:center}
h1{font-size:2rem;line-height:1.2;margin:0 0 16px;color:#1f2937}
p{margin:0 0 16px;color:#374151;font-size:1.05rem;overflow-wrap:anywhere}
</style>
</head>
<body>
<main>
<p><strong>${name}</strong></p>
<h1>${SUSPENDED_TITLE}</h1>
<p>Nothing is lost: the club's pages, members and records are all kept, and the site comes back as it was when it is resumed.</p>
<p>If you run this club, please contact whoever hosts its site.</p>
</main>
</body>
</html>`;
}

/** The answer on a suspended club's host: the notice page, or for the API its detail; 503, never cached. */
export function suspendedResponse(c: Context, clubName: string) {
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return c.json({ detail: SUSPENDED_DETAIL }, 503, headers);
  return c.html(suspendedPage(clubName), 503, { ...headers, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" });
}
