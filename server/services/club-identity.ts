import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import { club, SAMPLE_CLUB, setClub, type ClubIdentity } from '../../shared/club';
import { log } from '../log';
import { lighterOn, primaryColourProblem, secondaryColourProblem } from '../../shared/colour';
import type { InitialIdentity } from '../../shared/contracts/club-identity';
import { DomainError, invalidFields } from '../../shared/errors';
import { saveImage } from './images';
import { createUploadStore } from './uploads';
// club() answers the identity of the request's own club (ADR 065), set here by refresh().
import '../tenancy/identity';

/** The last identity read, kept in DATA_DIR for the outage page of a process started while the database is away. */
export const IDENTITY_FILE = 'club-identity.json';

/** The identity columns of the settings row; a club never named (blank name) shows the sample club. */
export function identityOf(row: typeof settings.$inferSelect | undefined): ClubIdentity {
  if (!row || !row.club_name) return SAMPLE_CLUB;
  return {
    club_name: row.club_name,
    short_name: row.short_name || row.club_name,
    strapline: row.strapline,
    primary_colour: row.primary_colour,
    secondary_colour: row.secondary_colour,
    crest_url: row.crest_url,
    home_headline: row.home_headline,
    mail_sender_name: row.mail_sender_name,
    facebook_url: row.facebook_url,
    instagram_url: row.instagram_url,
    x_url: row.x_url,
    youtube_url: row.youtube_url,
    tiktok_url: row.tiktok_url,
    founded_year: row.founded_year,
    ground_name: row.ground_name,
    ground_map_url: row.ground_map_url,
  };
}

/** Whether this process has read (or found on disk) the club's identity: the outage page says "Our club" until then. */
let known = false;
export const identityKnown = () => known;

/** Reads the identity kept on disk by an earlier run: the outage page can name the club before the database answers. */
export function loadKeptIdentity(dataDir: string | undefined) {
  if (!dataDir) return;
  try {
    const kept = JSON.parse(fs.readFileSync(path.join(dataDir, IDENTITY_FILE), 'utf8')) as ClubIdentity;
    if (typeof kept?.club_name === 'string' && kept.club_name) {
      setClub({ ...SAMPLE_CLUB, ...kept });
      known = true;
    }
  } catch {
    // Never kept (a new install) or unreadable: the outage page says "Our club".
  }
}

/**
 * The club's identity (issue 33). `get` is one query, kept in the content memo between changes (the
 * settings table fires content_changed, so a change clears it in every process); `refresh` runs at
 * the start of each request, so server code reading `club()` (mails, feeds, titles) sees the
 * identity of the request's moment. A database that does not answer keeps the last known identity.
 */
export function createClubIdentityService(db: Db, options: { dataDir?: string } = {}) {
  let lastJson = '';

  function remember(identity: ClubIdentity) {
    known = true;
    // For this request's club (its context, server/tenancy/identity.ts): every time, as each request has its own.
    setClub(identity);
    const json = JSON.stringify(identity);
    if (json === lastJson) return;
    lastJson = json;
    if (!options.dataDir) return;
    const file = path.join(options.dataDir, IDENTITY_FILE);
    fs.promises
      .writeFile(`${file}.tmp`, json)
      .then(() => fs.promises.rename(`${file}.tmp`, file))
      .catch((error: unknown) => log.warn('Could not keep the club identity on disk', { error: String(error) }));
  }

  const service = {
    async get(): Promise<ClubIdentity> {
      const [row] = await db.select().from(settings).where(eq(settings.id, 1));
      return identityOf(row);
    },

    async refresh(): Promise<ClubIdentity> {
      try {
        const identity = await service.get();
        remember(identity);
        return identity;
      } catch {
        // The request itself meets the outage (and answers it); the last known identity stays.
        return club();
      }
    },
  };
  return service;
}

/**
 * The settings columns for the identity typed at /initialize (issue 33), or null when none was typed
 * (the sample club's stays). A named club starts with its name only: no strapline, ground or year of
 * the sample club's. The secondary colour stays the sample's gold unless it does not read on the new
 * primary colour; then the nearest shade that does. A primary colour white text fails on: 422.
 */
export function firstIdentity(input: InitialIdentity | undefined) {
  if (!input?.club_name && !input?.primary_colour && !input?.secondary_colour) return null;
  const primary = input.primary_colour ?? SAMPLE_CLUB.primary_colour;
  const problem = primaryColourProblem(primary);
  if (problem) throw invalidFields([{ field: 'primary_colour', message: problem }]);
  const given = input.secondary_colour && secondaryColourProblem(input.secondary_colour, primary);
  if (given) throw invalidFields([{ field: 'secondary_colour', message: given }]);
  const secondary =
    input.secondary_colour ??
    (secondaryColourProblem(SAMPLE_CLUB.secondary_colour, primary) ? lighterOn(SAMPLE_CLUB.secondary_colour, primary) : SAMPLE_CLUB.secondary_colour);
  const name = input.club_name?.trim();
  const named = name
    ? { ...SAMPLE_CLUB, club_name: name, short_name: input.short_name?.trim() || name, mail_sender_name: name, strapline: '', founded_year: null, ground_name: '' }
    : SAMPLE_CLUB;
  return { ...named, primary_colour: primary, secondary_colour: secondary };
}

/**
 * Stores the identity typed at /initialize, and its crest if one came with the form, in its
 * transaction: a refused colour or crest rolls the whole first run back (the field says why).
 */
export async function storeFirstIdentity(tx: DbOrTx, input: InitialIdentity | undefined, crest?: { bytes: Uint8Array; name: string }) {
  const identity = firstIdentity(input);
  if (identity) await tx.insert(settings).values({ id: 1, ...identity }).onConflictDoUpdate({ target: settings.club_id, set: identity });
  if (!crest) return;
  let url: string;
  try {
    url = (await saveImage(tx, createUploadStore(), crest)).url;
  } catch (error) {
    if (error instanceof DomainError) throw invalidFields([{ field: 'crest', message: error.detail }]);
    throw error;
  }
  await tx.insert(settings).values({ id: 1, crest_url: url }).onConflictDoUpdate({ target: settings.club_id, set: { crest_url: url } });
}
