import { createHash } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AVAILABILITY_STATUSES } from '../../../shared/availability';
import { isJunior, isUnder16, seasonOf } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { guardians, juniorNotices, players } from '../../db/schema';
import { availabilityDigest, availabilityRequest } from '../../mail/templates';
import type { AvailabilityDigestMail } from '../../mail/templates/availability-digest';
import { hasConsent } from '../juniors/consents';
import type { AvailabilityContext } from './context';
import type { AvailabilityEvent } from './events';

/** One fixture's due automatic reminder: its dedupe key per player and how far off kick-off is ("6 days"). */
export interface DueReminder {
  event: AvailabilityEvent;
  keyOf: (playerId: string) => string;
  kickoffIn: string;
}

type Entry = AvailabilityDigestMail['children'][number] & { key: string };

/**
 * The automatic reminders of one run (issue 23): adults as before, one mail each; a junior's
 * reminders go to their parents and carers as ONE mail per parent, listing every child of theirs
 * due a reminder in this run with each child's answer links. Once per child and stage (junior_notices).
 */
export function reminderDigests(ctx: AvailabilityContext) {
  const { db, deps, unanswered, askPlayer, linkPath } = ctx;
  return {
    async askUnansweredInOneRun(dues: readonly DueReminder[]) {
      const today = todayIso();
      return db.transaction(async (tx) => {
        let queued = 0;
        const perGuardian = new Map<string, Entry[]>();
        for (const due of dues) {
          const ids = await unanswered(tx, due.event);
          if (ids.length === 0) continue;
          const rows = await tx
            .select({ id: players.id, full_name: players.full_name, date_of_birth: players.date_of_birth, user_id: players.user_id })
            .from(players)
            .where(inArray(players.id, ids));
          for (const p of rows) {
            const key = due.keyOf(p.id);
            if (!isJunior(p.date_of_birth, today)) {
              queued += await askPlayer(tx, due.event, p.id, key, { reminder: due.kickoffIn });
              continue;
            }
            const claimed = await tx.insert(juniorNotices).values({ player_id: p.id, kind: key }).onConflictDoNothing().returning({ kind: juniorNotices.kind });
            if (claimed.length === 0) continue;
            const answerPaths = {} as Entry['answerPaths'];
            for (const status of AVAILABILITY_STATUSES) answerPaths[status] = await linkPath(due.event.kind, due.event.id, p.id, status, tx);
            const event = { ...due.event, locksAt: due.event.locks_at };
            // A 16-17 year old with the direct-contact consent is asked at their own address too.
            if (p.user_id && !isUnder16(p.date_of_birth, today) && (await hasConsent(tx, p.id, seasonOf(today), 'direct_contact'))) {
              queued += await deps.mail.toAudience(tx, new Map([[p.user_id, []]]), {
                template: availabilityRequest,
                data: { event, askedBy: { reminder: due.kickoffIn }, answerPaths },
                dedupeKey: key,
              });
            }
            const entry: Entry = { firstName: p.full_name.trim().split(/\s+/)[0]!, event, kickoffIn: due.kickoffIn, answerPaths, key };
            // View-only guardians see the child's schedule in the Players' Area: no answer links for them.
            const answering = await tx
              .select({ user_id: guardians.user_id })
              .from(guardians)
              .where(and(eq(guardians.player_id, p.id), ne(guardians.level, 'view_only')));
            for (const g of answering) {
              perGuardian.set(g.user_id, [...(perGuardian.get(g.user_id) ?? []), entry]);
            }
          }
        }
        for (const [guardianId, entries] of perGuardian) {
          const digestKey = createHash('sha256')
            .update(entries.map((e) => e.key).join('|'))
            .digest('hex')
            .slice(0, 32);
          queued += await deps.mail.toAudience(tx, new Map([[guardianId, []]]), {
            template: availabilityDigest,
            data: { children: entries.map(({ key: _key, ...child }) => child) },
            dedupeKey: `availability-digest:${digestKey}`,
          });
        }
        return queued;
      });
    },
  };
}
