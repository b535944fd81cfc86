import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UNDER_13_NO_LOGIN } from '../../shared/guardians';
import { bornYearsAgo } from '../../tests/support/ages';
import { NewLogin } from './admin/player-account';
import { PendingRequests, PENDING_REQUESTS_TITLE } from './portal/pending-requests';
import { ParentsOfJuniors } from './public/parents-of-juniors';

// Issue 31's texts for parents and children, rendered as the server sends them.
const inRouter = (element: React.ReactElement) => renderToStaticMarkup(h(MemoryRouter, null, element));

describe('“Create login” in the admin’s player page', () => {
  it('is not offered for an 8-year-old: the page says why instead', () => {
    const html = renderToStaticMarkup(h(NewLogin, { player: { id: 'p', full_name: 'Aarav Sharma', date_of_birth: bornYearsAgo(8), team_type: null } }));
    expect(html).toContain(UNDER_13_NO_LOGIN.slice(0, 40));
    expect(html).not.toContain('Create login');
  });
});

describe('The way in for parents of juniors (Home and Join Us)', () => {
  it('links to the parent route', () => {
    const html = inRouter(h(ParentsOfJuniors));
    expect(html).toContain('Registering a child under 18?');
    expect(html).toMatch(/<a [^>]*href="\/register\/parent"[^>]*>Parents and carers start here<\/a>/);
  });
});

describe('A parent’s requests waiting for the club', () => {
  it('lists each child with the team and the day asked; nothing when none waits', () => {
    const html = renderToStaticMarkup(
      h(PendingRequests, { requests: [{ id: 'r1', child_name: 'Aarav Sharma', team_name: 'Under 9s', created_at: '2026-11-28T09:00:00.000Z' }] }),
    );
    expect(html).toContain(PENDING_REQUESTS_TITLE);
    expect(html).toContain('Aarav Sharma');
    expect(html).toContain('Under 9s');
    expect(html).toContain('asked 28 Nov 2026');
    expect(renderToStaticMarkup(h(PendingRequests, { requests: [] }))).toBe('');
  });
});
