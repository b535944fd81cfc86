import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/public/home.tsx'),
  route('login', 'routes/auth/login.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  route('initialize', 'routes/setup/initialize.tsx'),
  route('players-area', 'routes/portal/_layout.tsx', [index('routes/portal/dashboard.tsx')]),
  route('admin', 'routes/admin/_layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('players', 'routes/admin/players.tsx'),
    route('player-management', 'routes/admin/player-management.tsx'),
    route('fixtures', 'routes/admin/fixtures.tsx'),
    route('sponsors', 'routes/admin/sponsors.tsx'),
    route('news', 'routes/admin/news.tsx'),
    route('join-us', 'routes/admin/join-us.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('documents', 'routes/admin/documents.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
