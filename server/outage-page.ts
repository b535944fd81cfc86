import { club, clubInitials, NEUTRAL_CLUB } from '../shared/club';
import { brandPalette } from '../shared/colour';
import { identityKnown } from './services/club-identity';
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
  // The last identity this process read (or kept in DATA_DIR): no database needed (issue 33).
  const identity = identityKnown() ? club() : NEUTRAL_CLUB;
  const clubName = identity.club_name;
  const palette = brandPalette(identity.primary_colour, identity.secondary_colour);
  const [brand, dark, text, gold] = [palette['brand-800'], palette['brand-900'], palette['brand-700'], palette['gold-400']];
  const retry = escapeHtml(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${brand}">
<title>${OUTAGE_TITLE} | ${escapeHtml(clubName)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f7f7f5;line-height:1.5}
header{background:${brand};color:#fff;padding:12px 16px;display:flex;align-items:center;gap:10px;font-weight:800;font-size:1.1rem}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:48px 16px}
section{max-width:34rem;text-align:center}
h1{font-size:2rem;line-height:1.2;margin:16px 0 8px;color:${brand}}
p{margin:0 0 24px;color:#4b5563;font-size:1.05rem}
a.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 24px;border-radius:8px;background:${brand};color:#fff;font-weight:700;text-decoration:none}
a.button:hover{background:${dark}}
a:focus-visible{outline:3px solid ${gold};outline-offset:2px}
.home{display:inline-flex;align-items:center;min-height:48px;padding:0 16px;color:${text};font-weight:600}
</style>
</head>
<body>
<header><svg width="32" height="32" viewBox="0 0 40 40" aria-hidden="true"><path d="M20 2 36 8v12c0 9-7 15-16 18C11 35 4 29 4 20V8Z" fill="${gold}"/><path d="M20 5.5 33 10.4V20c0 7.3-5.6 12.3-13 15-7.4-2.7-13-7.7-13-15v-9.6Z" fill="${brand}"/><text x="20" y="23" text-anchor="middle" font-size="9" font-weight="700" font-family="Arial,sans-serif" fill="#fff">${escapeHtml(clubInitials(clubName))}</text></svg><span>${escapeHtml(clubName)}</span></header>
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
