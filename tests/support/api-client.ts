import { E2E_ADMIN_PASSWORD } from './server';
/** A tiny JSON client for a running server, signed in with a Bearer token (no cookies, no CSRF). */
export async function apiClient(baseURL: string, username: string, password: string) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return async function call<T = any>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${baseURL}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${access_token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/**
 * One JSON request to a running server as any client sends it (a Bearer token when given): the
 * status and the parsed body (null when empty), with the raw text and the method for error messages.
 */
export async function fetchJson<T = any>(baseURL: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, ok: response.ok, method, text, body: (text ? JSON.parse(text) : null) as T };
}

/** A name no other test uses. */
export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * Registers a player through the public API (as /register does) and returns the credentials to
 * sign in with. Fields default to a valid registration; pass any to override them. The club then
 * approves them (as a new player of the first team), unless `{ pending: true }`: a registration
 * waits for approval (issue 21).
 */
export async function registerPlayer(baseURL: string, prefix: string, fields: Record<string, unknown> = {}, options: { pending?: boolean } = {}) {
  const username = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const password = `${prefix}-pass-1`;
  const res = await fetch(`${baseURL}/api/players/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      email: `${username}@example.com`,
      full_name: 'Pat Player',
      phone_number: '07700 900111',
      date_of_birth: '1990-01-15',
      position_preference: 'Midfielder',
      emergency_contact_name: 'Robin Player',
      emergency_contact_phone: '07700 900222',
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const { player_id } = (await res.json()) as { player_id: string };
  if (!options.pending) {
    const admin = await apiClient(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    await admin(`/api/admin/registrations/${player_id}/approve`, { body: {} });
  }
  return { username, password, email: `${username}@example.com`, playerId: player_id };
}
