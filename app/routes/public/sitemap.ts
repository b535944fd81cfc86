import { siteOrigin } from '../../lib/seo';
import type { Route } from './+types/sitemap';

/** The public pages search engines should know about. */
export const SITEMAP_STATIC_PATHS = ['/', '/squad', '/fixtures', '/news', '/about', '/sponsors', '/join-us', '/shop', '/privacy'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const [articles, players, fixtures] = await Promise.all([
    context.services.news.listPublished(),
    context.services.squad.list(),
    context.services.fixtures.list(),
  ]);
  const urls = [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: `${origin}${path}`, lastmod: null as string | null })),
    ...articles.map((a) => ({ loc: `${origin}/news/${a.id}`, lastmod: a.created_at.slice(0, 10) })),
    // A junior's page is for the club's families, not search engines (issue 31: it is noindex too).
    ...players.filter((p) => p.age_group === null).map((p) => ({ loc: `${origin}/player/${p.id}`, lastmod: null })),
    ...fixtures.map((f) => ({ loc: `${origin}/fixtures/${f.id}`, lastmod: null })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n') +
    '\n</urlset>\n';
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
