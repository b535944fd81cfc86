import { Form, Link, NavLink } from 'react-router';
import { ROLE_LABELS, type SessionUser } from '../../shared/roles';
import { CLUB_SHORT_NAME } from '../lib/club';
import { buttonClass } from './ui/button';

/** Header navigation, in the spec's order and words. */
export const NAV_LINKS = [
  { to: '/squad', label: 'Squad & Staff' },
  { to: '/fixtures', label: 'Fixtures & Results' },
  { to: '/news', label: 'News' },
  { to: '/about', label: 'About' },
  { to: '/join-us', label: 'Join Us' },
  { to: '/sponsors', label: 'Sponsors' },
  { to: '/shop', label: 'Shop' },
] as const;

function Crest() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-9 shrink-0">
      <path d="M20 2 36 8v12c0 9-7 15-16 18C11 35 4 29 4 20V8Z" fill="#facc15" />
      <path d="M20 5.5 33 10.4V20c0 7.3-5.6 12.3-13 15-7.4-2.7-13-7.7-13-15v-9.6Z" fill="#14532d" />
      <circle cx="20" cy="19" r="6.5" fill="#fff" />
      <path d="m20 14.6 2.2 1.6-.8 2.6h-2.8l-.8-2.6Z" fill="#14532d" />
    </svg>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  return (
    <details className="group relative">
      <summary
        className="flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-white hover:bg-white/10 sm:gap-2 sm:px-3"
        aria-label={`Account menu for ${user.full_name}`}
      >
        <span className="max-w-14 truncate min-[400px]:max-w-28 sm:max-w-40 xl:max-w-64">{user.full_name}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-60 rounded-xl bg-white p-2 text-ink shadow-xl ring-1 ring-line">
        <p className="px-3 py-2 text-sm text-muted">
          Signed in as <span className="font-semibold text-ink">{ROLE_LABELS[user.role]}</span>
        </p>
        {user.role === 'player' && (
          <Link to="/players-area" className="block rounded-lg px-3 py-2 font-medium hover:bg-brand-50">
            Players' Area
          </Link>
        )}
        {user.role !== 'player' && (
          <Link to="/admin" className="block rounded-lg px-3 py-2 font-medium hover:bg-brand-50">
            Admin Panel
          </Link>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full rounded-lg px-3 py-2 text-left font-medium hover:bg-brand-50">
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-white/15 text-white' : 'text-brand-50 hover:bg-white/10 hover:text-white'}`;
  return (
    <header className="sticky top-0 z-20 bg-brand-800 text-white shadow">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-display text-base font-extrabold tracking-tight sm:text-lg">
          <Crest />
          <span className="truncate">{CLUB_SHORT_NAME}</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/login" className={buttonClass('accent', 'sm', 'whitespace-nowrap')}>
              Players' Area
            </Link>
          )}
          {/* Small screens: the same links behind a disclosure that works without JavaScript. */}
          <details className="group relative lg:hidden">
            <summary className="flex size-11 items-center justify-center rounded-lg hover:bg-white/10" aria-label="Menu">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              </svg>
            </summary>
            <nav aria-label="Main" className="absolute right-0 z-30 mt-2 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-line">
              <ul>
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-2.5 font-semibold ${isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-brand-50'}`
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
