import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink, StaticPageContext } from './link';

/** Renders an element at a location, on a page sent without React (static) or with it. */
function render(element: React.ReactElement, { at, isStatic }: { at: string; isStatic: boolean }) {
  return renderToStaticMarkup(h(MemoryRouter, { initialEntries: [at] }, h(StaticPageContext, { value: isStatic }, element)));
}

/** The markup without the router's discovery attribute, which only a page with React needs. */
const withoutDiscover = (html: string) => html.replace(/ data-discover="true"/g, '');

describe('Link and NavLink on a page sent without React (ADR 025)', () => {
  it('write the same anchor as React Router does, without its discovery attribute', () => {
    const cases: [React.ReactElement, string][] = [
      [h(Link, { to: '/news?category=Club%20News', className: 'card' }, 'News'), '/'],
      [h(Link, { to: '/fixtures#next', prefetch: 'intent', 'aria-label': 'Next match' }, 'Next'), '/squad'],
      [h(NavLink, { to: '/news', className: 'nav' }, 'News'), '/news'],
      [h(NavLink, { to: '/news', className: 'nav' }, 'News'), '/news/8d6f'],
      [h(NavLink, { to: '/news', end: true, className: 'nav' }, 'News'), '/news/8d6f'],
      [h(NavLink, { to: '/news', className: 'nav' }, 'News'), '/newsletter'],
      [h(NavLink, { to: '/', className: 'nav' }, 'Home'), '/squad'],
      [h(NavLink, { to: '/', className: 'nav' }, 'Home'), '/'],
      [h(NavLink, { to: '/Squad', className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off') }, 'Squad'), '/squad'],
      [
        h(NavLink, {
          to: '/sponsors',
          className: 'nav',
          style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }),
          children: ({ isActive }: { isActive: boolean }) => (isActive ? 'Sponsors (here)' : 'Sponsors'),
        }),
        '/sponsors',
      ],
    ];
    for (const [element, at] of cases) {
      const ours = render(element, { at, isStatic: true });
      expect(ours, at).not.toContain('data-discover');
      expect(ours, at).toBe(withoutDiscover(render(element, { at, isStatic: false })));
    }
  });

  it('leave relative and object destinations to React Router', () => {
    for (const to of ['?page=2', '../squad', { pathname: '/news', search: '?page=2' }]) {
      const element = h(Link, { to }, 'More');
      expect(render(element, { at: '/news', isStatic: true })).toBe(render(element, { at: '/news', isStatic: false }));
    }
  });
});
