import { renderAsync } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { loader as startLoader } from '../../app/routes/auth/start';
import { SAMPLE_CLUB } from '../../shared/club';
import type { SessionUser } from '../../shared/roles';
import { createTestContext } from '../../tests/support/api';
import { insertLogin } from '../../tests/support/logins';
import { decodePng, opaque } from '../../tests/support/png';

/**
 * The club's site as an app (issue 35, point 1): the manifest has every field Chromium's install
 * criteria read, its icons are PNGs of the sizes they say, drawn from the crest (the drawn shield,
 * or the uploaded crest) and new with each crest; /start takes each person to their own page.
 */
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');

type Icon = { src: string; sizes: string; type: string; purpose: string };
const manifest = async () => {
  const res = await t.app.request('/manifest.webmanifest');
  expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  return (await res.json()) as { icons: Icon[] } & Record<string, unknown>;
};
const png = async (src: string) => {
  const res = await t.app.request(src);
  expect(res.status, src).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  return { image: decodePng(new Uint8Array(await res.arrayBuffer())), cacheControl: res.headers.get('cache-control') };
};
const iconOf = (icons: Icon[], purpose: string, sizes: string) => icons.find((i) => i.purpose === purpose && i.sizes === sizes)!;

describe('The web app manifest', () => {
  it('has the fields the install criteria read: names, standalone, id, scope, a start address, icons of 192 and 512 px, one maskable', async () => {
    const m = await manifest();
    expect(m).toMatchObject({
      id: '/start',
      name: SAMPLE_CLUB.club_name,
      short_name: SAMPLE_CLUB.short_name,
      start_url: '/start?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: SAMPLE_CLUB.primary_colour,
      background_color: '#ffffff',
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.type} ${i.purpose}`)).toEqual([
      'any image/svg+xml any',
      '192x192 image/png any',
      '512x512 image/png any',
      '512x512 image/png maskable',
    ]);
  });

  it('every PNG icon is fetchable, of the size it says, kept for good (its address names the crest it was drawn from)', async () => {
    const m = await manifest();
    for (const icon of m.icons.filter((i) => i.type === 'image/png')) {
      const { image, cacheControl } = await png(icon.src);
      expect(`${image.width}x${image.height}`, icon.src).toBe(icon.sizes);
      expect(cacheControl).toBe('public, max-age=31536000, immutable');
    }
  });

  it('draws the shield in the club colours: transparent around it, the maskable one on white with the crest inside the safe zone', async () => {
    const m = await manifest();
    const any = (await png(iconOf(m.icons, 'any', '512x512').src)).image;
    expect(any.pixel(0, 0)[3]).toBe(0);
    // The shield's field, left of the ball, in the primary colour.
    expect(any.pixel(145, 217)).toEqual(opaque(SAMPLE_CLUB.primary_colour));
    const maskable = (await png(iconOf(m.icons, 'maskable', '512x512').src)).image;
    expect(maskable.pixel(0, 0)).toEqual(opaque('#ffffff'));
    // Nothing of the crest outside the safe zone (the circle of 80 % of the side): the ring between is white.
    for (const [x, y] of [[60, 256], [452, 256], [256, 60], [256, 452], [110, 110], [402, 402]] as const) {
      expect(maskable.pixel(x, y), `${x},${y}`).toEqual(opaque('#ffffff'));
    }
  });

  it('the iPhone icon is 180 px and opaque, named in every page and at /apple-touch-icon.png', async () => {
    const { image } = await png('/apple-touch-icon.png');
    expect([image.width, image.height]).toEqual([180, 180]);
    expect(image.pixel(0, 0)).toEqual(opaque('#ffffff'));
  });

  it('an uploaded crest becomes the icons, at new addresses; an old address is sent on to the new icon', async () => {
    const before = await manifest();
    const red = await renderAsync('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#ff0000"/></svg>');
    const form = new FormData();
    form.append('file', new File([new Uint8Array(red.asPng())], 'crest.png'));
    const upload = await t.app.request('/api/uploads', { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const settings = (await t.json('/api/settings', { token: admin.token })).body;
    expect((await t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...settings, crest_url: url } })).status).toBe(200);

    const after = await manifest();
    expect(after.icons[0]).toEqual({ src: url, sizes: 'any', type: 'image/png', purpose: 'any' });
    const old512 = iconOf(before.icons, 'any', '512x512').src;
    const new512 = iconOf(after.icons, 'any', '512x512').src;
    expect(new512).not.toBe(old512);
    const icon = (await png(new512)).image;
    expect(icon.pixel(256, 256)).toEqual(opaque('#ff0000'));
    expect(icon.pixel(5, 5)[3]).toBe(0);
    const maskable = (await png(iconOf(after.icons, 'maskable', '512x512').src)).image;
    expect(maskable.pixel(256, 256)).toEqual(opaque('#ff0000'));
    expect(maskable.pixel(100, 256)).toEqual(opaque('#ffffff'));

    const old = await t.app.request(old512);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(new512);
    expect(old.headers.get('cache-control')).toBe('no-store');
  });

  it('an address that is no icon is 404 with {detail}, never 500', async () => {
    for (const path of ['/icons/abc/icon-1024.png', '/icons/abc/icon-512.svg', '/icons/abc/__proto__.png']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found' });
    }
  });
});

/** GET /start as the installed app opens it, through the page's own loader. */
async function landing(user: SessionUser | null) {
  const request = new Request('http://localhost/start?source=pwa');
  const context = { services: t.services, user, nonce: undefined, secure: false, clientAddress: '203.0.113.9' };
  const answer = startLoader({ request, context, params: {} } as unknown as Parameters<typeof startLoader>[0]);
  expect(answer.status).toBe(302);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.headers.get('location');
}

const sessionUser = (u: { id: string; username: string; email: string; full_name: string; role: SessionUser['role'] }): SessionUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  full_name: u.full_name,
  role: u.role,
});

describe('/start: where the app opens', () => {
  it('a visitor lands on the home page', async () => {
    expect(await landing(null)).toBe('/');
  });

  it("a member lands in their Players' Area; a parent (no member record of their own) too, which is their family home", async () => {
    const member = await t.signedIn('player');
    expect(await landing(sessionUser({ ...member.user, role: 'player' }))).toBe('/players-area');
    const parent = await insertLogin(t.db, { username: 'start_parent', password: 'correct horse battery', full_name: 'Pat Parent', role: 'player' });
    expect(await landing(sessionUser({ ...parent, role: 'player' }))).toBe('/players-area');
  });

  it("staff and admins land on the admin panel's Today page", async () => {
    const staff = await t.signedIn('staff');
    expect(await landing(sessionUser({ ...staff.user, role: 'staff' }))).toBe('/admin');
    expect(await landing(sessionUser({ ...admin.user, role: 'admin' }))).toBe('/admin');
  });
});
