import { randomUUID } from 'node:crypto';
import { desc, eq, isNull, or } from 'drizzle-orm';
import { PLAYER_NOT_FOUND } from '../../shared/players';
import type { DocumentLinkInput } from '../../shared/contracts/documents';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { documents, players } from '../db/schema';
import { invalid, notFound } from '../../shared/errors';
import { allow, childRelation, mayPublishClubDocuments, mayReadClubDocuments, mayReadMemberDocuments, signedIn } from '../policy';
import { isUuid } from './ids';
import { newDocument } from '../mail/templates';
import type { MailService } from './mail';
import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, type UploadStore } from './uploads';
import type { ClubDocument } from '../../shared/contracts/documents';

export const documentFileUrl = (id: string) => `/api/documents/${id}/file`;

const toView = (d: typeof documents.$inferSelect): ClubDocument => ({
  id: d.id,
  title: d.title,
  description: d.description,
  kind: d.upload_id || d.url === documentFileUrl(d.id) ? 'file' : 'link',
  url: d.url,
  file_name: d.file_name,
  content_type: d.content_type,
  size_bytes: d.size_bytes,
  player_id: d.player_id,
  created_at: d.created_at.toISOString(),
});

/** Club documents: an uploaded file or a link, for every player or one. Admins publish them. */
export function createDocumentService(db: Db, uploadStore: UploadStore, deps: { mail: MailService }) {
  /** The player it is for, or every player, hears of a new document by e-mail (same transaction). */
  async function announce(tx: DbOrTx, row: typeof documents.$inferSelect) {
    const mail = { template: newDocument, data: { title: row.title, description: row.description }, dedupeKey: `document:${row.id}` };
    if (row.player_id) await deps.mail.toPlayer(tx, row.player_id, mail);
    else await deps.mail.toAllPlayers(tx, mail);
  }

  async function assertPublisher(actor: SessionUser | null) {
    allow(mayPublishClubDocuments(await signedIn(db, actor)), 'Only the secretary and admins publish the club’s documents.');
  }

  async function assertPlayer(playerId: string | null) {
    if (!playerId) return;
    if (!isUuid(playerId)) throw invalid(PLAYER_NOT_FOUND, [{ field: 'player_id', message: PLAYER_NOT_FOUND }]);
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
    if (!row) throw invalid(PLAYER_NOT_FOUND, [{ field: 'player_id', message: PLAYER_NOT_FOUND }]);
  }

  return {
    async list(actor: SessionUser | null) {
      await assertPublisher(actor);
      const rows = await db.select().from(documents).orderBy(desc(documents.created_at));
      return rows.map(toView);
    },

    /** Documents for every player plus those for this player, newest first. */
    async listForPlayer(playerId: string) {
      const rows = await db
        .select()
        .from(documents)
        .where(or(isNull(documents.player_id), eq(documents.player_id, playerId)))
        .orderBy(desc(documents.created_at));
      return rows.map(toView);
    },

    async publishLink(actor: SessionUser | null, input: DocumentLinkInput) {
      await assertPublisher(actor);
      await assertPlayer(input.player_id);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(documents)
          .values({ title: input.title, description: input.description, url: input.url, player_id: input.player_id })
          .returning();
        await announce(tx, inserted);
        return inserted;
      });
      return toView(row);
    },

    /** Checks the file (type by magic bytes, 10 MB), stores it and publishes it. Nothing is kept on refusal. */
    async publishFile(
      actor: SessionUser | null,
      input: { title: string; description: string | null; player_id: string | null },
      file: { bytes: Uint8Array; name: string },
    ) {
      await assertPublisher(actor);
      await assertPlayer(input.player_id);
      const upload = await uploadStore.save(db, file, { allowed: DOCUMENT_KINDS, maxBytes: DOCUMENT_MAX_BYTES });
      try {
        const id = randomUUID();
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
          .insert(documents)
          .values({
            id,
            title: input.title,
            description: input.description,
            url: documentFileUrl(id),
            file_name: upload.original_name,
            content_type: upload.content_type,
            size_bytes: upload.size_bytes,
            player_id: input.player_id,
            upload_id: upload.id,
          })
          .returning();
          await announce(tx, inserted);
          return inserted;
        });
        return toView(row);
      } catch (error) {
        await uploadStore.remove(db, upload.id);
        throw error;
      }
    },

    async remove(actor: SessionUser | null, id: string) {
      await assertPublisher(actor);
      if (!isUuid(id)) throw notFound('Document not found');
      const [row] = await db.delete(documents).where(eq(documents.id, id)).returning();
      if (!row) throw notFound('Document not found');
      if (row.upload_id) await uploadStore.remove(db, row.upload_id);
    },

    /**
     * The stored file for those it is for (rule book, issue 30): a document for everyone to the
     * people in the club (not a pending registrant); one member's to them, their parents or carers
     * and the club (admins, the secretary). Anyone else: 404, as if it did not exist.
     */
    async file(actor: SessionUser | null, id: string) {
      const me = await signedIn(db, actor);
      if (!isUuid(id)) throw notFound('Document not found');
      const [row] = await db.select().from(documents).where(eq(documents.id, id));
      if (!row || !row.upload_id) throw notFound('Document not found');
      if (row.player_id) {
        const [member] = await db
          .select({ id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth })
          .from(players)
          .where(eq(players.id, row.player_id));
        if (!member || !mayReadMemberDocuments(me, await childRelation(db, me, member))) throw notFound('Document not found');
      } else if (!mayReadClubDocuments(me)) throw notFound('Document not found');
      const upload = await uploadStore.find(db, row.upload_id);
      const bytes = upload ? await uploadStore.read(db, upload.id) : null;
      if (!upload || !bytes) throw notFound('The file of this document is missing.');
      return { bytes, content_type: upload.content_type, file_name: upload.original_name };
    },
  };
}

