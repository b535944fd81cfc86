import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { PLAYER_NOT_FOUND, todayIso } from '../../shared/players';
import type { MessageCreateInput } from '../../shared/contracts/documents';
import { MESSAGE_TO_JUNIOR } from '../../shared/guardians';
import { isJunior } from '../../shared/juniors';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { messageReads, messages, players } from '../db/schema';
import { invalid, notFound } from '../../shared/errors';
import { isUuid } from './ids';
import { allow, childRelation, mayEnterAdmin, mayMessageMember, mayMessageWholeClub, signedIn } from '../policy';

export const MESSAGE_WHOLE_CLUB = 'Only an admin or the secretary messages the whole club: message your players one at a time.';
export const MESSAGE_OWN_PLAYERS = 'You can message the players of your own teams only.';
import { newMessage } from '../mail/templates';
import type { MailService } from './mail';
import { notifyAllPlayers, notifyPlayer } from './notifications';
import type { ClubMessage } from '../../shared/contracts/documents';

export interface PlayerClubMessage extends ClubMessage {
  read: boolean;
}

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** Messages from the club to every player or one player; each player's read state is kept. */
export function createMessageService(db: Db, deps: { mail: MailService }) {
  const columns = {
    id: messages.id,
    subject: messages.subject,
    body: messages.body,
    player_id: messages.player_id,
    player_name: players.full_name,
    sender_name: messages.sender_name,
    created_at: messages.created_at,
  };

  return {
    /** Admins and staff send; the recipients get a notification. */
    async send(actor: SessionUser | null, input: Omit<MessageCreateInput, 'copy_guardians'> & { copy_guardians?: boolean }): Promise<ClubMessage> {
      const sender = await signedIn(db, actor);
      allow(mayEnterAdmin(sender));
      let playerName: string | null = null;
      // To everyone: the club (admins, the secretary); to one member: the club's officers and their coaches today (issue 30).
      if (!input.player_id) allow(mayMessageWholeClub(sender), MESSAGE_WHOLE_CLUB);
      if (input.player_id) {
        const [row] = isUuid(input.player_id)
          ? await db
              .select({ id: players.id, user_id: players.user_id, full_name: players.full_name, date_of_birth: players.date_of_birth })
              .from(players)
              .where(eq(players.id, input.player_id))
          : [];
        if (!row) throw invalid(PLAYER_NOT_FOUND, [{ field: 'player_id', message: PLAYER_NOT_FOUND }]);
        allow(mayMessageMember(sender, await childRelation(db, sender, row)), MESSAGE_OWN_PLAYERS);
        // No one-to-one messages from staff to a junior (FA safeguarding guidance): their parents or carers get it.
        if (isJunior(row.date_of_birth, todayIso()) && !input.copy_guardians) {
          throw invalid(`${row.full_name} is under 18. ${MESSAGE_TO_JUNIOR}`, [{ field: 'copy_guardians', message: MESSAGE_TO_JUNIOR }]);
        }
        playerName = row.full_name;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({ subject: input.subject, body: input.body, player_id: input.player_id, sender_user_id: sender.id, sender_name: sender.name })
          .returning();
        const note = { kind: 'message', title: `New message: ${row.subject}`, body: preview(row.body), link: '/players-area/messages' };
        if (row.player_id) await notifyPlayer(tx, row.player_id, note);
        else await notifyAllPlayers(tx, note);
        const mail = { template: newMessage, data: { subject: row.subject, body: row.body, senderName: row.sender_name }, dedupeKey: `message:${row.id}` };
        if (row.player_id) await deps.mail.toPlayer(tx, row.player_id, mail);
        else await deps.mail.toAllPlayers(tx, mail);
        return {
          id: row.id,
          subject: row.subject,
          body: row.body,
          player_id: row.player_id,
          player_name: playerName,
          sender_name: row.sender_name,
          created_at: row.created_at.toISOString(),
        };
      });
    },

    async list(actor: SessionUser | null): Promise<ClubMessage[]> {
      allow(mayMessageWholeClub(await signedIn(db, actor)));
      const rows = await db.select(columns).from(messages).leftJoin(players, eq(players.id, messages.player_id)).orderBy(desc(messages.created_at));
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    },

    /** Messages to all players or to this player, newest first, with this user's read state. */
    async listForPlayer(actor: SessionUser, playerId: string): Promise<PlayerClubMessage[]> {
      const rows = await db
        .select({ ...columns, read: sql<boolean>`${messageReads.user_id} is not null` })
        .from(messages)
        .leftJoin(players, eq(players.id, messages.player_id))
        .leftJoin(messageReads, and(eq(messageReads.message_id, messages.id), eq(messageReads.user_id, actor.id)))
        .where(or(isNull(messages.player_id), eq(messages.player_id, playerId)))
        .orderBy(desc(messages.created_at));
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    },

    async markRead(actor: SessionUser, playerId: string, messageId: string) {
      if (!isUuid(messageId)) throw notFound('Message not found');
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), or(isNull(messages.player_id), eq(messages.player_id, playerId))));
      if (!row) throw notFound('Message not found');
      await db.insert(messageReads).values({ message_id: messageId, user_id: actor.id }).onConflictDoNothing();
    },
  };
}
