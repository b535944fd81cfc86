import { club, pageTitle } from '../../shared/club';

/**
 * The image shown in link previews when a page has none of its own: the home page's pitch photo,
 * which names no club (the sample club's team picture says "Riverside Rovers FC": issue 33).
 */
export const DEFAULT_SHARE_IMAGE = '/images/hero-pitch-1600.webp';

/**
 * This site's public address (PUBLIC_URL), for canonical, Open Graph, sitemap and calendar links.
 * Never the request's Host: a request for another host must not write its name into a page the
 * cache then serves to everyone (issue 30, finding 9).
 */
export function siteOrigin(context: { services: { publicUrl: string } }) {
  return context.services.publicUrl;
}

/** An absolute URL for a path or URL (og:image must be absolute). */
export function absoluteUrl(origin: string, pathOrUrl: string) {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * <title>, description, canonical link, and the Open Graph + Twitter card tags that make a
 * pasted link (WhatsApp, Facebook, X) show a proper preview.
 */
export function pageMeta(options: {
  title?: string;
  description: string;
  origin?: string;
  path?: string;
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
}) {
  const title = pageTitle(options.title);
  const tags: Record<string, string>[] = [{ title }, { name: 'description', content: options.description }];
  if (!options.origin || options.path === undefined) return tags;
  const url = absoluteUrl(options.origin, options.path);
  const image = absoluteUrl(options.origin, options.image || DEFAULT_SHARE_IMAGE);
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: club().club_name },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: options.title ?? club().club_name },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: options.title ?? club().club_name },
    { name: 'twitter:description', content: options.description },
    { name: 'twitter:image', content: image },
  ];
}

/** The first `max` characters of a text, with an ellipsis when it was longer (the limits in docs/product.md are exact). */
export function truncateText(text: string, max: number) {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}…`;
}
