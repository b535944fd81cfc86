import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, unique } from '../support/api-client';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, enhanced, useBrowser } from '../support/browser';

/** The share control that copies the link (the earlier site's 'Instagram' button, now named 'Copy link'). */
const COPY_BUTTON = /^Copy link$/;

const b = useBrowser();
const TITLE_300 = unique('Exactly three hundred');
const TITLE_301 = unique('Three hundred and one');
const TITLE_SHORT = unique('Short and sweet');
const CONTENT_300 = 'x'.repeat(149) + 'y' + 'z'.repeat(150);
const CONTENT_301 = 'p'.repeat(300) + 'Q';
const CONTENT_SHORT = 'Training is on Thursday this week.';
const DRAFT = unique('Secret draft');
let longId = '';
let draftId = '';

beforeAll(async () => {
  const api = await apiClient(b.baseURL, 'admin', b.adminPassword);
  await api('/api/news', { body: { title: TITLE_300, content: CONTENT_300, is_published: true } });
  await api('/api/news', { body: { title: TITLE_SHORT, content: CONTENT_SHORT, is_published: true } });
  longId = (await api('/api/news', { body: { title: TITLE_301, content: CONTENT_301, summary: 'A long one.', image_url: '/images/seed/news-ball.svg', is_published: true } })).id;
  draftId = (await api('/api/news', { body: { title: DRAFT, content: 'Not yet.', is_published: false } })).id;
});

const item = (page: import('playwright-core').Page, title: string) => page.getByTestId('news-item').filter({ hasText: title });

