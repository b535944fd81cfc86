import { count, eq, sql } from 'drizzle-orm';
import { isAdminLogin } from '../policy';
import type { DatabaseStatus, DatabaseStatusWithCounts, InitializationResult } from '../../shared/contracts/setup';
import type { Role } from '../../shared/roles';
import { SETUP_CODE_FIELD, SETUP_CODE_LOG_LINE, SETUP_CODE_REQUIRED, SETUP_CODE_THROTTLED, SETUP_CODE_WRONG } from '../../shared/setup';
import { generatePassword, hashPassword } from '../auth/passwords';
import { generateSetupCode, normalizeSetupCode, setupCodeMatches } from '../auth/setup-code';
import type { Db, DbOrTx } from '../db/client';
import { clubRoles, databaseInitialization, fixtures, news, products, setupCode, users } from '../db/schema';
import { storeFirstIdentity } from './club-identity';
import type { InitialIdentity } from '../../shared/contracts/club-identity';
import { seedSampleContent } from '../db/seed';
import { startEmptyClub } from '../db/empty-club';
import { log } from '../log';
import { DomainError, conflict, forbidden } from '../../shared/errors';
import { createRequestLimiter, type ThrottleLimits } from './throttle';

export const ALREADY_INITIALIZED = 'The database is already initialized.';

/**
 * Codes tried per client address, counted in the database like sign-in attempts (every app process
 * shares the counts). A code has about 2^59 values, so even a million addresses at this rate would
 * need hundreds of thousands of years on average. There is no cap for all addresses together:
 * anyone could use one to keep the owner out.
 */
export const DEFAULT_SETUP_CODE_LIMITS: Pick<ThrottleLimits, 'perAddress' | 'windowSeconds'> = { perAddress: 10, windowSeconds: 15 * 60 };

/** Who asks to initialize, and their proof of owning the server when it is needed. */
export interface InitializationRequest {
  /** The setup code from the server log, as typed. */
  setupCode?: string;
  /** The client's address, for the wrong-code throttle. */
  address?: string;
  /** The admin's e-mail address, as typed on /initialize (else ADMIN_EMAIL). */
  adminEmail?: string;
  /** Load the sample club (the default, as docs/product.md#initialize seeds it); false: start an empty club (issue 33). */
  sample?: boolean;
  /** The club's name and colour, as typed on /initialize (issue 33); left out: the sample club's. */
  identity?: InitialIdentity;
  /** The crest, uploaded with the /initialize form (optional): stored as the admin's uploads are. */
  crest?: { bytes: Uint8Array; name: string };
}

/**
 * The admin account, holding the admin club role. The address typed at /initialize or ADMIN_EMAIL is
 * given by whoever runs the club, so it counts as confirmed; without one, a placeholder the club
 * never mails, until the admin sets theirs in My account.
 */
async function createAdminAccount(tx: DbOrTx, options: { adminUsername: string }, email: string | undefined, passwordHash: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, options.adminUsername.toLowerCase()));
  if (taken) {
    throw conflict(`The username "${options.adminUsername}" is already taken by another account. Set ADMIN_USERNAME to another name and try again.`);
  }
  const [admin] = await tx
    .insert(users)
    .values({
      username: options.adminUsername,
      email: email ?? `${options.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@club.invalid`,
      email_confirmed_at: email ? new Date() : null,
      activated_at: new Date(),
      full_name: 'Club Administrator',
      role: 'admin',
      password_hash: passwordHash,
    })
    .returning({ id: users.id });
  await tx.insert(clubRoles).values({ user_id: admin.id, role: 'admin' });
}

const refusal = (kind: 'forbidden' | 'rate_limited', detail: string, retryAfterSeconds?: number) =>
  new DomainError(kind, detail, { errors: [{ field: SETUP_CODE_FIELD, message: detail }], retryAfterSeconds });

export type { DatabaseStatus, DatabaseStatusWithCounts };

/** Who may see how many accounts, products, news and fixtures the database holds: the admin. */
export const maySeeDatabaseCounts = isAdminLogin;

export type { InitializationResult };

/**
 * The setup code (ADR 029): the stored code, made on first need (and then printed: the log is where
 * the owner looks; every process on the database reads the same row), and the check of a typed one.
 */
function setupCodeDoor(db: Db, initializeUrl: string, setupCodeLimits?: Pick<ThrottleLimits, 'perAddress' | 'windowSeconds'>) {
  const limits = setupCodeLimits ?? DEFAULT_SETUP_CODE_LIMITS;
  // The address is the limiter's only subject (its key: setup-code:user:<address>).
  const codeLimiter = createRequestLimiter('setup-code', { ...limits, perUser: limits.perAddress }, SETUP_CODE_THROTTLED);

  async function currentCode() {
    const [made] = await db.insert(setupCode).values({ id: 1, code: generateSetupCode() }).onConflictDoNothing().returning({ code: setupCode.code });
    if (made) {
      log.warn(SETUP_CODE_LOG_LINE(initializeUrl, made.code));
      return { code: made.code, printed: true };
    }
    const [row] = await db.select({ code: setupCode.code }).from(setupCode);
    // Deleted between the two statements: initialization just finished.
    if (!row) throw conflict(ALREADY_INITIALIZED);
    return { code: row.code, printed: false };
  }

  /** Refuses (403, 429) unless the request has the setup code from the server log. */
  async function checkSetupCode(request: Pick<InitializationRequest, 'setupCode' | 'address'>) {
    const typed = normalizeSetupCode(request.setupCode ?? '');
    if (!typed) throw refusal('forbidden', SETUP_CODE_REQUIRED);
    // Counted before it is compared, so a burst of guesses is refused without looking at them.
    const limited = await codeLimiter.count(db, request.address ?? 'unknown');
    if (limited) throw refusal('rate_limited', limited.detail, limited.extra.retryAfterSeconds);
    if (!setupCodeMatches(typed, (await currentCode()).code)) throw refusal('forbidden', SETUP_CODE_WRONG);
  }
  return { currentCode, checkSetupCode };
}

