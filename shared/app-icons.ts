import type { ClubIdentity } from './contracts/club-identity';

/**
 * The club's app icons (issue 35): PNGs drawn from its crest (the uploaded one, or the drawn shield
 * in its colours) in the sizes phones ask for. Their addresses carry the identity's version, so a
 * new crest or new colours are new addresses: a phone never keeps showing the old icon.
 */
export const APP_ICONS = {
  /** Android's home screen and the install dialog. */
  'icon-192': { size: 192, purpose: 'any' },
  /** The splash screen and app lists. */
  'icon-512': { size: 512, purpose: 'any' },
  /** Android's shaped icons (circle, squircle): the crest inside the middle 80 % (the safe zone), on a full background. */
  'maskable-512': { size: 512, purpose: 'maskable' },
  /** The iPhone's home screen: opaque (iOS fills transparency with black), without the rounded corners iOS draws itself. */
  'apple-touch-icon': { size: 180, purpose: 'any' },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

/** What the icons are drawn from; a change of any of these is a new version. */
const drawnFrom = (identity: Pick<ClubIdentity, 'crest_url' | 'primary_colour' | 'secondary_colour'>) =>
  `${identity.crest_url}|${identity.primary_colour}|${identity.secondary_colour}`;

/** A short, stable version of what the icons are drawn from (FNV-1a, base 36): the same in the browser and on the server. */
export function appIconVersion(identity: Pick<ClubIdentity, 'crest_url' | 'primary_colour' | 'secondary_colour'>) {
  let hash = 0x811c9dc5;
  for (const char of drawnFrom(identity)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The address of one icon of this identity: /icons/<version>/<name>.png. */
export const appIconUrl = (identity: Pick<ClubIdentity, 'crest_url' | 'primary_colour' | 'secondary_colour'>, name: AppIconName) =>
  `/icons/${appIconVersion(identity)}/${name}.png`;

/** Where the installed app opens: /start sends a signed-in person to their own page, anyone else to the home page. */
export const APP_START_URL = '/start?source=pwa';
/** The app's identity for the browser: stays the same when the start address's query changes. */
export const APP_ID = '/start';

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) of this identity: the fields Chromium's
 * install criteria read (name, short_name, start_url, display, icons of 192 and 512 px) and the
 * ones that make the installed app look like the club (colours, maskable icon).
 */
export function appManifest(identity: ClubIdentity) {
  const crest = identity.crest_url || '/favicon.svg';
  const type = crest.endsWith('.png')
    ? 'image/png'
    : crest.endsWith('.jpg')
      ? 'image/jpeg'
      : crest.endsWith('.webp')
        ? 'image/webp'
        : 'image/svg+xml';
  return {
    id: APP_ID,
    name: identity.club_name,
    short_name: identity.short_name,
    description: identity.strapline || undefined,
    lang: 'en-GB',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: identity.primary_colour,
    icons: [
      { src: crest, sizes: 'any', type, purpose: 'any' },
      ...(['icon-192', 'icon-512', 'maskable-512'] as const).map((name) => ({
        src: appIconUrl(identity, name),
        sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
        type: 'image/png',
        purpose: APP_ICONS[name].purpose,
      })),
    ],
  };
}