describe('News list', () => {
  it('Lists published articles newest first, without drafts', async () => {
    const page = await b.newPage();
    await page.goto('/news');
    expect(await page.title()).toBe('News | Riverside Rovers FC');
    const titles = await page.getByTestId('news-item').getByRole('heading').allTextContents();
    const api: { title: string }[] = await (await fetch(`${b.baseURL}/api/news`)).json();
    expect(titles).toEqual(api.map((a) => a.title));
    expect(titles).not.toContain(DRAFT);
  });

  it('Shows the summary, not the body; without a summary a 150-character excerpt; Read More only when there is more', async () => {
    const page = await b.newPage();
    await page.goto('/news');
    const withSummary = item(page, TITLE_301);
    expect(await withSummary.getByTestId('news-summary').textContent()).toBe('A long one.');
    expect(await withSummary.textContent()).not.toContain('ppp');

    const noSummary = item(page, TITLE_300);
    expect(await noSummary.getByTestId('news-summary').textContent()).toBe(`${'x'.repeat(149)}y…`);
    // None of the 150 z's after the cut (the title's random tag may hold a 'z' of its own).
    expect(await noSummary.textContent()).not.toContain('z'.repeat(10));
    expect(await noSummary.getByRole('link', { name: /Read More/ }).count()).toBe(1);

    const short = item(page, TITLE_SHORT);
    expect(await short.getByTestId('news-summary').textContent()).toBe(CONTENT_SHORT);
    expect(await short.getByRole('link', { name: /Read More/ }).count()).toBe(0);

    await withSummary.getByRole('link', { name: /Read More/ }).click();
    await page.waitForURL(`**/news/${longId}`);
    await page.getByText(CONTENT_301).waitFor();
  });

  it("The share control that copies a link says 'Copy link'", async () => {
    const page = await b.newPage();
    await page.goto('/news');
    const share = item(page, TITLE_301).getByRole('group', { name: /^Share/ });
    expect(await share.getByRole('button').allTextContents()).toEqual(['Copy link']);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Has no axe violations at ${viewport.width} px`, async () => {
      const page = await b.newPage({ viewport });
      await page.goto('/news');
      await expectNoAxeViolations(page);
    });
  }
});

describe('News article', () => {
  it('Shows the article with Facebook and WhatsApp share links and a Back to News link', async () => {
    const page = await b.newPage();
    await page.goto(`/news/${longId}`);
    expect(await page.title()).toBe(`${TITLE_301} | Riverside Rovers FC`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE_301);
    const url = `${b.baseURL}/news/${longId}`;
    expect(await page.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${TITLE_301} - ${url}`)}`,
    );
    expect(await page.getByRole('link', { name: 'Back to News' }).first().getAttribute('href')).toBe('/news');
  });

  it("Copy link copies 'title - URL' and says 'Link copied!' with how to share it, in a polite live region", async () => {
    const page = await b.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseURL });
    await page.goto(`/news/${longId}`);
    await enhanced(page);
    await page.getByRole('button', { name: COPY_BUTTON }).click();
    const status = page.getByRole('status').filter({ hasText: 'Link copied!' });
    await status.waitFor();
    expect(await status.textContent()).toBe('Link copied! Open Instagram and paste the link in your story or post');
    expect(await status.getAttribute('role')).toBe('status'); // implicitly aria-live="polite"
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${TITLE_301} - ${b.baseURL}/news/${longId}`);
    await expectNoAxeViolations(page, 'article with Link copied!');
  });

  it('Each card on the news list copies its own article', async () => {
    const page = await b.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseURL });
    await page.goto('/news');
    await enhanced(page);
    const card = item(page, TITLE_301);
    await card.getByRole('button', { name: COPY_BUTTON }).click();
    await card.getByRole('status').filter({ hasText: 'Link copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${TITLE_301} - ${b.baseURL}/news/${longId}`);
  });

  it('Without JavaScript there is no copy button that would do nothing', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await page.goto(`/news/${longId}`);
    expect(await page.getByRole('link', { name: 'WhatsApp' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: COPY_BUTTON }).count()).toBe(0);
  });

  it("When copying fails it says 'Unable to copy link' and to copy the URL by hand", async () => {
    const page = await b.newPage();
    await page.goto(`/news/${longId}`);
    await enhanced(page);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    });
    await page.getByRole('button', { name: COPY_BUTTON }).click();
    await page.getByRole('status').getByText('Unable to copy link').waitFor();
    expect(await page.getByText('Please copy the URL manually from your browser').isVisible()).toBe(true);
  });

  it("An unknown or unpublished article shows 'Article Not Found' with a 404 and Back to News", async () => {
    const page = await b.newPage();
    for (const id of [draftId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await page.goto(`/news/${id}`);
      expect(response!.status()).toBe(404);
      expect(await page.getByRole('heading', { name: 'Article Not Found' }).isVisible()).toBe(true);
      expect(await page.getByText("The news article you're looking for doesn't exist.").isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to News' }).getAttribute('href')).toBe('/news');
    }
  });

  it('The server HTML of an article carries og:title, og:description, og:image and og:url (as curl sees it)', async () => {
    const res = await fetch(`${b.baseURL}/news/${longId}`, { headers: { 'user-agent': 'curl/8.0' } });
    expect(res.status).toBe(200);
    const head = (await res.text()).split('</head>')[0];
    expect(head).toContain(`<meta property="og:title" content="${TITLE_301}"/>`);
    expect(head).toContain('<meta property="og:description" content="A long one."/>');
    expect(head).toContain(`<meta property="og:image" content="${b.baseURL}/images/seed/news-ball.svg"/>`);
    expect(head).toContain(`<meta property="og:url" content="${b.baseURL}/news/${longId}"/>`);
    expect(head).toContain('<meta property="og:type" content="article"/>');
    expect(head).toContain(`<meta name="twitter:title" content="${TITLE_301}"/>`);
  });
});

describe('Sitemap and robots', () => {
  it('/sitemap.xml lists the public pages and published articles; /robots.txt points to it', async () => {
    const sitemap = await fetch(`${b.baseURL}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${b.baseURL}/fixtures</loc>`);
    expect(xml).toContain(`<loc>${b.baseURL}/news/${longId}</loc>`);
    expect(xml).not.toContain(draftId);
    const robots = await (await fetch(`${b.baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${b.baseURL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });
});
