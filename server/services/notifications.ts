import { and, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import type { DbOrTx } from '../db/client';
import { notifications, players } from '../db/schema';
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

/** Notifies one player's user; a player without a login has nobody to notify. */
export async function notifyPlayer(tx: DbOrTx, playerId: string, input: NotificationInput) {
  const [player] = await tx.select({ user_id: players.user_id }).from(players).where(eq(players.id, playerId));
  if (!player?.user_id) return;
  await tx.insert(notifications).values({ user_id: player.user_id, kind: input.kind, title: input.title, body: input.body ?? '', link: input.link ?? null });
}

/** Notifies every member in good standing with a login (one notification each), e.g. a new fixture or a message to all. */
export async function notifyAllPlayers(tx: DbOrTx, input: NotificationInput) {
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${players.user_id}, ${input.kind}, ${input.title}, ${input.body ?? ''}, ${input.link ?? null}
    from ${players} where ${players.user_id} is not null and ${players.status} = 'active'`);
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

