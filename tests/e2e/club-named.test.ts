import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../app/routes/admin/tabs';
import { OUTAGE_TITLE } from '../../server/outage-page';
import { apiAs, labelled, openAdminTab, settledToast } from '../support/admin';
import { bornYearsAgo } from '../support/ages';
import { PHONE, ready, signIn, useBrowser } from '../support/browser';
import { TEST_MAIL_FROM } from '../support/mail';
import { E2E_ADMIN_PASSWORD, freePort, startServer, type RunningServer } from '../support/server';
import { startSmtpServer, waitFor } from '../support/smtp';

// Issue 33, acceptance: a fresh club named "Ashdown Athletic Juniors", with its own colour and crest,
// reads as itself everywhere a visitor, a member or a mail box meets it: every admin and portal page,
// the mails it sends, both calendar feeds, the sitemap, the manifest, the favicon and the outage page.
// None says "Riverside" or "Rovers" (the sample club's name); each names the club as it is now.
// (The public pages: tests/e2e/first-run.test.ts; every mail template: server/api/club-named-mails.test.ts.)
const b = useBrowser();
const smtp = await startSmtpServer();
let server: RunningServer;

const CLUB = 'Ashdown Athletic Juniors';
const SHORT = 'Ashdown Athletic';
const SAMPLE_CLUB = /Riverside|Rovers|RRFC/i;
const PASSWORD = 'a sturdy passphrase';

const clubDate = (daysAhead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + daysAhead * 86_400_000));

beforeAll(async () => {
  const port = await freePort();
  // MAIL_FROM still names the sample club, as an old install's would: the club's own name must replace it.
  server = await startServer({ port, env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAIL: 'secretary@ashdown.example.org' } });
  const res = await fetch(`${server.baseURL}/api/admin/initialize-database`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ club_name: CLUB, short_name: SHORT, primary_colour: '#1e3a8a', sample: false }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await server?.cleanup();
  await smtp.stop();
});

/** What the people of a small club need: two teams with a match each, a player with a login, a child with a parent, money owed, a message, kit and an order. */
interface Club {
  teams: { senior: string; juniors: string; seniorSlug: string };
  fixtureId: string;
  playerId: string;
  productId: string;
  articleId: string;
  orderToken: string;
  child: string;
  player: { username: string; password: string };
  parent: { username: string; password: string };
}
let made: Club;
/** The crest the admin uploads in Settings → Club. */
let crestUrl = '';

