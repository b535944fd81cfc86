/** The site's VAPID key pair (RFC 8292): made once, kept in the database, the same for every process. */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client';
import { appSecrets } from '../../db/schema';

export const VAPID_SECRET_NAME = 'vapid_keys';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what a browser's pushManager.subscribe() takes. */
  publicKey: string;
  privateKey: string;
}

/**
 * Reads the pair, making it first if there is none: insert … on conflict do nothing, then read, so
 * two processes starting at once end up with the same pair. Changing it means every device must
 * subscribe again (README: "Where the push keys live").
 */
export async function loadVapidKeys(db: DbOrTx): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET_NAME, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME));
  const kept = JSON.parse(row.value) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/** Loads the pair once per process (it never changes while the process runs). */
export function vapidKeysOnce(db: DbOrTx) {
  let loading: Promise<VapidKeys> | undefined;
  return () => {
    loading ??= loadVapidKeys(db).catch((error: unknown) => {
      loading = undefined; // a database blip: the next call tries again
      throw error;
    });
    return loading;
  };
}
