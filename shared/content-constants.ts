/**
 * The constants of the club's public content (docs/product.md), with no zod: pages import these without
 * pulling the validation schemas (shared/content.ts) into the browser bundle.
 */
import { codesOf } from './codes';

export const FIXTURE_STATUSES = ['upcoming', 'completed', 'cancelled'] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/** docs/product.md#fixtures: upcoming 'Upcoming', completed 'Full Time', anything else 'Cancelled'. */
export const fixtureStatusLabel = (status: string) =>
  status === 'upcoming' ? 'Upcoming' : status === 'completed' ? 'Full Time' : 'Cancelled';

/**
 * A card without a summary shows the first 150 characters (docs/product.md#news). The earlier site
 * cut the news list at 300 characters; NEWS_TRUNCATE_AT keeps that number, but no page uses it.
 */
export const NEWS_TRUNCATE_AT = 300;
export const NEWS_SUMMARY_FALLBACK_CHARS = 150;

/**
 * Sponsor tiers, in the order the Sponsors page shows them: the main sponsor is featured first
 * and larger, then partners, then supporters (ADR 022).
 */
export const SPONSOR_TIER_LABELS = {
  main: 'Main sponsor',
  partner: 'Partner',
  supporter: 'Supporter',
};
export type SponsorTier = keyof typeof SPONSOR_TIER_LABELS;
export const SPONSOR_TIERS = codesOf(SPONSOR_TIER_LABELS);

export const TEAM_TYPES = ['Vets', 'Staff', 'Senior'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];
/** A player with no position or squad group yet (a child from a parent's request, issue 31). */
export const NO_POSITION = 'No position yet';
export const NO_SQUAD_GROUP = 'None (a junior)';

/** "Forward · Senior", "Junior · U9" or "No position yet · Junior · U9": where a player stands, for the admin's lists. */
export function squadPlace(player: { position: string | null; team_type: string | null; age_group?: string | null }) {
  const group = player.team_type ?? (player.age_group ? `Junior · ${player.age_group}` : 'Junior');
  return [player.position ?? NO_POSITION, group].join(' · ');
}

/** docs/product.md#squad: the filters and their labels ('All Players', '{x} Team'). */
export const SQUAD_FILTERS = [
  { team: null, label: 'All Players' },
  { team: 'vets', label: 'Vets Team' },
  { team: 'staff', label: 'Staff Team' },
  { team: 'senior', label: 'Senior Team' },
] as const;

export const INTEREST_TYPES = [
  {
    id: 'player',
    label: 'Player',
    description: 'Play for one of our teams. All abilities welcome, from first-timers to old hands.',
  },
  {
    id: 'volunteer',
    label: 'Volunteer/Staff',
    description: 'Help run the club: coaching, match days, the tea urn, kit, social media or the committee.',
  },
  {
    id: 'sponsor',
    label: 'Sponsor',
    description: 'Support the club as a local business and put your name in front of our community.',
  },
] as const;
export const INTEREST_TYPE_IDS = ['player', 'volunteer', 'sponsor'] as const;
export type InterestType = (typeof INTEREST_TYPE_IDS)[number];

export const JOIN_US_LIMITS = { full_name: 100, email: 254, phone_number: 30, message: 2000 } as const;