async function setUpClub(base: string): Promise<Club> {
  const admin = await apiAs(base, 'admin', E2E_ADMIN_PASSWORD);
  const ok = (res: { status: number; body: unknown }, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as any;
  };
  // Junior teams need a welfare officer; payers need the club's bank details.
  const me = ok(await admin.get('/api/auth/me'), 'me');
  ok(await admin.post('/api/admin/club-roles', { user_id: me.id, role: 'welfare_officer' }), 'welfare officer');
  const settings = ok(await admin.get('/api/settings'), 'settings');
  const bank = { club_email: 'hello@ashdown.example.org', account_name: CLUB, sort_code: '309174', account_number: '12345678', welfare_email: 'welfare@ashdown.example.org' };
  ok(await admin.put('/api/settings', { ...settings, ...bank }), 'bank details');

  const senior = ok(await admin.post('/api/teams', { name: 'Saturday XI' }), 'senior team');
  const juniors = ok(await admin.post('/api/teams', { name: 'Under 9s', age_group: 'U9', format: '5v5' }), 'junior team');
  const fixture = (team_id: string, away_team: string, days: number) =>
    admin.post('/api/fixtures', { team_id, away_team, match_date: clubDate(days), match_time: '10:30', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'upcoming' });
  const fixtureId = ok(await fixture(senior.id, 'Hartfield', 5), 'senior fixture').id;
  ok(await fixture(juniors.id, 'Forest Row', 6), 'junior fixture');

  // A player with a login.
  const playerRow = ok(await admin.post('/api/players', { full_name: 'Sam Striker', position: 'Forward', team_type: 'Senior', team_ids: [senior.id] }), 'player');
  const player = { username: 'sam_striker', password: PASSWORD };
  ok(await admin.post('/api/admin/create-player-account', { player_id: playerRow.id, ...player, email: 'sam@ashdown.example.org' }), 'player account');

  // A child, and a parent who accepts the club's invitation.
  const child = ok(
    await admin.post('/api/players', { full_name: 'Ava Junior', date_of_birth: bornYearsAgo(8), position: 'Midfielder', team_type: 'Senior', nationality: 'English', team_ids: [juniors.id] }),
    'child',
  ).id as string;
  const parentEmail = 'jo@ashdown.example.org';
  ok(await admin.post('/api/guardian-invitations', { player_id: child, email: parentEmail, level: 'primary', relationship: 'Mother' }), 'invitation');
  const invitation = () => smtp.received.find((m) => m.to.includes(parentEmail) && /parent or carer link/.test(m.subject));
  await waitFor(() => !!invitation(), 20_000, 'the invitation');
  const token = /token=([\w-]+)/.exec(invitation()!.text)![1]!;
  const parent = { username: 'jo_junior', password: PASSWORD };
  const accepted = await fetch(`${base}/api/guardian-invitations/${token}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ full_name: 'Jo Junior', ...parent }) });
  expect(accepted.status, await accepted.clone().text()).toBeLessThan(300);

  // Money owed by both (payment request mails), a message to the player, kit and an order, a join-us application.
  for (const member_id of [playerRow.id, child]) {
    ok(await admin.post('/api/treasury/charges', { member_id, category: 'subs', description: 'Autumn subs', amount_pence: 4500, due_date: clubDate(14) }), 'charge');
  }
  ok(await admin.post('/api/messages', { subject: 'Kit collection', body: 'Collect your kit on Thursday.', player_id: playerRow.id }), 'message');
  const product = ok(await admin.post('/api/products', { name: 'Home Shirt', description: 'Our home shirt.', category: 'Kit', price: 30, stock: 10, sizes: ['M'], images: [] }), 'product');
  const order = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: product.id, quantity: 1, size: 'M', fulfilment: 'collect', customer_name: 'Robin Buyer', customer_email: 'robin@example.com', customer_phone: '07700 900123' }),
  });
  expect(order.status, await order.clone().text()).toBeLessThan(300);
  const orderToken = ((await order.json()) as { token: string }).token;
  const article = ok(await admin.post('/api/news', { title: 'A first win for the Saturday XI', content: 'Three goals and a clean sheet.', is_published: true }), 'news');
  const joinUs = await fetch(`${base}/api/join-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: 'Kim Keen', email: 'kim@example.com', phone_number: '07700 900456', message: 'I would like to play.', interest_types: ['player'] }),
  });
  expect(joinUs.status, await joinUs.clone().text()).toBeLessThan(300);
  // The admin's test mail goes straight over SMTP, not through the outbox: from the club's name too.
  ok(await admin.post('/api/admin/outbox/test', { to: 'secretary@ashdown.example.org' }), 'test mail');
  return {
    teams: { senior: senior.id, juniors: juniors.id, seniorSlug: senior.slug },
    fixtureId,
    playerId: playerRow.id,
    productId: product.id,
    articleId: article.id,
    orderToken,
    child,
    player,
    parent,
  };
}

/** Reads one page as the signed-in person: it answers, names the club in its title, and never the sample club. */
async function readPage(page: import('playwright-core').Page, where: string) {
  const response = await page.goto(where);
  expect(response?.status(), where).toBeLessThan(400);
  await ready(page);
  expect(await page.title(), `${where}: the title`).toContain(CLUB);
  const html = await page.content();
  expect(html, where).not.toMatch(SAMPLE_CLUB);
  expect(await page.getByTestId('wordmark').first().textContent(), `${where}: the header`).toContain(SHORT);
  await imagesNameNoOtherClub(page, where);
}

const imagesRead = new Set<string>();
/** The pictures a page shows or offers to link previews (og:image): a drawn (SVG) one never says the sample club's name either. */
async function imagesNameNoOtherClub(page: import('playwright-core').Page, where: string) {
  const urls = await page.evaluate(() => [
    ...Array.from(document.querySelectorAll('img'), (img) => img.currentSrc || img.src),
    ...Array.from(document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]'), (meta) => meta.getAttribute('content') ?? ''),
  ]);
  for (const url of urls.map((u) => new URL(u, server.baseURL))) {
    if (url.origin !== new URL(server.baseURL).origin || imagesRead.has(url.pathname)) continue;
    imagesRead.add(url.pathname);
    const res = await fetch(url);
    expect(res.status, `${where}: ${url.pathname}`).toBe(200);
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('svg')) expect(await res.text(), `${where}: ${url.pathname}`).not.toMatch(SAMPLE_CLUB);
    else await res.arrayBuffer();
  }
}

