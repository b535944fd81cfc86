/**
 * One LRU for every club's entries (ADR 065, "Everything per club"): each entry is kept under its
 * club and its own key, so a club's entries are never another's, and one bound (entries, bytes)
 * holds across all clubs, the least recently used entry of any club going first. A club's entries
 * can be dropped alone (a write in that club) or all together.
 */
import { LRUCache } from 'lru-cache';

/** The club of work outside any club's context. */
export const NO_CLUB = '';

/** An entry's key in the shared LRU: its club ('' for none), a space, its own key. A club id has no space. */
const fullKey = (club: string, key: string) => `${club} ${key}`;
const clubOf = (full: string) => full.slice(0, full.indexOf(' '));

export interface ClubLru<V extends object> {
  get(club: string, key: string): V | undefined;
  set(club: string, key: string, value: V): void;
  delete(club: string, key: string): void;
  /**
   * Drops one club's entries, and those kept outside any club (''): work outside a request (a
   * single-club install's jobs, a test) reads the install's club without naming it.
   */
  clearClub(club: string): void;
  /** Drops every club's entries. */
  clear(): void;
  readonly size: number;
  /** The bytes held (by sizeCalculation), 0 without a byte bound. */
  readonly bytes: number;
  /** How many entries a club holds now. */
  entriesOf(club: string): number;
}

export function createClubLru<V extends object>(options: { max: number; maxSize?: number; sizeCalculation?: (value: V) => number }): ClubLru<V> {
  const byClub = new Map<string, Set<string>>();
  const unindex = (full: string) => {
    const club = clubOf(full);
    const keys = byClub.get(club);
    if (!keys) return;
    keys.delete(full);
    if (keys.size === 0) byClub.delete(club);
  };
  const lru = new LRUCache<string, V>({
    max: options.max,
    ...(options.maxSize ? { maxSize: options.maxSize, sizeCalculation: options.sizeCalculation } : {}),
    // A value replaced under the same key stays indexed; one evicted, deleted or cleared does not.
    dispose: (_value, full, reason) => {
      if (reason !== 'set') unindex(full);
    },
  });
  return {
    get: (club, key) => lru.get(fullKey(club, key)),
    set(club, key, value) {
      const full = fullKey(club, key);
      lru.set(full, value);
      // lru-cache refuses a value larger than the whole bound (and drops the one it replaced): index only what it kept.
      if (!lru.has(full)) return unindex(full);
      let keys = byClub.get(club);
      if (!keys) byClub.set(club, (keys = new Set()));
      keys.add(full);
    },
    delete: (club, key) => void lru.delete(fullKey(club, key)),
    clearClub(club) {
      for (const each of club === NO_CLUB ? [NO_CLUB] : [club, NO_CLUB]) {
        const keys = byClub.get(each);
        if (!keys) continue;
        byClub.delete(each);
        for (const full of keys) lru.delete(full);
      }
    },
    clear() {
      lru.clear();
      byClub.clear();
    },
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize ?? 0;
    },
    entriesOf: (club) => byClub.get(club)?.size ?? 0,
  };
}

/**
 * Which clears an answer rendered now would be lost to: one counter, moved by every clear, read per
 * club (the last clear of everything or of that club). Something read or rendered before a clear of
 * its club is not kept after it; a clear of another club does not matter to it.
 */
export function createClubGenerations() {
  let counter = 0;
  let allClearedAt = 0;
  const clubClearedAt = new Map<string, number>();
  return {
    of: (club: string) => Math.max(allClearedAt, clubClearedAt.get(club) ?? 0),
    /** A club's entries were cleared, and with them those of no club (see ClubLru.clearClub). */
    clearedClub(club: string) {
      clubClearedAt.set(club, ++counter);
      clubClearedAt.set(NO_CLUB, counter);
    },
    clearedAll() {
      allClearedAt = ++counter;
      // Every club's mark is now below allClearedAt: forget them (their count stays bounded).
      clubClearedAt.clear();
    },
  };
}
