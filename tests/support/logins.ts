/** A login written straight into the database, for tests where no API makes one that way. */
import { hashPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema';
import type { Role } from '../../shared/roles';

/** A login as a member in good standing has it: address confirmed, own password chosen. */
export async function insertLogin(db: Db, login: { username: string; password: string; full_name: string; email?: string; role?: Role }) {
  const [user] = await db
    .insert(users)
    .values({
      username: login.username,
      email: login.email ?? `${login.username}@example.com`,
      full_name: login.full_name,
      role: login.role ?? 'player',
      password_hash: await hashPassword(login.password),
      email_confirmed_at: new Date(),
      activated_at: new Date(),
    })
    .returning();
  return user!;
}
