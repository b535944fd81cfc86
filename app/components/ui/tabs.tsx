import { NavLink } from 'react-router';

export interface TabItem {
  to: string;
  label: string;
  /** Whether the link only matches its exact path. */
  end?: boolean;
}

/**
 * Tabs as links: each tab is its own URL (back button, reload and sharing keep the tab, and
 * they work without JavaScript). The current one is marked with aria-current="page".
 */
export function TabNav({ items, label, wrapOnDesktop = false }: { items: TabItem[]; label: string; wrapOnDesktop?: boolean }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className={`flex min-w-max gap-1 border-b border-line ${wrapOnDesktop ? 'lg:min-w-0 lg:flex-wrap' : ''}`}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              preventScrollReset
              className={({ isActive }) =>
                [
                  'inline-block whitespace-nowrap border-b-3 px-3 py-3 text-sm font-semibold sm:px-4',
                  isActive ? 'border-brand-800 text-brand-800' : 'border-transparent text-muted hover:text-ink',
                ].join(' ')
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
