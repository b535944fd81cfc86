/**
 * A page sent without React, kept for its next signed-in visitors (ADR 028, server/cache.ts): the
 * page with its site header cut out and its CSP nonce taken out, and the header on its own. Serving it
 * puts a member's header and the response's nonce back. Neither stand-in can occur in a rendered
 * page: React writes no NUL characters.
 */
export const PAGE_HEADER_SLOT = '\u0000header\u0000';
export const PAGE_NONCE_SLOT = '\u0000nonce\u0000';

const HEADER_OPEN = '<header';
const HEADER_CLOSE = '</header>';

/**
 * The page split around its first <header> element (the site header: app/root.tsx writes it first in
 * <body>, and it holds no other header), with every `nonce="…"` of this response's nonce replaced.
 * Undefined when the page has no header or the nonce is missing (nothing to keep then).
 */
export function splitPageAtHeader(html: string, nonce: string | undefined): { template: string; header: string } | undefined {
  if (!nonce) return undefined;
  const start = html.indexOf(HEADER_OPEN, html.indexOf('<body'));
  const end = start === -1 ? -1 : html.indexOf(HEADER_CLOSE, start);
  if (start === -1 || end === -1) return undefined;
  const stop = end + HEADER_CLOSE.length;
  const header = html.slice(start, stop);
  if (header.includes(nonce)) return undefined;
  const template = `${html.slice(0, start)}${PAGE_HEADER_SLOT}${html.slice(stop)}`.replaceAll(`nonce="${nonce}"`, `nonce="${PAGE_NONCE_SLOT}"`);
  // A nonce anywhere else (not in an attribute) would be sent again to the next visitor: keep nothing.
  if (template.includes(nonce)) return undefined;
  return { template, header };
}

/** The page again, with this header and nonce. */
export function fillPageTemplate(template: string, header: string, nonce: string | undefined): string {
  return template.replace(PAGE_HEADER_SLOT, () => header).replaceAll(`nonce="${PAGE_NONCE_SLOT}"`, () => `nonce="${nonce ?? ''}"`);
}

/** The key a page is kept under: its URL without the fragment (origin, path and query). */
export function pageKey(url: URL): string {
  return `${url.origin}${url.pathname}${url.search}`;
}
