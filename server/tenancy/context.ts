/**
 * The current club (ADR 065): which club a request, or a job's run, works for. Held in an
 * AsyncLocalStorage, so it follows the work across awaits, timers and callbacks without being
 * passed down; the pool reads it when it hands out a connection (server/db/pool.ts) and sets the
 * connection's `app.club_id` to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClubIdentity } from '../../shared/club';

export interface ClubContext {
  clubId: string;
  /** The club's slug when known (a request's host, a job's run): its address `{slug}.{HOSTING_DOMAIN}` (./site-url.ts). */
  slug?: string;
  /** The club's identity as read for this work (server/tenancy/identity.ts). */
  identity?: ClubIdentity;
}

const storage = new AsyncLocalStorage<ClubContext>();

/** The club the code running now works for; undefined outside any `withClub` (then the pool uses the install's club). */
export function currentClubId(): string | undefined {
  return storage.getStore()?.clubId;
}

/** The current club's slug, when the context was given it. */
export function currentClubSlug(): string | undefined {
  return storage.getStore()?.slug;
}

/** Runs `fn` (and everything it starts) for the club `clubId` (`slug`: its address, for links in mails). */
export function withClub<T>(clubId: string, fn: () => T, slug?: string): T {
  return storage.run(slug === undefined ? { clubId } : { clubId, slug }, fn);
}

/** The context of the work running now (its club, what was read for it), or undefined outside any. */
export function currentClubContext(): ClubContext | undefined {
  return storage.getStore();
}
