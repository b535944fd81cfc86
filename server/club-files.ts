import { Hono } from 'hono';
import type { AppEnv } from './api/env';
import { club } from '../shared/club';
import { drawnCrestSvg } from '../shared/crest-svg';

/** Browsers ask for these often; a change of identity shows within the hour (and at once after a reload). */
const CACHE = 'public, max-age=300';

/**
 * The files made from the club's identity (issue 33): the favicon (the uploaded crest, or the drawn
 * shield in the club's colours) and the web app manifest (name, colours, icon). No rebuild: they
 * read the identity of the request (server/services/club-identity.ts).
 */
export function clubFiles() {
  const files = new Hono<AppEnv>();

  files.get('/favicon.svg', (c) => {
    const identity = club();
    if (identity.crest_url) return c.redirect(identity.crest_url, 302);
    return c.body(drawnCrestSvg(identity.primary_colour, identity.secondary_colour), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': CACHE,
    });
  });

  files.get('/manifest.webmanifest', (c) => {
    const identity = club();
    const icon = identity.crest_url || '/favicon.svg';
    const type = icon.endsWith('.png') ? 'image/png' : icon.endsWith('.jpg') ? 'image/jpeg' : icon.endsWith('.webp') ? 'image/webp' : 'image/svg+xml';
    const manifest = {
      name: identity.club_name,
      short_name: identity.short_name,
      description: identity.strapline || undefined,
      start_url: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: identity.primary_colour,
      icons: [{ src: icon, sizes: 'any', type, purpose: 'any' }],
    };
    return c.body(JSON.stringify(manifest), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': CACHE });
  });

  return files;
}
