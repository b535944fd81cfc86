import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tests/support/wait';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { createContentMemo, createPublicCache, listenForContentChanges } from '../cache';
import { createDb } from '../db/client';
import { APP_DATABASE_BOUNDS, createPool } from '../db/pool';
import { createServices } from '../services';
import { renderMail } from '../mail/render';
import { outagePage } from '../outage-page';
import { contrastRatio } from '../../shared/colour';
import fs from 'node:fs/promises';
import path from 'node:path';
import { club, setClub, SAMPLE_CLUB } from '../../shared/club';
import { createClubIdentityService, firstIdentity, IDENTITY_FILE, loadKeptIdentity } from '../services/club-identity';

// Process A: the test context, with the content memo and its listener as in production.
const t = await createTestContext({}, { cache: true });

// Process B: a second app process on the same database (its own pool, memo and listener).
const poolB = createPool({ ...t.pool.options }, { max: 3, bounds: APP_DATABASE_BOUNDS, installClubId: t.installClub?.id });
poolB.on('error', () => undefined);
const memoB = createContentMemo();
const servicesB = createServices(createDb(poolB), { adminUsername: 'admin', adminPassword: TEST_ADMIN_PASSWORD, memo: memoB });
const listenerB = listenForContentChanges(createPublicCache({ memo: memoB }), () => new pg.Client(t.pool.options));
await listenerB.ready;
afterAll(async () => {
  await listenerB.stop();
  await poolB.end();
});

const ASHDOWN = { club_name: 'Ashdown Athletic Juniors', short_name: 'Ashdown Athletic', primary_colour: '#1e3a8a' };
const contactSettings = { whatsapp_number: '', club_email: 'hello@ashdown.example', sales_email: '', club_address: 'Ashdown Recreation Ground' };