describe(`A club named "${CLUB}" reads as itself everywhere (issue 33)`, () => {

  it('At 390 px the admin uploads a crest in Settings → Club: the header shows it', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(page, '/admin/settings');
    await page.getByRole('group', { name: 'Club', exact: true }).waitFor();
    expect(await page.getByLabel(labelled('Club name')).inputValue()).toBe(CLUB);
    const crest = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#fde68a"/></svg>';
    await page.getByLabel('Upload image for Crest').setInputFiles({ name: 'ashdown-crest.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(crest) });
    const crestField = page.getByLabel('Crest', { exact: true });
    await expect.poll(() => crestField.inputValue()).toMatch(/^\/uploads\/\S+\.svg$/);
    crestUrl = await crestField.inputValue();
    await page.getByLabel('Secondary colour', { exact: true }).fill('#fde68a');
    // An empty club has no address yet: Settings asks for one.
    await page.getByLabel(labelled('General email')).fill('hello@ashdown.example.org');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await settledToast(page, 'Settings saved successfully!').catch(async (error) => {
      await page.screenshot({ path: '/tmp/club-named-settings.png', fullPage: true });
      throw error;
    });
    await page.goto('/');
    await ready(page);
    expect(await page.getByRole('banner').locator('img').first().getAttribute('src')).toBe(crestUrl);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1e3a8a');
  });

  it('The club gets its people through the API: teams, fixtures, a player, a parent, money owed, a message, kit, an order and an application', async () => {
    made = await setUpClub(server.baseURL);
  });

  it('Every admin page, read by the admin, names the club and never the sample club', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    const others = ['/admin/player-management', '/admin/registrations', `/admin/match-day/${made.teams.juniors}`];
    for (const where of [...ADMIN_TABS.map((t) => t.to), ...others]) await readPage(page, where);
    // The team sheet is printed from the admin panel.
    await readPage(page, `/team-sheet/${made.fixtureId}`);
  });

  it('Every portal page, read by a player and by a parent, names the club and never the sample club', async () => {
    const portal = ['', '/profile', '/payments', '/feedback', '/schedule', '/documents', '/messages', '/stats', '/account'].map((p) => `/players-area${p}`);
    const player = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(player, made.player.username, made.player.password);
    for (const where of portal) await readPage(player, where);
    // Their payments page gives the club's reference, with its own prefix.
    await player.goto('/players-area/payments');
    expect(await player.content()).toMatch(/AAJ[A-Z2-9]{6}/);

    const parent = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(parent, made.parent.username, made.parent.password);
    const family = ['/players-area/children', `/players-area/children/${made.child}`, `/players-area/children/${made.child}/consents`];
    for (const where of [...portal, ...family]) await readPage(parent, where);
  });

  it('Every mail it sent comes from the club by name and names it, never the sample club', async () => {
    // The guardian invitation, two payment requests, the message, the order and the application (to the club), the join-us receipt, the test mail.
    await waitFor(() => smtp.received.length >= 8, 20_000, 'the mails');
    await new Promise((r) => setTimeout(r, 1500)); // stragglers from the same events
    const kinds = new Set<string>();
    for (const mail of smtp.received) {
      const where = `"${mail.subject}" to ${mail.to.join(', ')}`;
      kinds.add(mail.subject.replace(/\d+/g, '#'));
      expect(mail.header('from'), where).toMatch(new RegExp(`^"?${CLUB}"? <`));
      // The whole message as sent (quoted-printable soft line breaks joined): headers, text and HTML.
      const raw = mail.raw.replace(/=\r?\n/g, '');
      for (const part of [mail.subject, mail.text, raw]) expect(part, where).not.toMatch(SAMPLE_CLUB);
      expect(mail.text, where).toContain(CLUB);
    }
    console.log(`[club-named] ${smtp.received.length} mails of ${kinds.size} subjects: ${[...kinds].join(' | ')}`);
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    // The club's own references: the bank reference from its initials, the order's from its short name.
    const payment = smtp.received.find((m) => m.subject.startsWith('Payment request: Autumn subs,'))!;
    expect(payment.text).toMatch(/\bAAJ[A-Z2-9]{6}\b/);
    expect(payment.text).toContain(`Please pay by bank transfer to ${CLUB}`);
    expect(smtp.received.some((m) => /^New shop order AA-\d+: Home Shirt$/.test(m.subject))).toBe(true);
  });

  it('The public pages with its own fixtures, players, news and kit name the club, never the sample club', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    for (const where of ['/', '/squad', '/fixtures', '/news', '/shop', '/about', '/join-us', '/privacy']) await readPage(page, where);
    for (const where of [`/fixtures/${made.fixtureId}`, `/player/${made.playerId}`, `/news/${made.articleId}`, `/shop/product/${made.productId}`, `/shop/orders/${made.orderToken}`]) {
      await readPage(page, where);
    }
    // Pages reached from a mail's link, here without a valid one, and a page that does not exist.
    for (const where of ['/unsubscribe', '/confirm-email', '/availability', '/squad-reply', '/reset-password', '/guardian-invitation', '/no-such-page']) {
      await page.goto(where);
      await ready(page);
      expect(await page.title(), `${where}: the title`).toContain(CLUB);
      expect(await page.content(), where).not.toMatch(SAMPLE_CLUB);
    }
  });
});

