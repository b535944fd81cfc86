import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { databaseInitialization, fixtures, news, products, users } from '../db/schema';
import { seedSampleContent } from '../db/seed';
import { log } from '../log';
import { conflict, forbidden } from './errors';

export const ALREADY_INITIALIZED = 'The database is already initialized.';

export interface DatabaseStatus {
  needs_initialization: boolean;
  users_count: number;
  products_count: number;
  news_count: number;
  fixtures_count: number;
}

export interface InitializationResult extends DatabaseStatus {
  admin_username: string;
  /** Present only when the password was generated: shown once, never stored in clear. */
  admin_password?: string;
}

/**
 * Database initialization (/initialize): seeds the sample content and the admin account, once.
 * Anyone may run it while the database needs it (a new club has no admin yet); afterwards it is
 * refused with 409 and changes nothing.
 */
export function createSetupService(db: Db, options: { adminUsername: string; adminPassword?: string }) {
  async function status(): Promise<DatabaseStatus> {
    const [[init], [u], [p], [n], [f]] = await Promise.all([
      db.select({ id: databaseInitialization.id }).from(databaseInitialization),
      db.select({ value: count() }).from(users),
      db.select({ value: count() }).from(products),
      db.select({ value: count() }).from(news),
      db.select({ value: count() }).from(fixtures),
    ]);
    return {
      needs_initialization: !init,
      users_count: u.value,
      products_count: p.value,
      news_count: n.value,
      fixtures_count: f.value,
    };
  }

  return {
    status,
    adminUsername: options.adminUsername,

    async initialize(actor: { role: Role } | null): Promise<InitializationResult> {
      if (actor && actor.role !== 'admin') throw forbidden();
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

        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.username})`, options.adminUsername.toLowerCase()));
        if (taken) {
          throw conflict(
            `The username "${options.adminUsername}" is already taken by another account. Set ADMIN_USERNAME to another name and try again.`,
          );
        }
        await tx.insert(users).values({
          username: options.adminUsername,
          email: `${options.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@club.invalid`,
          full_name: 'Club Administrator',
          role: 'admin',
          password_hash: passwordHash,
        });
        await seedSampleContent(tx);
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
