import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/public/_layout.tsx', [
    index('routes/public/home.tsx'),
    route('squad', 'routes/public/squad.tsx'),
    route('player/:playerId', 'routes/public/player.tsx'),
    route('fixtures', 'routes/public/fixtures.tsx'),
    route('news', 'routes/public/news.tsx'),
    route('news/:id', 'routes/public/news-article.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('sponsors', 'routes/public/sponsors.tsx'),
    route('join-us', 'routes/public/join-us.tsx'),
  ]),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),
  route('login', 'routes/auth/login.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  route('initialize', 'routes/setup/initialize.tsx'),
  route('players-area', 'routes/portal/_layout.tsx', [index('routes/portal/dashboard.tsx')]),
  route('admin', 'routes/admin/_layout.tsx', [index('routes/admin/dashboard.tsx')]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