describe(`The feeds, files and outage page of "${CLUB}" (issue 33)`, () => {
  it('Both calendar feeds, the sitemap, the manifest and the favicon name the club and never the sample club', async () => {
    const base = server.baseURL;
    const text = async (where: string, init?: RequestInit) => {
      const res = await fetch(`${base}${where}`, init);
      expect(res.status, where).toBe(200);
      const body = await res.text();
      expect(body, where).not.toMatch(SAMPLE_CLUB);
      return body;
    };
    const team = await text(`/calendar/teams/${made.teams.seniorSlug}.ics`);
    expect(team).toContain(`X-WR-CALNAME:${CLUB} Saturday XI`);
    expect(team).toContain(`${SHORT} v Hartfield`);
    const club = await text('/calendar/club.ics');
    expect(club).toContain(`X-WR-CALNAME:${CLUB} fixtures`);

    const player = await apiAs(base, made.player.username, made.player.password);
    const link = await player.post('/api/calendar/token', {});
    expect(link.status).toBe(201);
    const mine = await text(new URL(link.body.url).pathname);
    expect(mine).toContain(`X-WR-CALNAME:${CLUB}: my calendar`);
    expect(mine).toContain(`${SHORT} v Hartfield`);

    // The API's own description, read by whoever builds on the club's site: examples name no other club.
    await text('/api/openapi.json');
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toContain('<loc>');
    const manifest = JSON.parse(await text('/manifest.webmanifest'));
    expect(manifest.name).toBe(CLUB);
    expect(manifest.short_name).toBe(SHORT);
    expect(manifest.theme_color).toBe('#1e3a8a');
    // The crest is the club's icon: the manifest's, and the favicon's (a redirect to it).
    expect(manifest.icons[0].src).toBe(crestUrl);
    // The app icons are drawn from it (issue 35): PNGs under /icons/<identity version>/.
    expect(manifest.icons.slice(1).map((i: { src: string }) => i.src)).toEqual([
      expect.stringMatching(/^\/icons\/\w+\/icon-192\.png$/),
      expect.stringMatching(/^\/icons\/\w+\/icon-512\.png$/),
      expect.stringMatching(/^\/icons\/\w+\/maskable-512\.png$/),
    ]);
    const favicon = await fetch(`${base}/favicon.svg`, { redirect: 'manual' });
    expect(favicon.headers.get('location')).toBe(crestUrl);
    expect(await text(crestUrl)).toContain('#fde68a');
  });

  it('With the database away, the outage page names the club and never the sample club', async () => {
    const postmaster = Number((await fs.readFile(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const { token } = await apiAs(server.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const pids = [postmaster, ...(await childrenOf(postmaster))];
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let outage = '';
    try {
      const deadline = Date.now() + 20_000;
      while (!outage && Date.now() < deadline) {
        const res = await fetch(`${server.baseURL}/admin`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
        const body = (await res?.text()) ?? '';
        if (res?.status === 503 && body.includes(OUTAGE_TITLE)) outage = body;
        else await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      for (const pid of pids.slice().reverse()) process.kill(pid, 'SIGCONT');
    }
    expect(outage, 'the outage page').not.toBe('');
    expect(outage).not.toMatch(SAMPLE_CLUB);
    expect(outage).toContain(`<title>${OUTAGE_TITLE} | ${CLUB}</title>`);
    expect(outage).toContain(`<span>${CLUB}</span>`);
  });
});

async function childrenOf(pid: number) {
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
  }
  return children;
}
