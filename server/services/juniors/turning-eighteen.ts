/**
 * Thirty days before a junior turns 18 (issue 23): one mail to them and one to each guardian, once
 * (junior_notices makes the run safe to repeat and to run in several processes at once).
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { eighteenthBirthday } from '../../../shared/juniors';
import { formatDateGB } from '../../../shared/dates';
import { todayIso } from '../../../shared/players';
import { guardians, juniorNotices, players, users } from '../../db/schema';
import { turningEighteen } from '../../mail/templates';
import type { JuniorContext } from './context';
import { firstName } from './context';

export const TURNING_18_NOTICE = 'turning_18';
export const TURNING_18_DAYS = 30;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function turningEighteenUseCases({ db, mail }: JuniorContext) {
  return {
    /** The job's run: every junior whose 18th birthday is within 30 days and who has not been told yet. Returns how many were told. */
    async noticeTurningEighteen(today = todayIso()) {
      const horizon = addDays(today, TURNING_18_DAYS);
      // Born between 18 years before (today, horizon]: a rough cut in SQL, the exact day (29 February) in code.
      const candidates = await db
        .select({ id: players.id, full_name: players.full_name, date_of_birth: players.date_of_birth, user_id: players.user_id })
        .from(players)
        .where(
          and(
            isNotNull(players.date_of_birth),
            ne(players.status, 'left'),
            sql`${players.date_of_birth} > (${today}::date - interval '18 years' - interval '2 days')`,
            sql`${players.date_of_birth} <= (${horizon}::date - interval '18 years' + interval '2 days')`,
            sql`not exists (select 1 from ${juniorNotices} where ${juniorNotices.player_id} = ${players.id} and ${juniorNotices.kind} = ${TURNING_18_NOTICE})`,
          ),
        );
      let told = 0;
      for (const child of candidates) {
        const birthday = eighteenthBirthday(child.date_of_birth!);
        if (birthday <= today || birthday > horizon) continue;
        const sent = await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(juniorNotices)
            .values({ player_id: child.id, kind: TURNING_18_NOTICE })
            .onConflictDoNothing()
            .returning({ player_id: juniorNotices.player_id });
          if (claimed.length === 0) return false;
          const data = { firstName: firstName(child.full_name), birthday: formatDateGB(birthday) };
          const dedupeKey = `turning-18:${child.id}`;
          // The guardians, each with their own mail; and the child at their own address (17 now, this is about them becoming an adult member).
          const links = await tx.select({ user_id: guardians.user_id }).from(guardians).where(eq(guardians.player_id, child.id));
          if (links.length)
            await mail.toUsersWhere(
              tx,
              inArray(
                users.id,
                links.map((l) => l.user_id),
              ),
              { template: turningEighteen, data, dedupeKey },
            );
          if (child.user_id) {
            const [own] = await tx.select({ email: users.email, full_name: users.full_name }).from(users).where(eq(users.id, child.user_id));
            if (own?.email && !own.email.endsWith('.invalid'))
              await mail.toAddress(tx, own.email, { template: turningEighteen, data, dedupeKey: `${dedupeKey}:self` }, { name: own.full_name });
          }
          return true;
        });
        if (sent) told += 1;
      }
      return told;
    },
  };
}
