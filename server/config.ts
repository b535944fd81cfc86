import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ANONYMOUS_WRITE_LIMITS, type AnonymousWriteLimits } from './services/throttle';
import { parseAllowedOrigins, vapidSubjectProblem } from './services/push/origins';

/** A limit per hour: a whole number from 1 (an empty value keeps the default). */
const perHour = (fallback: number) =>
  z
    .union([z.literal('').transform(() => fallback), z.coerce.number().int('must be a whole number').min(1).max(1_000_000)])
    .default(fallback);

/** A DNS host name: labels of letters, digits and hyphens, separated by dots. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_USERNAME: z.string().trim().min(3).max(50).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(200).optional()
    .or(z.literal('').transform(() => undefined)),
  /** The admin's e-mail address at initialization (staff notices, "Forgot password?"); the admin can change it later. */
  ADMIN_EMAIL: z.string().trim().max(200).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'ADMIN_EMAIL must be an e-mail address').optional()
    .or(z.literal('').transform(() => undefined)),
  /** Set when the app sits behind a reverse proxy that sets X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Database connections per app process; public reads come from the cache and the content memo,
   * so few are needed (each PostgreSQL connection is a process of about 10 MB: ADR 024).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(2),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Where e-mail goes out, e.g. smtp://user:pass@host:587 or smtps://…; unset, mail waits in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The address every mail comes from, e.g. "no-reply@example.org"; the name shown is the club's sender name (Settings → Club). */
  MAIL_FROM: z.string().trim().max(200).regex(/@/, 'MAIL_FROM must contain an e-mail address').optional()
    .or(z.literal('').transform(() => undefined)),
  /** Seconds to wait after the 1st, 2nd, … failed attempt before a mail is dead (default 60,300,1800,7200,43200). */
  MAIL_RETRY_DELAYS: z
    .string()
    .regex(/^\d+(,\d+){0,9}$/, 'MAIL_RETRY_DELAYS must be up to 10 whole numbers of seconds separated by commas, e.g. 60,300,1800')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Anonymous writes allowed per client address and hour (issue 30): registrations (players' and
   * parents'), Join Us applications, "Forgot password?" requests, shop orders.
   */
  LIMIT_REGISTRATIONS_PER_HOUR: perHour(DEFAULT_ANONYMOUS_WRITE_LIMITS.registration),
  LIMIT_JOIN_US_PER_HOUR: perHour(DEFAULT_ANONYMOUS_WRITE_LIMITS.join_us),
  LIMIT_PASSWORD_REQUESTS_PER_HOUR: perHour(DEFAULT_ANONYMOUS_WRITE_LIMITS.forgot_password),
  LIMIT_ORDERS_PER_HOUR: perHour(DEFAULT_ANONYMOUS_WRITE_LIMITS.order),
  /**
   * Who runs the site, for the push services (RFC 8292): a `mailto:` or `https:` address they can
   * reach. Unset, Web Push is off and every notification goes by e-mail (issue 35).
   */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = value ? vapidSubjectProblem(value) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .transform((v) => v || undefined),
  /** Origins of push services besides the real ones (FCM, Mozilla, Apple, Microsoft), comma-separated: e.g. a test's own. */
  PUSH_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseAllowedOrigins(value ?? '');
      if (parsed.problem) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed.origins;
    }),
  /**
   * Turns hosting on (issue 36, ADR 065): the install serves many clubs, each at
   * `{slug}.{HOSTING_DOMAIN}`. Unset, the install serves its one club on every address.
   */
  HOSTING_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/\.$/, ''))
    .pipe(z.union([z.literal(''), z.string().regex(HOST_NAME, 'HOSTING_DOMAIN must be a host name, e.g. clubs.example.org')]))
    .optional()
    .transform((v) => v || undefined),
  /**
   * The host's operator (issue 36): made or updated at every start, signs in on HOSTING_DOMAIN itself
   * (never a club's admin). A changed password ends the operator's sessions.
   */
  OPERATOR_USERNAME: z.string().trim().min(3, 'OPERATOR_USERNAME must be at least 3 characters').max(50).optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_PASSWORD: z.string().min(12, 'OPERATOR_PASSWORD must be at least 12 characters').max(200).optional()
    .or(z.literal('').transform(() => undefined)),
  /** The site's public address, for links in mails. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' }).optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.OPERATOR_USERNAME) !== Boolean(e.OPERATOR_PASSWORD)) {
    throw new Error('Invalid environment:\n  OPERATOR_USERNAME and OPERATOR_PASSWORD are set together (the operator needs both), or neither');
  }
  if (e.OPERATOR_USERNAME && !e.HOSTING_DOMAIN) {
    throw new Error('Invalid environment:\n  OPERATOR_USERNAME: the operator signs in on HOSTING_DOMAIN, which is not set (a single-club install has no operator)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
    mailRetryDelaysMs: e.MAIL_RETRY_DELAYS?.split(',').map((s) => Math.max(1, Number(s)) * 1000),
    anonymousWriteLimits: {
      registration: e.LIMIT_REGISTRATIONS_PER_HOUR,
      join_us: e.LIMIT_JOIN_US_PER_HOUR,
      forgot_password: e.LIMIT_PASSWORD_REQUESTS_PER_HOUR,
      order: e.LIMIT_ORDERS_PER_HOUR,
    } satisfies AnonymousWriteLimits,
    /** Web Push is on when set (issue 35). */
    vapidSubject: e.VAPID_SUBJECT,
    pushAllowedOrigins: e.PUSH_ALLOWED_ORIGINS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    /** Set: many clubs, each at {slug}.{hostingDomain} (server/tenancy/host.ts); unset: the one club on every host. */
    hostingDomain: e.HOSTING_DOMAIN,
    /** The host's operator (OPERATOR_USERNAME and OPERATOR_PASSWORD), only with hosting on. */
    operator: e.OPERATOR_USERNAME && e.OPERATOR_PASSWORD ? { username: e.OPERATOR_USERNAME, password: e.OPERATOR_PASSWORD } : undefined,
    /** Set only when PUBLIC_URL is: then requests for any other host (but this machine's own names) answer 421. */
    servedHost: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined,
  };
}
