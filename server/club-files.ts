import { Hono } from 'hono';
import type { AppEnv } from './api/env';
import { club } from '../shared/club';
import { drawnCrestSvg } from '../shared/crest-svg';
import { appIconUrl, appIconVersion, appManifest, isAppIconName } from '../shared/app-icons';
import { createAppIcons } from './app-icons';

/** Browsers ask for these often; a change of identity shows within the hour (and at once after a reload). */
const CACHE = 'public, max-age=300';
/** An icon's address names the identity it was drawn from: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The files made from the club's identity (issue 33): the favicon (the uploaded crest, or the drawn
 * shield in the club's colours), the web app manifest (name, colours, icons) and the app icons
 * drawn from the crest (issue 35). No rebuild: they read the identity of the request
 * (server/services/club-identity.ts).
 */
export function clubFiles() {
  const files = new Hono<AppEnv>();
  const icons = createAppIcons();

  files.get('/favicon.svg', (c) => {
    const identity = club();
    if (identity.crest_url) return c.redirect(identity.crest_url, 302);
    return c.body(drawnCrestSvg(identity.primary_colour, identity.secondary_colour), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': CACHE,
    });
  });

  files.get('/manifest.webmanifest', (c) => {
    return c.body(JSON.stringify(appManifest(club())), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': CACHE });
  });

  /** /icons/<version>/<name>.png: an older version (a crest since changed) is sent on to today's icon. */
  files.get('/icons/:version/:file', async (c) => {
    const name = c.req.param('file').replace(/\.png$/, '');
    if (!c.req.param('file').endsWith('.png') || !isAppIconName(name)) return c.json({ detail: 'Not found' }, 404);
    const identity = club();
    if (c.req.param('version') !== appIconVersion(identity)) {
      c.header('Cache-Control', 'no-store');
      return c.redirect(appIconUrl(identity, name), 302);
    }
    const png = await icons.png(identity, name, (storedName) => c.get('services').images.publicImage(storedName));
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png', 'Cache-Control': IMMUTABLE });
  });

  // Where iOS looks when a page names no apple-touch-icon (a bookmark of an old page): today's icon.
  for (const path of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png']) {
    files.get(path, async (c) => {
      const png = await icons.png(club(), 'apple-touch-icon', (storedName) => c.get('services').images.publicImage(storedName));
      return c.body(png as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png', 'Cache-Control': CACHE });
    });
  }

  return files;
}
