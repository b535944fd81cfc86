import { and, eq, lt, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { documents, news, players, products, settings, sponsors, uploadContents, uploads } from '../db/schema';
import { allow, mayWriteNews, signedIn } from '../policy';
import { invalid } from '../../shared/errors';
import { etagOf, FILE_KINDS, IMAGE_KINDS, type UploadStore } from './uploads';
import { looksLikeSvg, sanitizeSvg } from './svg';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** An upload not yet saved into a form is kept this long before housekeeping may remove it. */
export const UNREFERENCED_GRACE_MINUTES = 60;
export const IMAGE_URL_PREFIX = '/uploads/';

const IMAGE_TYPES = new Set<string>(IMAGE_KINDS.map((k) => FILE_KINDS[k].contentType));

/** A client-given file name that tries to name a path is refused outright. */
function assertPlainFileName(name: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (!name || name.length > 200 || /[/\\]|\.\.|[\u0000-\u001f]/.test(name)) {
    throw invalid('The file name is not allowed: use a plain name such as "photo.jpg".');
  }
}

/** An SVG is stored as cleaned (server/services/svg.ts); other files as they came. */
function cleanedSvg(file: { bytes: Uint8Array; name: string }) {
  if (file.bytes.length > IMAGE_MAX_BYTES || !looksLikeSvg(file.bytes)) return file;
  const cleaned = sanitizeSvg(new TextDecoder().decode(file.bytes));
  if (!cleaned) throw invalid('This SVG file could not be read: save it again from your drawing program as a plain SVG.');
  return { ...file, bytes: new TextEncoder().encode(cleaned) };
}

/** Stores an image (an SVG cleaned first), checked by content and size: the admin's uploads and the crest typed at /initialize. */
export async function saveImage(db: DbOrTx, store: UploadStore, file: { bytes: Uint8Array; name: string }) {
  assertPlainFileName(file.name);
  const saved = await store.save(db, cleanedSvg(file), { allowed: IMAGE_KINDS, maxBytes: IMAGE_MAX_BYTES });
  return { ...saved, url: `${IMAGE_URL_PREFIX}${saved.stored_name}` };
}

/**
 * Images an admin uploads for products, players, sponsors, news and the home page photo: checked by content and size,
 * stored in the database, served publicly at /uploads/<random name>, and removed once nothing
 * refers to them.
 */
export function createImageService(db: Db, store: UploadStore) {
  return {
    async upload(actor: SessionUser | null, file: { bytes: Uint8Array; name: string }) {
      // Pictures for news and the club's pages: whoever writes them (rule book, issue 30).
      allow(mayWriteNews(await signedIn(db, actor)));
      const saved = await saveImage(db, store, file);
      return {
        id: saved.id,
        url: saved.url,
        content_type: saved.content_type,
        size_bytes: saved.size_bytes,
      };
    },

    /**
     * A public image by its stored name; documents (private) are never served here. With
     * `withBytes: false` (a revalidation: the name is the ETag) only whether it is there is read.
     */
    async publicImage(storedName: string, options: { withBytes?: boolean } = {}) {
      const withBytes = options.withBytes ?? true;
      const [row] = await db
        .select({
          content_type: uploads.content_type,
          document: documents.id,
          present: sql<boolean>`${uploadContents.upload_id} IS NOT NULL`,
          bytes: withBytes ? uploadContents.bytes : sql<null>`NULL`,
        })
        .from(uploads)
        .leftJoin(uploadContents, eq(uploadContents.upload_id, uploads.id))
        .leftJoin(documents, eq(documents.upload_id, uploads.id))
        .where(eq(uploads.stored_name, storedName));
      if (!row || row.document || !row.present || !IMAGE_TYPES.has(row.content_type)) return null;
      return { bytes: row.bytes, content_type: row.content_type, etag: etagOf(storedName) };
    },

    /** Removes uploaded images nothing refers to any more (after the grace period). Returns how many. */
    async removeUnreferenced(graceMinutes = UNREFERENCED_GRACE_MINUTES) {
      const urlOf = sql`${IMAGE_URL_PREFIX} || ${uploads.stored_name}`;
      const candidates = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            lt(uploads.created_at, sql`now() - make_interval(mins => ${graceMinutes})`),
            sql`NOT EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.upload_id} = ${uploads.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${products} WHERE ${urlOf} = ANY(${products.images}))`,
            sql`NOT EXISTS (SELECT 1 FROM ${players} WHERE ${players.photo_url} = ${urlOf})`,
            sql`NOT EXISTS (SELECT 1 FROM ${sponsors} WHERE ${sponsors.logo_url} = ${urlOf})`,
            sql`NOT EXISTS (SELECT 1 FROM ${news} WHERE ${news.image_url} = ${urlOf})`,
            sql`NOT EXISTS (SELECT 1 FROM ${settings} WHERE ${settings.hero_image_url} = ${urlOf})`,
            sql`NOT EXISTS (SELECT 1 FROM ${settings} WHERE ${settings.crest_url} = ${urlOf})`,
          ),
        );
      for (const { id } of candidates) await store.remove(db, id);
      return candidates.length;
    },
  };
}

