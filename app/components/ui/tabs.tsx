import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDown } from './chevron';

export interface TabItem {
  to: string;
  label: string;
  /** Whether the link only matches its exact path. */
  end?: boolean;
}

const isCurrent = (item: TabItem, pathname: string) =>
  item.end ? pathname.replace(/\/$/, '') === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);

const tabClass = ({ isActive }: { isActive: boolean }) =>
  [
    'inline-block whitespace-nowrap border-b-3 px-3 py-3 text-sm font-semibold sm:px-4',
    isActive ? 'border-brand-800 text-brand-800' : 'border-transparent text-muted hover:text-ink',
  ].join(' ');

/**
 * Tabs as links: each tab is its own URL (back button, reload and sharing keep the tab, and
 * they work without JavaScript). The current one is marked with aria-current="page".
 *
 * `compact`: below 640 px the tabs fold into a menu (a <details> disclosure naming the current
 * tab, ADR 027) instead of a strip that scrolls sideways; from 640 px up they are a tab bar that
 * wraps. The disclosure works with the keyboard (Enter or Space opens, Escape closes) and without
 * JavaScript, and closes on navigating.
 */
export function TabNav({
  items,
  label,
  wrapOnDesktop = false,
  compact = false,
}: {
  items: TabItem[];
  label: string;
  wrapOnDesktop?: boolean;
  compact?: boolean;
}) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  if (compact) {
    const current = items.find((item) => isCurrent(item, pathname));
    return (
      <nav aria-label={label}>
        <details
          ref={menu}
          className="group relative sm:hidden"
          onKeyDown={(event) => {
            // Escape closes the open menu and leaves focus on its button, as a menu button does.
            if (event.key === 'Escape' && menu.current?.open) {
              menu.current.open = false;
              menu.current.querySelector('summary')?.focus();
            }
          }}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl bg-white px-4 py-2 font-semibold shadow-sm ring-1 ring-line [&::-webkit-details-marker]:hidden">
            <span className="min-w-0">
              <span className="text-sm font-normal text-muted">Section: </span>
              <span className="text-brand-800">{current?.label ?? 'Choose'}</span>
            </span>
            <span className="flex items-center gap-1 text-sm text-muted">
              Menu
              <ChevronDown className="size-5 transition group-open:rotate-180" />
            </span>
          </summary>
          <ul className="mt-2 grid grid-cols-2 gap-1 rounded-xl bg-white p-2 shadow-md ring-1 ring-line">
            {items.map((item) => (
              <li key={item.to} className="min-w-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  preventScrollReset
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${isActive ? 'bg-brand-800 text-white' : 'text-ink hover:bg-brand-50'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
        <TabList items={items} className="hidden flex-wrap gap-1 border-b border-line sm:flex" />
      </nav>
    );
  }

  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <TabList items={items} className={`flex min-w-max gap-1 border-b border-line ${wrapOnDesktop ? 'lg:min-w-0 lg:flex-wrap' : ''}`} />
    </nav>
  );
}

/** The tabs as a row of links (the desktop bar, and the strip of the non-compact nav). */
function TabList({ items, className }: { items: TabItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} preventScrollReset className={tabClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
