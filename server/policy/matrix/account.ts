/** The access matrix (issue 30): health, signing in, one’s own account, set-up and the shop. */
import { ADMIN, EVERYONE, row, SIGNED_IN, SIGNED_OUT, unique, VOLUNTEERS, without, type Row } from './personas';

const productBody = { name: 'Club mug', description: 'A mug.', category: 'Gifts', price: 8.5, stock: 40, sizes: [], images: ['/images/seed/bar-scarf.svg'] };

export const ACCOUNT_ROWS: Row[] = [
  // --- Health, sign-in and the account itself ---
  row('GET /api/health', { allow: EVERYONE }),
  row('POST /api/auth/login', {
    // Each persona signs in with their own password (the visitor with the player's): a login that is switched off or has left is refused.
    body: (b) => ({ username: b.me.username ?? b.x.playerUsername, password: b.me.password ?? b.x.playerPassword }),
    allow: without(EVERYONE, 'left', 'switchedOff'),
    deny: [401, 403],
  }),
  row('GET /api/auth/me', { allow: SIGNED_IN }),
  row('PUT /api/auth/me', {
    body: (b) => ({ email: `new_${unique()}@example.com`, current_password: b.me.password }),
    // A junior's e-mail is changed by a parent or the club, never by their own login (finding 4).
    allow: without(SIGNED_IN, 'junior14'),
  }),
  row('POST /api/auth/logout', { allow: EVERYONE, freshSession: true }),
  row('POST /api/auth/forgot-password', { body: () => ({ email: `nobody_${unique()}@example.com` }), allow: EVERYONE, ok: [429] }),
  row('POST /api/auth/reset-password', { body: { token: 'not-a-real-reset-link', password: 'a brand new password' }, allow: EVERYONE, ok: [400, 422] }),
  row('PUT /api/auth/password', {
    body: (b) => ({ current_password: b.me.password, new_password: b.me.password }),
    allow: SIGNED_IN,
    ok: [422],
    freshSession: true,
  }),
  row('POST /api/auth/confirm-email', { body: { token: 'not-a-real-confirmation-link' }, allow: EVERYONE, ok: [400, 409, 422] }),

  // --- Set-up and the admin panel ---
  row('GET /api/admin/database-status', { allow: EVERYONE }),
  row('POST /api/admin/initialize-database', {
    body: {},
    allow: SIGNED_OUT,
    ok: [409],
    deny: [403, 409],
    why: 'set up once: 409 afterwards (403 for a signed-in caller)',
  }),
  row('GET /api/admin/dashboard', { allow: VOLUNTEERS }),
  row('GET /api/admin/my-teams', { allow: VOLUNTEERS }),

  // --- Shop ---
  row('GET /api/products', { allow: EVERYONE }),
  row('POST /api/products', { body: productBody, allow: ADMIN }),
  row('GET /api/products/categories', { allow: EVERYONE }),
  row('GET /api/products/{id}', { params: { id: 'product' }, allow: EVERYONE }),
  row('PUT /api/products/{id}', { params: { id: 'product' }, body: productBody, allow: ADMIN }),
  row('DELETE /api/products/{id}', { fresh: 'product', allow: ADMIN }),
  row('POST /api/orders', {
    body: (b) => ({
      product_id: b.x.product,
      quantity: 1,
      customer_name: 'Robin Buyer',
      customer_email: `robin_${unique()}@example.com`,
      customer_phone: '07700 900123',
    }),
    allow: EVERYONE,
    ok: [429],
    why: 'anyone may order; the abuse limit (finding 11) may answer 429',
  }),
  row('GET /api/orders', { allow: ADMIN }),
  row('GET /api/orders/receipt/{token}', { params: { token: 'orderToken' }, allow: EVERYONE }),
  row('GET /api/orders/{id}', { params: { id: 'order' }, allow: ADMIN }),
  row('PATCH /api/orders/{id}', { fresh: 'order', body: { status: 'confirmed' }, allow: ADMIN }),
  row('PUT /api/orders/{id}', { fresh: 'order', body: { status: 'confirmed' }, allow: ADMIN }),
];
