import type { ClubIdentity } from './contracts/club-identity';

export type { ClubIdentity };

/** The social networks a club may link to, the hosts each link must be on, and how they are named. */
export const SOCIAL_LINKS = {
  facebook_url: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  instagram_url: { label: 'Instagram', hosts: ['instagram.com'] },
  x_url: { label: 'X', hosts: ['x.com', 'twitter.com'] },
  youtube_url: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  tiktok_url: { label: 'TikTok', hosts: ['tiktok.com'] },
} as const;
export type SocialLinkField = keyof typeof SOCIAL_LINKS;

/**
 * The sample club's identity (issue 33): what the site said before a club could name itself, and
 * what a database that was never given a name still shows (the demo and the tests' club).
 */
export const SAMPLE_CLUB: ClubIdentity = {
  club_name: 'Riverside Rovers FC',
  short_name: 'Riverside Rovers',
  strapline: 'Open-access football for players of all abilities',
  primary_colour: '#14532d',
  secondary_colour: '#facc15',
  crest_url: '',
  home_headline: '',
  mail_sender_name: 'Riverside Rovers FC',
  facebook_url: '',
  instagram_url: '',
  x_url: '',
  youtube_url: '',
  tiktok_url: '',
  founded_year: 2009,
  ground_name: 'Riverside Playing Fields',
  ground_map_url: '',
};

/** What the outage page says when this process never learnt the club's identity. */
export const NEUTRAL_CLUB: ClubIdentity = {
  ...SAMPLE_CLUB,
  club_name: 'Our club',
  short_name: 'Our club',
  strapline: '',
  mail_sender_name: '',
  founded_year: null,
  ground_name: '',
};

/**
 * The identity this process (or this browser) last read. Server code reads it through `club()`: the
 * identity service sets it on each read (the content memo keeps that read between changes, so a
 * change applies on the next request in every process). Pages get it from the root loader, which
 * sets it too, so the route modules' meta functions and helpers see the same identity.
 */
let current: ClubIdentity = SAMPLE_CLUB;

/**
 * On the server, where the identity of the club a request (or a job's run) is for is kept
 * (ADR 065: one process serves many clubs): server/tenancy/identity.ts puts it on globalThis, so
 * the pages' bundle, which has its own copy of this module, reads the same. `get` answers undefined
 * outside any club's work; `set` keeps it for the work under way. The browser has none.
 */
export interface ClubIdentityHolder {
  get(): ClubIdentity | undefined;
  set(identity: ClubIdentity): void;
}
export const IDENTITY_HOLDER = Symbol.for('club-site.identity-holder');
const holder = (): ClubIdentityHolder | undefined => (globalThis as { [IDENTITY_HOLDER]?: ClubIdentityHolder })[IDENTITY_HOLDER];

export const club = (): ClubIdentity => holder()?.get() ?? current;

export function setClub(identity: ClubIdentity) {
  current = identity;
  holder()?.set(identity);
}

/** "<page> | <club>" for <title>. */
export const pageTitle = (page?: string) => (page ? `${page} | ${club().club_name}` : club().club_name);

/** The name mails come from: the sender name, or the club's name. */
export const mailSenderName = (identity: ClubIdentity = club()) => identity.mail_sender_name || identity.club_name;

/**
 * The wordmark's two parts: "Riverside Rovers FC" → ["Riverside Rovers", "FC"], the last word set
 * apart (in the secondary colour) when it is an all-capitals suffix like FC, AFC or JFC.
 */
export function wordmarkParts(name: string): [string, string] {
  const match = /^(.*\S)\s+([A-Z]{2,4})$/.exec(name.trim());
  return match ? [match[1], match[2]] : [name.trim(), ''];
}

/** The club's initials for the drawn crest and the favicon: "Ashdown Athletic Juniors" → "AAJ". */
export function clubInitials(name: string) {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w));
  return words
    .slice(0, 3)
    .map((w) => w[0].toUpperCase())
    .join('');
}
