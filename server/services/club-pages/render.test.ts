import { describe, expect, it } from 'vitest';
import { renderClubPage } from './render';

// Issue 33: a page's Markdown becomes HTML that can only hold headings, paragraphs, lists, links
// (http, https, mailto, tel or this site's own pages), emphasis and quotes.
describe('renderClubPage', () => {
  it('renders the Markdown a club writes', () => {
    expect(renderClubPage('## Our Story\n\nWe play on **Sundays** and *sometimes* Saturdays.\n\n- Kit\n- Boots\n\n1. One\n2. Two\n\n> Best club around')).toBe(
      '<h2>Our Story</h2>\n<p>We play on <strong>Sundays</strong> and <em>sometimes</em> Saturdays.</p>\n<ul>\n<li>Kit</li>\n<li>Boots</li>\n</ul>\n' +
        '<ol>\n<li>One</li>\n<li>Two</li>\n</ol>\n<blockquote>\n<p>Best club around</p>\n</blockquote>',
    );
  });

  it('keeps the page title the only h1: # becomes h2, and ##### or ###### become h4', () => {
    expect(renderClubPage('# Big\n\n##### Small\n\n###### Smaller')).toBe('<h2>Big</h2>\n<h4>Small</h4>\n<h4>Smaller</h4>');
  });

  it('keeps links to web pages, e-mail, phone numbers and pages of this site, with their title', () => {
    const html = renderClubPage('[a](https://example.org "Our map") [b](http://example.org) [c](mailto:hi@example.org) [d](tel:+447700900123) [e](/join-us)');
    expect(html).toBe(
      '<p><a href="https://example.org" title="Our map">a</a> <a href="http://example.org">b</a> <a href="mailto:hi@example.org">c</a> ' +
        '<a href="tel:+447700900123">d</a> <a href="/join-us">e</a></p>',
    );
  });

  it.for([
    ['a script', '<script>alert(1)</script>\n\nHi', '<p>Hi</p>'],
    ['a script in any case', 'Hi<SCRIPT src="https://evil.example/x.js"></SCRIPT>', '<p>Hi</p>'],
    ['an event handler', '<p onclick="x()" onmouseover="y()">Hi</p>', '<p>Hi</p>'],
    ['an image (with onerror)', 'Hi <img src="x" onerror="alert(1)">', '<p>Hi </p>'],
    ['a Markdown image', 'Hi ![x](https://evil.example/track.gif)', '<p>Hi </p>'],
    ['a style attribute and element', '<p style="display:none">Hi</p><style>p{}</style>', '<p>Hi</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>\n\nHi', '<p>Hi</p>'],
    ['an SVG with onload', '<svg onload="alert(1)"><circle/></svg>\n\nHi', '<p>Hi</p>'],
    ['a form', '<form action="https://evil.example"><input name="password"><button>Go</button></form>', 'Go'],
    ['a javascript: link', '[Hi](javascript:alert(1))', '<p><a>Hi</a></p>'],
    ['a javascript: link in mixed case with entities', '<a href="jav&#x61;script:alert(1)">Hi</a>', '<p><a>Hi</a></p>'],
    ['a data: link', '[Hi](data:text/html;base64,PHNjcmlwdD4=)', '<p><a>Hi</a></p>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">Hi</a>', '<p><a>Hi</a></p>'],
    ['a protocol-relative link', '<a href="//evil.example">Hi</a>', '<p><a>Hi</a></p>'],
    ['a link opening a new window', '<a href="https://example.org" target="_blank" rel="opener">Hi</a>', '<p><a href="https://example.org">Hi</a></p>'],
  ])('removes %s', ([, markdown, html]) => {
    expect(renderClubPage(markdown)).toBe(html);
  });

  it('escapes text that looks like markup', () => {
    expect(renderClubPage('5 < 6 & "quotes"')).toBe('<p>5 &lt; 6 &amp; "quotes"</p>');
  });

  it('renders an empty page as nothing', () => {
    expect(renderClubPage('')).toBe('');
    expect(renderClubPage('   \n\n  ')).toBe('');
  });
});
