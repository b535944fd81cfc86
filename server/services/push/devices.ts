/** A member's devices that receive notifications (issue 35): subscribe, list, remove: each only their own. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import type { PushDevice, PushSubscriptionInput } from '../../../shared/contracts/push';
import { invalid, notFound, unauthenticated } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';
import { hashToken } from '../accounts/context';
import { isUuid } from '../ids';
import { endpointAllowed } from './origins';

export const ENDPOINT_REFUSED = "This address is not a browser's push service, so the club will not send notifications to it.";
export const DEVICE_NOT_FOUND = 'Device not found.';

/** "Chrome on Android", "Safari on iPhone": what the member recognises in their list of devices. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\/|Opera/.test(ua)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'A browser';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'Chromebook'
              : /Linux/.test(ua)
                ? 'Linux'
                : undefined;
  return system ? `${browser} on ${system}` : browser;
}

/** The bytes of a base64url key (padding allowed). */
const keyBytes = (value: string) => Buffer.from(value.replace(/=+$/, ''), 'base64url');

/** A browser's keys (RFC 8291): a 65-byte uncompressed P-256 point and a 16-byte auth secret. */
function checkKeys(keys: PushSubscriptionInput['keys']) {
  const p256dh = keyBytes(keys.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) throw invalid('keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url).', [{ field: 'keys.p256dh', message: 'Not a P-256 public key' }]);
  if (keyBytes(keys.auth).length !== 16) throw invalid('keys.auth must be the browser’s 16-byte auth secret (base64url).', [{ field: 'keys.auth', message: 'Not a 16-byte secret' }]);
}

const toDevice = (r: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: r.id,
  device_label: r.device_label,
  created_at: r.created_at.toISOString(),
  last_success_at: r.last_success_at?.toISOString() ?? null,
});

export function createPushDevices(db: Db, options: { allowedOrigins: readonly string[] }) {
  const signedIn = (actor: SessionUser | null) => {
    if (!actor) throw unauthenticated();
    return actor;
  };

  return {
    /**
     * Stores this device for the caller: `created` false when the endpoint was known (the same
     * browser again), which then belongs to the caller from now on, with the keys it sent now.
     */
    async subscribe(actor: SessionUser | null, input: PushSubscriptionInput, userAgent?: string, sessionToken?: string) {
      const me = signedIn(actor);
      if (!endpointAllowed(input.endpoint, options.allowedOrigins)) throw invalid(ENDPOINT_REFUSED, [{ field: 'endpoint', message: 'Not a push service' }]);
      checkKeys(input.keys);
      // The session, if it still exists (a sign-out racing this leaves the device unlinked, not a 500).
      const session = sessionToken ? sql`(select ${sessions.token_hash} from ${sessions} where ${sessions.token_hash} = ${hashToken(sessionToken)})` : null;
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ user_id: me.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, device_label: deviceLabel(userAgent), session_token_hash: session })
        .onConflictDoUpdate({
          target: [pushSubscriptions.club_id, pushSubscriptions.endpoint],
          set: { user_id: me.id, p256dh: input.keys.p256dh, auth: input.keys.auth, device_label: sql`excluded.device_label`, session_token_hash: sql`excluded.session_token_hash` },
        })
        // xmax is 0 for a row this statement inserted, set for one it updated.
        .returning({ id: pushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
      return { id: row.id, created: row.created };
    },

    /** The caller's devices, oldest first. */
    async list(actor: SessionUser | null): Promise<PushDevice[]> {
      const me = signedIn(actor);
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, me.id)).orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id));
      return rows.map(toDevice);
    },

    /** Removes one of the caller's devices; someone else's is "not found", as an unknown one is. */
    async remove(actor: SessionUser | null, id: string) {
      const me = signedIn(actor);
      if (!isUuid(id)) throw notFound(DEVICE_NOT_FOUND);
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user_id, me.id)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw notFound(DEVICE_NOT_FOUND);
    },
  };
}
