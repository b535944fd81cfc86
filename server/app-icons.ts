import { renderAsync } from '@resvg/resvg-js';
import type { ClubIdentity } from '../shared/club';
import { APP_ICONS, appIconVersion, type AppIconName } from '../shared/app-icons';
import { drawnCrestSvg } from '../shared/crest-svg';
import { log } from './log';
import { IMAGE_URL_PREFIX } from './services/images';
import { currentClubId } from './tenancy/context';

/** The images resvg draws inside an SVG <image> (an uploaded WebP crest is not one: the drawn shield stands in). */
const DRAWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);

/** Reads an uploaded image by its stored name (services.images.publicImage). */
export type ReadImage = (storedName: string) => Promise<{ bytes: Uint8Array | null; content_type: string } | null>;

/**
 * How each icon is laid out: the crest fitted (its proportions kept) in a centred square of `box`
 * times the icon's side, on a white background or none.
 * - any: the crest nearly fills the icon, on transparency (Android draws its own backdrop).
 * - maskable: the square fits inside the safe zone, the circle of 80 % of the side every mask keeps
 *   (https://www.w3.org/TR/appmanifest/#icon-masks): 0.8 / √2 ≈ 0.566.
 * - apple-touch-icon: opaque, since iOS shows transparency as black.
 */
const LAYOUT: Record<AppIconName, { box: number; background: string | null }> = {
  'icon-192': { box: 0.92, background: null },
  'icon-512': { box: 0.92, background: null },
  'maskable-512': { box: 0.56, background: '#ffffff' },
  'apple-touch-icon': { box: 0.8, background: '#ffffff' },
};

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The crest as a data URL: the uploaded one when it can be drawn, else the drawn shield in the club's colours. */
async function crestDataUrl(identity: ClubIdentity, readImage: ReadImage) {
  if (identity.crest_url.startsWith(IMAGE_URL_PREFIX)) {
    const image = await readImage(identity.crest_url.slice(IMAGE_URL_PREFIX.length));
    if (image?.bytes && DRAWABLE.has(image.content_type)) return dataUrl(image.content_type, image.bytes);
  }
  return drawnShield(identity);
}

const drawnShield = (identity: ClubIdentity) =>
  dataUrl('image/svg+xml', new TextEncoder().encode(drawnCrestSvg(identity.primary_colour, identity.secondary_colour)));

/** The icon's drawing: the crest as an <image> in its square, over the background. */
export function iconSvg(name: AppIconName, crest: string) {
  const { size } = APP_ICONS[name];
  const { box, background } = LAYOUT[name];
  const side = Math.round(size * box);
  const at = Math.round((size - side) / 2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '') +
    `<image x="${at}" y="${at}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" xlink:href="${crest}"/>` +
    '</svg>'
  );
}

async function renderPng(name: AppIconName, crest: string) {
  const image = await renderAsync(iconSvg(name, crest), { font: { loadSystemFonts: false }, logLevel: 'off' });
  return new Uint8Array(image.asPng());
}

/** Icons drawn once per identity version and name; a few versions are kept (a crest changed twice, an old tab still asking). */
const KEPT = 16;

/**
 * The app icons as PNG (server/club-files.ts serves them). Drawn with resvg on first request, in its
 * worker thread (not on the event loop), then kept in memory for the identity's version. A crest that
 * cannot be drawn (unreadable, or a format resvg does not read) gives the drawn shield instead.
 */
export function createAppIcons() {
  const drawn = new Map<string, Promise<Uint8Array>>();

  async function draw(identity: ClubIdentity, name: AppIconName, readImage: ReadImage) {
    try {
      return await renderPng(name, await crestDataUrl(identity, readImage));
    } catch (error) {
      log.warn('Could not draw the app icon from the crest: the drawn shield stands in', { icon: name, error: String(error) });
      return renderPng(name, drawnShield(identity));
    }
  }

  return {
    png(identity: ClubIdentity, name: AppIconName, readImage: ReadImage): Promise<Uint8Array> {
      // Per club (ADR 065): the version is a short hash of the crest's address and colours, and the crest is read from the club's own uploads.
      const key = `${currentClubId() ?? ''}/${appIconVersion(identity)}/${name}`;
      let icon = drawn.get(key);
      if (!icon) {
        icon = draw(identity, name, readImage);
        drawn.set(key, icon);
        icon.catch(() => drawn.delete(key));
        if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
      }
      return icon;
    },
  };
}
