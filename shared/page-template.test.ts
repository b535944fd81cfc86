import { describe, expect, it } from 'vitest';
import { fillPageTemplate, pageKey, splitPageAtHeader } from './page-template';

const page = (nonce: string, who: string) =>
  `<!DOCTYPE html><html><head><script src="/js/header.js" nonce="${nonce}"></script></head><body class="x">` +
  `<header class="sticky"><a href="/">Club</a><span>${who}</span></header>` +
  `<main id="main"><article><header><h1>News</h1></header></article></main><script nonce="${nonce}">1</script></body></html>`;

describe('A page kept whole for signed-in members (ADR 028)', () => {
  it('is split around the site header, with the nonce taken out, and filled again with another header and nonce', () => {
    const split = splitPageAtHeader(page('n0nce1', 'Ann'), 'n0nce1');
    expect(split?.header).toBe('<header class="sticky"><a href="/">Club</a><span>Ann</span></header>');
    expect(split?.template).not.toContain('n0nce1');
    expect(split?.template).not.toContain('Ann');
    // The article's own <header> inside <main> stays in the page.
    expect(split?.template).toContain('<article><header><h1>News</h1></header></article>');
    const bob = splitPageAtHeader(page('other', 'Bob'), 'other')!.header;
    expect(fillPageTemplate(split!.template, bob, 'fresh2')).toBe(page('fresh2', 'Bob'));
  });

  it('keeps nothing when the page has no header, no nonce, or the nonce outside an attribute', () => {
    expect(splitPageAtHeader('<html><body><main>x</main></body></html>', 'n')).toBeUndefined();
    expect(splitPageAtHeader(page('n0nce1', 'Ann'), undefined)).toBeUndefined();
    expect(splitPageAtHeader(`${page('n0nce1', 'Ann')}<p>n0nce1</p>`, 'n0nce1')).toBeUndefined();
  });

  it('is kept by URL without its fragment', () => {
    expect(pageKey(new URL('http://club.example/news?page=2#top'))).toBe('http://club.example/news?page=2');
  });
});
