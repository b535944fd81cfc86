import { and, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import type { DbOrTx } from '../db/client';
import { guardians, notifications, players } from '../db/schema';
import { isJunior } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import { notFound, unauthenticated } from '../../shared/errors';
import { isUuid } from './ids';
import type { Notification } from '../../shared/contracts/notifications';

export interface NotificationInput {
  /** What happened: 'feedback', 'payment', 'message', 'fixture', … */
  kind: string;
  title: string;
  body?: string;
  /** Where in the site the player can see it, e.g. '/players-area/payments'. */
  link?: string | null;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * Notifies one player's login, and, while the player is under 18, their parents and carers (issue
 * 23: what the club tells a child, the adults who look after them see too): "For Sam: …", linking
 * to the child's page in their Players' Area. A player without a login reaches only those;
 * `child: false` tells only the adults (a payment request a parent or carer pays).
 */
export async function notifyPlayer(tx: DbOrTx, playerId: string, input: NotificationInput, options: { child?: boolean } = {}) {
  const [player] = await tx
    .select({ user_id: players.user_id, full_name: players.full_name, date_of_birth: players.date_of_birth })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) return;
  const note = { kind: input.kind, title: input.title, body: input.body ?? '', link: input.link ?? null };
  const rows = player.user_id && options.child !== false ? [{ user_id: player.user_id, ...note }] : [];
  if (isJunior(player.date_of_birth, todayIso())) {
    const links = await tx.select({ user_id: guardians.user_id }).from(guardians).where(eq(guardians.player_id, playerId));
    const forGuardian = { ...note, title: `For ${firstName(player.full_name)}: ${input.title}`, link: `/players-area/children/${playerId}` };
    for (const link of links) if (link.user_id !== player.user_id) rows.push({ user_id: link.user_id, ...forGuardian });
  }
  if (rows.length) await tx.insert(notifications).values(rows);
}

/**
 * Notifies every member in good standing with a login (one notification each), e.g. a new fixture
 * or a message to all, and the parents and carers of members under 18 who are not members
 * themselves (one each, however many children they have; with no link, as the members' pages are
 * not theirs: the mail brings them the whole text).
 */
export async function notifyAllPlayers(tx: DbOrTx, input: NotificationInput) {
  const today = todayIso();
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${players.user_id}, ${input.kind}, ${input.title}, ${input.body ?? ''}, ${input.link ?? null}
    from ${players} where ${players.user_id} is not null and ${players.status} = 'active'
    union
    select g.user_id, ${input.kind}, ${input.title}, ${input.body ?? ''}, null
    from ${guardians} g join ${players} child on child.id = g.player_id
    where child.status = 'active' and child.date_of_birth > (${today}::date - interval '18 years')
      and not exists (select 1 from ${players} own where own.user_id = g.user_id and own.status = 'active')`);
}

export const NOTIFICATIONS_LIMIT = 50;

/** A signed-in user's own notifications and their read state. */
export function createNotificationService(db: DbOrTx) {
  return {
    async list(actor: SessionUser | null): Promise<Notification[]> {
      if (!actor) throw unauthenticated();
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.user_id, actor.id))
        .orderBy(desc(notifications.created_at))
        .limit(NOTIFICATIONS_LIMIT);
      return rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        read: n.read_at !== null,
        read_at: n.read_at?.toISOString() ?? null,
        created_at: n.created_at.toISOString(),
      }));
    },

    async markRead(actor: SessionUser | null, id: string) {
      if (!actor) throw unauthenticated();
      if (!isUuid(id)) throw notFound('Notification not found');
      const [row] = await db
        .update(notifications)
        .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.user_id, actor.id)))
        .returning({ id: notifications.id });
      if (!row) throw notFound('Notification not found');
    },

    async unreadCount(actor: SessionUser) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.user_id, actor.id), sql`${notifications.read_at} is null`));
      return row?.n ?? 0;
    },
  };
}
