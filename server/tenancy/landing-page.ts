/**
 * The host's own page (issue 36): what the bare hosting domain shows, and what any host that names
 * no club shows (with 404). It says what this install is and offers the operator "Sign in"; it holds
 * no club's data and needs no database, no React and no other file (styles inline, no script).
 */

export const LANDING_TITLE = 'Club websites';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The page's own policy: its inline styles and nothing else (it is answered before the app's headers). */
const LANDING_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * The page for `hostingDomain`; `signInHref` is where the operator signs in (on the hosting domain
 * itself), `unknown` when the host asked for names no club.
 */
export function landingPage(hostingDomain: string, signInHref: string, unknown: boolean) {
  const domain = escapeHtml(hostingDomain);
  const lead = unknown
    ? `<p class="notice" role="status">There is no club at this address. Check the address with your club: each club's site is at its own name, like <strong>yourclub.${domain}</strong>.</p>`
    : '';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${unknown ? 'noindex' : 'index'}">
<title>${unknown ? 'No club at this address | ' : ''}${LANDING_TITLE} on ${domain}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f7f7f5;line-height:1.5}
header{background:#14532d;color:#fff;padding:12px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px}
header span{font-weight:800;font-size:1.1rem;overflow-wrap:anywhere}
main{flex:1;padding:32px 16px}
section{max-width:40rem;margin:0 auto}
h1{font-size:1.9rem;line-height:1.2;margin:0 0 12px;color:#14532d}
h2{font-size:1.2rem;margin:28px 0 8px}
p{margin:0 0 16px;color:#374151;font-size:1.05rem}
.notice{background:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:12px 16px;color:#7c2d12}
a{color:#14532d;font-weight:600}
a.button{flex-shrink:0;white-space:nowrap;display:inline-flex;align-items:center;justify-content:center;min-height:48px;min-width:44px;padding:0 20px;border-radius:8px;background:#fff;color:#14532d;text-decoration:none}
a:focus-visible{outline:3px solid #facc15;outline-offset:2px}
footer{padding:16px;color:#4b5563;font-size:.9rem;text-align:center}
</style>
</head>
<body>
<header><span>${LANDING_TITLE} on ${domain}</span><a class="button" href="${escapeHtml(signInHref)}">Sign in</a></header>
<main>
<section>
${lead}<h1>Football club websites, hosted together</h1>
<p>This service runs the websites of grassroots football clubs: fixtures, squads, news, training, subs and the club shop. Each club has its own site at its own address, such as <strong>yourclub.${domain}</strong>, and sees only its own members and data.</p>
<h2>Looking for a club?</h2>
<p>Ask the club for its address, or follow the link on its social media.</p>
<h2>Run a club here?</h2>
<p>The host's operator sets up new clubs. Your club's admins sign in on your club's own address, not here.</p>
</section>
</main>
<footer>${domain}</footer>
</body>
</html>`;
}

/**
 * The landing page as an answer: 200 on the hosting domain's home, 404 anywhere else (`noClub`: a
 * host that names no club, said on the page); a 404 is never cached.
 */
export function landingResponse(hostingDomain: string, signInHref: string, status: 200 | 404, noClub = false) {
  return new Response(landingPage(hostingDomain, signInHref, noClub), {
    status,
    headers: { ...LANDING_HEADERS, 'Cache-Control': status === 200 ? 'public, max-age=300' : 'no-store' },
  });
}
