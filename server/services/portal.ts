import type { SessionUser } from '../../shared/roles';
import type { createDocumentService } from './documents';
import type { createMessageService } from './messages';
import type { PlayerService } from './players';

/** The portal's reads of club documents and messages: always the signed-in player's own. */
export function createPortalService(deps: {
  players: PlayerService;
  documents: ReturnType<typeof createDocumentService>;
  messages: ReturnType<typeof createMessageService>;
}) {
  return {
    async myDocuments(actor: SessionUser | null) {
      return deps.documents.listForPlayer(await deps.players.linkedPlayerId(actor));
    },
    async myMessages(actor: SessionUser | null) {
      const playerId = await deps.players.linkedPlayerId(actor);
      return deps.messages.listForPlayer(actor!, playerId);
    },
    async readMessage(actor: SessionUser | null, messageId: string) {
      const playerId = await deps.players.linkedPlayerId(actor);
      await deps.messages.markRead(actor!, playerId, messageId);
    },
  };
}