/**
 * Database initialization (/initialize): seeds the sample content and the admin account, once.
 * While the database needs it, whoever owns the server may run it: proven by ADMIN_PASSWORD being
 * configured (the first visitor then cannot sign in as admin anyway), by the setup code printed in
 * the server log, or by being signed in as an admin. Afterwards it is refused with 409 and changes
 * nothing.
 */
export function createSetupService(
  db: Db,
  options: {
    adminUsername: string;
    adminPassword?: string;
    adminEmail?: string;
    publicUrl?: string;
    setupCodeLimits?: Pick<ThrottleLimits, 'perAddress' | 'windowSeconds'>;
  },
) {
  const initializeUrl = `${options.publicUrl ?? 'http://localhost:3000'}/initialize`;
  const { currentCode, checkSetupCode } = setupCodeDoor(db, initializeUrl, options.setupCodeLimits);
  const initialized = async () => (await db.select({ id: databaseInitialization.id }).from(databaseInitialization)).length > 0;

  /** Refuses (403, 429) unless the request proves the person owns the server. */
  async function checkOwnership(actor: { role: Role } | null, request: InitializationRequest) {
    if (options.adminPassword || isAdminLogin(actor)) return;
    await checkSetupCode(request);
  }

  /** What the caller may know of the database: whether it is set up; an admin also sees what it holds. */
  async function statusFor(actor: { role: Role } | null): Promise<DatabaseStatus> {
    if (maySeeDatabaseCounts(actor)) return status();
    const [init] = await db.select({ id: databaseInitialization.id }).from(databaseInitialization);
    return { needs_initialization: !init };
  }

  async function status(): Promise<DatabaseStatusWithCounts> {
    const [[init], [u], [p], [n], [f]] = await Promise.all([
      db.select({ id: databaseInitialization.id }).from(databaseInitialization),
      db.select({ value: count() }).from(users),
      db.select({ value: count() }).from(products),
      db.select({ value: count() }).from(news),
      db.select({ value: count() }).from(fixtures),
    ]);
    return { needs_initialization: !init, users_count: u.value, products_count: p.value, news_count: n.value, fixtures_count: f.value };
  }

  return {
    status,
    statusFor,
    /** Whether the club is set up (after /initialize or a club file's import). */
    initialized,
    /**
     * Bringing a club file to this install (issue 36): only before a club exists (409 after), and only
     * with the setup code from the server log, even when ADMIN_PASSWORD is set: the file brings its
     * own admin and password, so the first visitor must not be able to bring theirs.
     */
    async mayBringClubFile(request: Pick<InitializationRequest, 'setupCode' | 'address'>) {
      if (await initialized()) throw conflict(ALREADY_INITIALIZED);
      await checkSetupCode(request);
    },
    adminUsername: options.adminUsername,
    /** Whether /initialize must ask for the setup code (no ADMIN_PASSWORD configured); not of a signed-in admin. */
    needsSetupCode: !options.adminPassword,
    asksSetupCodeOf: (actor: { role: Role } | null) => !options.adminPassword && !isAdminLogin(actor),

    /**
     * At start-up: while the club is not set up and no ADMIN_PASSWORD is configured, prints the
     * setup code in the log (the same one at every start until it is used). Returns it, or null.
     * At warn level, so a quieter LOG_LEVEL still shows it.
     */
    async announceSetupCode(): Promise<string | null> {
      if (options.adminPassword || (await initialized())) return null;
      const { code, printed } = await currentCode();
      if (!printed) log.warn(SETUP_CODE_LOG_LINE(initializeUrl, code));
      return code;
    },

    async initialize(actor: { role: Role } | null, request: InitializationRequest = {}): Promise<InitializationResult> {
      if (actor && !isAdminLogin(actor)) throw forbidden();
      if (await initialized()) throw conflict(ALREADY_INITIALIZED);
      await checkOwnership(actor, request);
      const generated = options.adminPassword ? undefined : generatePassword();
      const password = options.adminPassword ?? generated!;
      const passwordHash = await hashPassword(password);

      await db.transaction(async (tx) => {
        // The single-row marker is the lock: a second, concurrent initialization inserts nothing.
        const inserted = await tx
          .insert(databaseInitialization)
          .values({ id: 1, admin_username: options.adminUsername })
          .onConflictDoNothing()
          .returning({ id: databaseInitialization.id });
        if (inserted.length === 0) throw conflict(ALREADY_INITIALIZED);

        await createAdminAccount(tx, options, request.adminEmail ?? options.adminEmail, passwordHash);
        await (request.sample === false ? startEmptyClub(tx) : seedSampleContent(tx));
        await storeFirstIdentity(tx, request.identity, request.crest);
        // Used: it is not asked for or printed again.
        await tx.delete(setupCode);
      });

      if (generated) {
        log.info(`Database initialized. Admin account "${options.adminUsername}" with generated password: ${generated}`);
      } else {
        log.info(`Database initialized. Admin account "${options.adminUsername}" uses ADMIN_PASSWORD.`);
      }
      return { ...(await status()), admin_username: options.adminUsername, admin_password: generated };
    },
  };
}
