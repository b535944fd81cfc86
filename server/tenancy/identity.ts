/**
 * The club identity (name, colours, crest) that `club()` (shared/club.ts) answers on the server: the
 * one read for the club the code running now works for (ADR 065), never another club's, however
 * requests of many clubs interleave. Kept in the work's context (server/tenancy/context.ts) when
 * the identity service reads it at the request's start; else the last one read for that club in
 * this process (an outage: the outage page names the right club); outside any club's work, the
 * last one read (a single-club install's jobs, as before).
 */
import { LRUCache } from 'lru-cache';
import { IDENTITY_HOLDER, type ClubIdentity, type ClubIdentityHolder } from '../../shared/club';
import { currentClubContext } from './context';

/** Clubs whose last identity this process keeps (each under 1 KB). */
export const KNOWN_IDENTITIES_MAX = 10_000;

const lastKnown = new LRUCache<string, ClubIdentity>({ max: KNOWN_IDENTITIES_MAX });

const holder: ClubIdentityHolder = {
  get() {
    const context = currentClubContext();
    if (!context) return undefined;
    return context.identity ?? lastKnown.get(context.clubId);
  },
  set(identity) {
    const context = currentClubContext();
    if (!context) return;
    context.identity = identity;
    lastKnown.set(context.clubId, identity);
  },
};

(globalThis as { [IDENTITY_HOLDER]?: ClubIdentityHolder })[IDENTITY_HOLDER] = holder;
