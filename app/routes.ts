import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/public/home.tsx'),
  route('shop', 'routes/shop/shop.tsx'),
  route('shop/product/:id', 'routes/shop/product.tsx'),
  route('login', 'routes/auth/login.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  route('initialize', 'routes/setup/initialize.tsx'),
  route('register', 'routes/auth/register.tsx'),
  route('players-area', 'routes/portal/_layout.tsx', [
    index('routes/portal/dashboard.tsx'),
    route('profile', 'routes/portal/profile.tsx'),
    route('payments', 'routes/portal/payments.tsx'),
    route('feedback', 'routes/portal/feedback.tsx'),
    route('schedule', 'routes/portal/schedule.tsx'),
    route('documents', 'routes/portal/documents.tsx'),
    route('messages', 'routes/portal/messages.tsx'),
    route('stats', 'routes/portal/stats.tsx'),
  ]),
  route('admin', 'routes/admin/_layout.tsx', [index('routes/admin/dashboard.tsx')]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