describe('the first run names the club (POST /api/admin/initialize-database)', () => {
  it('refuses a primary colour white text cannot be read on, with the figure and a shade that passes, and stores nothing', async () => {
    const res = await t.json('/api/admin/initialize-database', { method: 'POST', body: { ...ASHDOWN, primary_colour: '#7fd3ff' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^White text on #7fd3ff has a contrast of 1\.7:1; it needs 4\.5:1\. Try #[0-9a-f]{6}\.$/);
    const suggested = /Try (#[0-9a-f]{6})/.exec(res.body.detail)![1];
    expect(contrastRatio(suggested, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect((await t.json('/api/admin/database-status')).body.needs_initialization).toBe(true);
  });

  it("stores the name, short name and colour as the club's identity; mails, feeds, files and titles use them", async () => {
    const res = await t.json('/api/admin/initialize-database', { method: 'POST', body: ASHDOWN });
    expect(res.status).toBe(200);
    const { token } = await t.signedIn('admin');
    const settings = (await t.json('/api/settings', { token })).body;
    expect(settings).toMatchObject({ ...ASHDOWN, strapline: '', mail_sender_name: ASHDOWN.club_name, crest_url: '' });
    // The sample's gold does not read on this blue: the nearest shade that does.
    expect(contrastRatio(settings.secondary_colour, ASHDOWN.primary_colour)).toBeGreaterThanOrEqual(4.5);

    const feed = await t.app.request('/calendar/club.ics');
    const ics = await feed.text();
    expect(ics).toMatch(/X-WR-CALNAME:Ashdown Athletic Juniors fixtures\r\n/);
    // The calendar's own lines (its events are the sample fixtures, seeded with the sample club's ground).
    expect(ics.slice(0, ics.indexOf('BEGIN:VEVENT'))).not.toMatch(/Riverside|Rovers/);
    expect(ics).toContain('SUMMARY:Senior: Ashdown Athletic v ');

    const manifest = await (await t.app.request('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: ASHDOWN.club_name, short_name: ASHDOWN.short_name, theme_color: ASHDOWN.primary_colour });
    const favicon = await (await t.app.request('/favicon.svg')).text();
    expect(favicon).toContain(`fill="${ASHDOWN.primary_colour}"`);

    const mail = renderMail({ subject: 'Hello', paragraphs: ['A line.'] });
    expect(mail.text.startsWith('Ashdown Athletic Juniors\n')).toBe(true);
    expect(mail.html).toContain(`background:${ASHDOWN.primary_colour}`);
    expect(mail.html).not.toMatch(/Riverside|Rovers/);
    const outage = outagePage('/');
    expect(outage).toContain('Ashdown Athletic Juniors');
    expect(outage).not.toMatch(/Riverside|Rovers/);
  });
});

describe('the /initialize page may give the second colour too', () => {
  it('keeps a second colour that reads on the club colour, refuses one that does not with its figure, and picks one when none is given', () => {
    expect(firstIdentity({ club_name: 'Ashdown Athletic Juniors', primary_colour: '#1e3a8a', secondary_colour: '#fde047' })).toMatchObject({ secondary_colour: '#fde047' });
    expect(() => firstIdentity({ club_name: 'Ashdown Athletic Juniors', primary_colour: '#1e3a8a', secondary_colour: '#2a3f9a' })).toThrow(/\d\.\d:1/);
    const picked = firstIdentity({ club_name: 'Ashdown Athletic Juniors', primary_colour: '#1e3a8a' })!;
    expect(contrastRatio(picked.secondary_colour, '#1e3a8a')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('GET/PUT /api/settings carry the identity', () => {
  it('refuses a primary colour under 4.5:1 with white text, naming the ratio as N.N:1, and keeps the old one', async () => {
    const { token } = await t.signedIn('admin');
    const res = await t.json('/api/settings', { method: 'PUT', token, body: { ...contactSettings, primary_colour: '#7fd3ff' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/contrast of 1\.7:1; it needs 4\.5:1\. Try #[0-9a-f]{6}\./);
    expect((await t.json('/api/settings', { token })).body.primary_colour).toBe(ASHDOWN.primary_colour);
  });

  it('refuses a secondary colour that does not read on the primary, with its figure', async () => {
    const { token } = await t.signedIn('admin');
    const res = await t.json('/api/settings', { method: 'PUT', token, body: { ...contactSettings, secondary_colour: '#1d4ed8' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^Text in #1d4ed8 on #1e3a8a has a contrast of \d\.\d:1; it needs 4\.5:1\. Try #[0-9a-f]{6}\.$/);
  });

  it('refuses social links on other sites or without https, and a malformed colour', async () => {
    const { token } = await t.signedIn('admin');
    for (const [bad, message] of [
      [{ facebook_url: 'https://evil.example/ashdown' }, 'Facebook link must be an https:// address on facebook.com'],
      [{ instagram_url: 'http://instagram.com/ashdown' }, 'Instagram link must be an https:// address on instagram.com'],
      [{ primary_colour: 'blue' }, 'Primary colour must be a colour like #14532d'],
      [{ crest_url: 'https://elsewhere.example/crest.svg' }, 'Crest must be an image uploaded here (/uploads/…)'],
    ] as const) {
      const res = await t.json('/api/settings', { method: 'PUT', token, body: { ...contactSettings, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.detail).toBe(message);
    }
  });

  it('saves the identity; a second app process reads the change within a second, with no restart', async () => {
    const { token } = await t.signedIn('admin');
    expect((await servicesB.identity.get()).club_name).toBe(ASHDOWN.club_name); // warm in B's memo
    const change = {
      ...contactSettings,
      club_name: 'Ashdown Athletic FC',
      strapline: 'Football for every child in Ashdown',
      primary_colour: '#7f1d1d',
      secondary_colour: '#fde68a',
      facebook_url: 'https://www.facebook.com/ashdownathletic',
      founded_year: 1998,
      ground_name: 'Ashdown Rec',
      ground_map_url: 'https://maps.example.org/?q=ashdown',
    };
    const saved = await t.json('/api/settings', { method: 'PUT', token, body: change });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...change, short_name: ASHDOWN.short_name });
    const startedAt = Date.now();
    expect(await eventually(async () => (await servicesB.identity.get()).primary_colour === '#7f1d1d', 1000)).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(await servicesB.identity.get()).toMatchObject({ club_name: 'Ashdown Athletic FC', strapline: change.strapline, founded_year: 1998 });
    // Process A's next request uses it too (its own memo, cleared by the same notification).
    expect(await eventually(async () => (await (await t.app.request('/manifest.webmanifest')).json()).theme_color === '#7f1d1d', 1000)).toBe(true);
  });
});

describe('the outage page names the club without the database', () => {
  it('keeps the last identity read in DATA_DIR; a process started while the database is away reads it from there', async () => {
    const identity = createClubIdentityService(t.db, { dataDir: t.dataDir });
    const read = await identity.refresh();
    const file = path.join(t.dataDir, IDENTITY_FILE);
    expect(await eventually(async () => (await fs.readFile(file, 'utf8').catch(() => '')).includes(read.club_name))).toBe(true);
    setClub(SAMPLE_CLUB); // as a new process knows nothing yet
    loadKeptIdentity(t.dataDir);
    expect(club()).toEqual(read);
    expect(outagePage('/fixtures')).toContain(`<title>We'll be back in a moment | ${read.club_name}</title>`);
  });
});
