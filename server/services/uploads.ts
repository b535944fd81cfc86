import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { uploadContents, uploads } from '../db/schema';
import { DomainError, invalid } from '../../shared/errors';
import { looksLikeSvg } from './svg';

/** File kinds we accept, recognised by their first bytes (never by the name the client gave). */
export const FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  png: { contentType: 'image/png', extension: 'png', label: 'PNG' },
  webp: { contentType: 'image/webp', extension: 'webp', label: 'WebP' },
  // Issue 33 (a club's crest): cleaned before it is stored, served sandboxed (server/services/svg.ts).
  svg: { contentType: 'image/svg+xml', extension: 'svg', label: 'SVG' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export const DOCUMENT_KINDS: FileKind[] = ['pdf', 'jpeg', 'png', 'webp'];
export const IMAGE_KINDS: FileKind[] = ['jpeg', 'png', 'webp', 'svg'];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The kind of a file from its magic bytes, or null when it is none we know. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'; // RIFF....WEBP
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** A name safe for a Content-Disposition header: letters, digits, dot, dash, underscore, space. */
export function safeFileName(name: string, fallback = 'file') {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = base.replace(/[^A-Za-z0-9._ -]+/g, '_').replace(/^[.\s]+/, '').slice(-120).trim();
  return cleaned || fallback;
}

export interface StoredUpload {
  id: string;
  stored_name: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
}

/** Names are random and never reused, so a name is also a strong validator for its bytes. */
export const etagOf = (storedName: string) => `"${storedName}"`;

/**
 * Uploaded files, with random names, live in PostgreSQL (docs/decisions/013-uploads-in-the-database.md):
 * the uploads table says what they are, upload_contents holds their bytes. Used for club documents
 * and, by the admin panel, for images.
 */
export function createUploadStore() {
  return {
    /**
     * Checks the kind and size, then records the file and its bytes in one transaction. Throws 422
     * for a kind not in `allowed`, 413 above `maxBytes`; nothing is stored then.
     */
    async save(
      db: DbOrTx,
      file: { bytes: Uint8Array; name: string },
      options: { allowed: FileKind[]; maxBytes: number },
    ): Promise<StoredUpload> {
      if (file.bytes.length > options.maxBytes) {
        throw new DomainError('too_large', `The file is too large: the limit is ${megabytes(options.maxBytes)}.`);
      }
      if (file.bytes.length === 0) throw invalid('The file is empty.');
      const kind = sniffFileKind(file.bytes);
      if (!kind || !options.allowed.includes(kind)) {
        const labels = options.allowed.map((k) => FILE_KINDS[k].label);
        throw invalid(`This file type is not allowed: upload a ${labels.slice(0, -1).join(', ')}${labels.length > 1 ? ' or ' : ''}${labels.at(-1)} file.`);
      }
      const { contentType, extension } = FILE_KINDS[kind];
      const storedName = `${randomBytes(16).toString('base64url')}.${extension}`;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(uploads)
          .values({
            stored_name: storedName,
            original_name: safeFileName(file.name, `file.${extension}`),
            content_type: contentType,
            size_bytes: file.bytes.length,
          })
          .returning();
        const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
        await tx.insert(uploadContents).values({ upload_id: row.id, bytes });
        return row;
      });
    },

    async find(db: DbOrTx, id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },

    /** An upload's bytes, or null when it has none (a file that went missing before it was moved in). */
    async read(db: DbOrTx, id: string): Promise<Buffer | null> {
      const [row] = await db.select({ bytes: uploadContents.bytes }).from(uploadContents).where(eq(uploadContents.upload_id, id));
      return row?.bytes ?? null;
    },

    /** Removes the record; its bytes go with it (ON DELETE CASCADE). */
    async remove(db: DbOrTx, id: string) {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    /** Stored names of the uploads that have their bytes (for tests and housekeeping). */
    async storedNames(db: DbOrTx): Promise<string[]> {
      const rows = await db
        .select({ stored_name: uploads.stored_name })
        .from(uploads)
        .innerJoin(uploadContents, eq(uploadContents.upload_id, uploads.id))
        .orderBy(uploads.stored_name);
      return rows.map((r) => r.stored_name);
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
