import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SessionUser } from '../../shared/roles';
import type { Services } from '../services';
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
  /** Set by hono/secure-headers for this response's Content-Security-Policy. */
  secureHeadersNonce?: string;
}
export type AppEnv = { Variables: AppVariables };

/** One small router per resource, all validating with the same error shape. */
export const router = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const servicesOf = (c: Context<AppEnv>) => c.get('services');
