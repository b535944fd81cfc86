import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SessionUser } from '../../shared/roles';
import { unauthenticated } from '../../shared/errors';
import { allow, type Actor } from '../policy';
import type { Services } from '../services';
import type { ClubResolver } from '../tenancy/host';
import type { Club } from '../tenancy/install-club';
import type { Operator } from '../services/hosting/operator';
import { validationHook } from './errors';

export interface AppVariables {
  services: Services;
  /** The signed-in user, resolved once per request from the Bearer header or the cookie. */
  user: SessionUser | null;
  authVia: 'bearer' | 'cookie' | null;
  token: string | undefined;
  clientAddress: string;
  /** Whether the request arrived over HTTPS (cookies get Secure). */
  secure: boolean;
  /** The club the request's host names (server/tenancy/host.ts); absent where the app runs without a resolver (tests). */
  club?: Club;
  /** 'hosting' on the hosting domain itself (the host's own site: no club, the operator's only). */
  site?: 'hosting';
  /** The host's operator signed in (only ever on the hosting domain; server/services/hosting/operator.ts). */
  operator?: Operator | null;
  /** Hosts to clubs (server/tenancy/host.ts), for the few routes that ask about a host other than the request's. */
  clubs?: ClubResolver;
  /** Set by hono/secure-headers for this response's Content-Security-Policy. */
  secureHeadersNonce?: string;
}
export type AppEnv = { Variables: AppVariables };

/** One small router per resource, all validating with the same error shape. */
export const router = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

type Middleware = (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void>;

/** A router with a guard on each of the given paths (run before any route's validation). */
export function guardedRouter(guards: Record<string, Middleware>) {
  const base = router();
  for (const [path, guard] of Object.entries(guards)) base.use(path, guard);
  return base;
}

export const servicesOf = (c: Context<AppEnv>) => c.get('services');

/** Runs `act` on the record named by the path's id, as the signed-in user, then answers `{ detail }`. */
export const doneById =
  (detail: string, act: (services: Services, user: SessionUser | null, id: string) => Promise<unknown>) =>
  async <P extends string>(c: Context<AppEnv, P, { out: { param: { id: string } } }>) => {
    await act(c.get('services'), c.get('user'), c.req.valid('param').id);
    return c.json({ detail }, 200);
  };

/** A GET of the records named by the path's id, never cached: what `load` answers the signed-in user. */
export const readById =
  <T>(load: (services: Services, user: SessionUser | null, id: string) => Promise<T>) =>
  async <P extends string>(c: Context<AppEnv, P, { out: { param: { id: string } } }>) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await load(c.get('services'), c.get('user'), c.req.valid('param').id), 200);
  };

/** A rule of the rule book (server/policy): whether the signed-in person may. */
export type Rule = (actor: Actor) => boolean;
/** Any login that is on. */
export const ANY_LOGIN: Rule = () => true;

/** 401 without a login, 403 unless the rule book's rule allows the signed-in person. */
export async function mayI(c: Context<AppEnv>, rule: Rule, detail?: string) {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  allow(rule(await c.get('services').access.actorOf(user)), detail);
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * For routers whose writes need a rule: refuse (401/403) before the body is validated, so an
 * anonymous or refused caller learns nothing about the input rules. The services check again.
 */
export const writesNeed = (rule: Rule) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (isWrite(c.req.method)) await mayI(c, rule);
  await next();
};
