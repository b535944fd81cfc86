/**
 * What the public may see of a person (issue 23, ADR 039), decided here and nowhere else. Every
 * public reader (the squad pages and their JSON, the player page and its Open Graph tags, the
 * sitemap) passes its players through `publicViews`:
 *
 * - a junior (under 18 today, from their date of birth) without this season's full-name consent
 *   appears as first name and initial ("Sam J.");
 * - a junior without this season's photo consent has no photo (null: the pages show the club tile);
 * - a junior never shows date of birth, age, height, weight, nationality, biography or social
 *   media, whatever show_personal_details says: only their age group;
 * - a junior is in no adult squad group (team_type null): the Squad page lists them under their
 *   junior team (issue 31).
 *
 * Adults are shown as they chose (ADR 022). A consent withdrawn is in force on the next request:
 * the consents table fires content_changed, which empties the public cache.
 */
import { ageGroupFor, firstNameAndInitial, isJunior, seasonOf, seasonStartYear, type ConsentKind } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { PublicPlayer } from '../../../shared/contracts/players';
import type { DbOrTx } from '../../db/client';
import { currentConsents } from './consents';

export interface PersonRow {
  id: string;
  full_name: string;
  photo_url: string | null;
  date_of_birth: string | null;
}

export interface PublicView {
  junior: boolean;
  /** The name to show in public. */
  full_name: string;
  /** The photo to show in public; null: the club tile. */
  photo_url: string | null;
  /** This season's age group of a junior; null for adults. */
  age_group: string | null;
}

/** The public view of one person, given the consents in force for them this season. */
export function publicViewOf(row: PersonRow, consents: ReadonlySet<ConsentKind> | undefined, today = todayIso()): PublicView {
  if (!isJunior(row.date_of_birth, today)) return { junior: false, full_name: row.full_name, photo_url: row.photo_url, age_group: null };
  return {
    junior: true,
    full_name: consents?.has('full_name') ? row.full_name : firstNameAndInitial(row.full_name),
    photo_url: consents?.has('photo') ? row.photo_url : null,
    age_group: ageGroupFor(row.date_of_birth!, seasonStartYear(today)),
  };
}

/** The public views of several people (one read of the consents in force). */
export async function publicViews(db: DbOrTx, rows: PersonRow[], today = todayIso()): Promise<Map<string, PublicView>> {
  const juniors = rows.filter((r) => isJunior(r.date_of_birth, today)).map((r) => r.id);
  const consents = await currentConsents(db, juniors, seasonOf(today));
  return new Map(rows.map((r) => [r.id, publicViewOf(r, consents.get(r.id), today)]));
}

/** The age group a date of birth gives this season, for a junior only (the admin's views show it). */
export function juniorAgeGroup(dateOfBirth: string | null, today = todayIso()): string | null {
  return isJunior(dateOfBirth, today) ? ageGroupFor(dateOfBirth!, seasonStartYear(today)) : null;
}

/** A squad player as the public sees them: a junior's name, photo and personal details as the rule above says. */
export function applyPublicView(player: PublicPlayer, view: PublicView | undefined): PublicPlayer {
  if (!view?.junior) return player;
  const { date_of_birth: _dob, height: _height, weight: _weight, ...rest } = player;
  return {
    ...rest,
    // Listed under their junior team, never an adult squad group (issue 31).
    team_type: null,
    full_name: view.full_name,
    photo_url: view.photo_url,
    age_group: view.age_group,
    age: null,
    nationality: '',
    bio: null,
    show_personal_details: false,
    social_media: {},
  };
}
