import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The club's pages are Markdown, rendered and sanitised here, on the server, when saved (issue 33,
 * ADR 056): what pages serve is HTML that can only hold headings, paragraphs, lists, links,
 * emphasis and quotes. Raw HTML typed into the Markdown goes through the same allow-list, so a
 * `<script>`, a `style`, an `onerror=` or a `javascript:` link never reaches a visitor.
 */

/** Markdown without extensions that produce anything the allow-list would strip anyway. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** The page already has its h1 (its title): a page's own headings start at h2 and stop at h4. */
const HEADINGS = { h1: 'h2', h5: 'h4', h6: 'h4' } as const;

export const CLUB_PAGE_SANITISE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'blockquote'],
  allowedAttributes: { a: ['href', 'title'] },
  // Links go to web pages, e-mail addresses and phone numbers (or a page of this site: no scheme).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The contents of these go with them (the words of a script are not the page's words).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  transformTags: Object.fromEntries(Object.entries(HEADINGS).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {})])),
};

/** A page's Markdown as the HTML its visitors get: rendered, then sanitised. */
export function renderClubPage(source: string): string {
  const html = markdown.parse(source) as string;
  // A paragraph that held only removed markup goes too.
  return sanitizeHtml(html, CLUB_PAGE_SANITISE)
    .replace(/<p>\s*<\/p>\n?/g, '')
    .trim();
}
