import type { ReactNode } from 'react';
import { Link } from '../ui/link';

/** A friendly "nothing here (yet)" panel. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-2xl border-2 border-dashed border-line bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-ink">{title}</p>
      {children && <div className="mt-2 text-muted">{children}</div>}
    </div>
  );
}

/** The green band at the top of each public page. */
export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      <div className="container-page py-10 sm:py-14">
        <h1 className="text-4xl tracking-wide uppercase sm:text-6xl">{title}</h1>
        {intro && <p className="mt-3 max-w-2xl text-lg text-brand-100">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** Filter links (work without JavaScript); the current one has aria-current. */
export function FilterLinks({ items, label }: { items: { to: string; label: string; current: boolean }[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              preventScrollReset
              aria-current={item.current ? 'page' : undefined}
              className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-inset ${
                item.current ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-ink ring-line hover:bg-brand-50'
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
