import { siteOrigin } from '../../lib/seo';
import type { Route } from './+types/robots';

/** Crawl the public site; keep out of the admin panel, the portal, sign-in and the API. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /players-area',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /initialize',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteOrigin(context)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
