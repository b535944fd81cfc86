import { describe, expect, it } from 'vitest';
import { apiClient, unique } from '../support/api-client';
import { enhanced, hydrated, useBrowser } from '../support/browser';

const b = useBrowser();

/** The nonce in the CSP header and every nonce attribute in the HTML. */
async function nonces(res: Response) {
  const header = res.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
  const html = await res.text();
  const inPage = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  return { header, inPage, html };
}

/**
 * A second anonymous request for a URL (after a first that filled the cache). Other test files write
 * to the same server in parallel and each write empties the cache, so a few tries are allowed.
 */
async function secondRequest(path: string) {
  let res: Response | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    await fetch(`${b.baseURL}${path}`).then((r) => r.arrayBuffer());
    res = await fetch(`${b.baseURL}${path}`);
    if (res.headers.get('x-cache') === 'HIT') break;
    await res.arrayBuffer();
  }
  return res!;
}

describe('Public page cache', () => {
  it('Answers the second anonymous request for a page from the cache, with a CSP nonce that matches the page', async () => {
    const res = await secondRequest('/sponsors');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('HIT');
    const { header, inPage } = await nonces(res);
    expect(header).toBeTruthy();
    expect(inPage.length).toBeGreaterThan(0);
    expect(new Set(inPage)).toEqual(new Set([header]));
  });

  it('Shows a news article edited by an admin on the next anonymous page view', async () => {
    const api = await apiClient(b.baseURL, 'admin', b.adminPassword);
    const title = unique('Cached headline');
    const article = await api('/api/news', { body: { title, content: 'Before the edit.', is_published: true } });
    const cached = await secondRequest(`/news/${article.id}`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(await cached.text()).toContain('Before the edit.');

    await api(`/api/news/${article.id}`, { method: 'PUT', body: { title, content: 'After the edit.', is_published: true } });
    const fresh = await fetch(`${b.baseURL}/news/${article.id}`);
    expect(await fresh.text()).toContain('After the edit.');
  });

  it('Renders pages fresh for a signed-in visitor', async () => {
    await fetch(`${b.baseURL}/fixtures`).then((r) => r.arrayBuffer());
    const login = await fetch(`${b.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: b.adminPassword }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const res = await fetch(`${b.baseURL}/fixtures`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
  });

  /** Opens a path until the browser's copy came from the cache (HIT), collecting CSP complaints. */
  async function openCached(path: string) {
    const page = await b.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await secondRequest(path);
    let response = await page.goto(path);
    for (let attempt = 0; attempt < 4 && response?.headers()['x-cache'] !== 'HIT'; attempt++) response = await page.goto(path);
    expect(response?.headers()['x-cache']).toBe('HIT');
    return { page, violations };
  }

  // Content pages carry no React (ADR 025): their script and speculation rules must pass the
  // replayed CSP nonce; an interactive page from the cache must still hydrate.
  it('Runs the script and speculation rules of a content page served from the cache without a content-security-policy error', async () => {
    const { page, violations } = await openCached('/about');
    await enhanced(page);
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    expect(violations).toEqual([]);
  });

  it('Hydrates an interactive page served from the cache without a content-security-policy error', async () => {
    const { page, violations } = await openCached('/shop');
    await hydrated(page);
    await enhanced(page);
    expect(violations).toEqual([]);
  });
});
