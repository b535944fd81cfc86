import { Form } from 'react-router';
import { Link, NavLink } from './ui/link';
import { ROLE_LABELS, type SessionUser } from '../../shared/roles';
import { club, wordmarkParts } from '../../shared/club';
import { Crest } from './crest';
import { buttonClass } from './ui/button';
import { ChevronDown } from './ui/chevron';

/** Header navigation, in the order and words of docs/product.md#header-and-footer. */
export const NAV_LINKS = [
  { to: '/squad', label: 'Squad & Staff' },
  { to: '/fixtures', label: 'Fixtures & Results' },
  { to: '/news', label: 'News' },
  { to: '/about', label: 'About' },
  { to: '/join-us', label: 'Join Us' },
  { to: '/sponsors', label: 'Sponsors' },
  { to: '/shop', label: 'Shop' },
] as const;

function UserMenu({ user }: { user: SessionUser }) {
  return (
    <details className="group relative">
      <summary
        className="flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-white hover:bg-white/10 sm:gap-2 sm:px-3"
        aria-label={`Account menu for ${user.full_name}`}
      >
        <span className="max-w-14 truncate min-[400px]:max-w-28 sm:max-w-40 xl:max-w-64">{user.full_name}</span>
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 text-ink shadow-xl ring-1 ring-line">
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

/** The club's wordmark: the full name in the display face, a suffix like "FC" in the secondary colour. Wraps to two lines on the narrowest phones. */
export function Wordmark({ name = club().club_name }: { name?: string }) {
  const [main, suffix] = wordmarkParts(name);
  return (
    <span data-testid="wordmark" className="font-display text-lg leading-none font-bold tracking-wide uppercase sm:text-2xl sm:whitespace-nowrap">
      {main}
      {suffix && <span className="text-gold-400"> {suffix}</span>}
    </span>
  );
}

/**
 * The header. Both menus are native <details> (they work on pages served without React);
 * public/js/header.js adds Escape to close them and closes them after a link is chosen.
 */
export function SiteHeader({ user }: { user: SessionUser | null }) {
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-2 py-2 font-display text-base leading-tight font-bold tracking-wide whitespace-nowrap xl:px-3 xl:text-[1.0625rem] ${
      isActive ? 'bg-white/15 text-gold-300' : 'text-brand-50 hover:bg-white/10 hover:text-white'
    }`;
  // Visitors get Join Us as the gold button, so the bar's links leave it out; members see it as a link.
  const barLinks = user ? NAV_LINKS : NAV_LINKS.filter((link) => link.to !== '/join-us');
  return (
    <header className="sticky top-0 z-20 border-b-4 border-gold-400 bg-brand-800 text-white shadow">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink">
        Skip to content
      </a>
      <div className="container-page flex items-center gap-2 py-2 sm:gap-3">
        <Link to="/" className="flex min-w-0 items-center gap-2 py-1 sm:gap-3">
          <Crest className="h-11 w-10 sm:h-12 sm:w-11" />
          <Wordmark />
        </Link>

        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center">
            {barLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 lg:ml-0">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link to="/login" className="hidden min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-50 underline-offset-4 hover:text-white hover:underline sm:inline-flex">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
                </svg>
                Players' Area
              </Link>
              <Link to="/join-us" className={buttonClass('accent', 'md', 'whitespace-nowrap font-display font-bold tracking-wide uppercase shadow-sm')}>
                Join Us
              </Link>
            </>
          )}
          {/* Small screens: the same links behind a disclosure that works without JavaScript. */}
          <details className="group relative lg:hidden">
            <summary className="flex size-11 items-center justify-center rounded-lg hover:bg-white/10" aria-label="Menu">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" className="group-open:hidden" />
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" className="hidden group-open:inline" />
              </svg>
            </summary>
            <nav aria-label="Main" className="absolute right-0 z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 shadow-xl ring-1 ring-line">
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
                {!user && (
                  <li className="mt-1 border-t border-line pt-1 sm:hidden">
                    <Link to="/login" className="block rounded-lg px-3 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
                      Players' Area
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
