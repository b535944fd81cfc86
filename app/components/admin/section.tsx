import type { ReactNode } from 'react';

/** A tab's heading row: title, a short description and the tab's main action. */
export function SectionHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export const NEEDS_JAVASCRIPT = 'The admin panel needs JavaScript: please turn it on in your browser and reload the page.';

/** Shown while a tab's data loads in the browser (the panel reads the REST API, ADR 004). */
export function AdminLoading() {
  return (
    <>
      <p role="status" className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">
        Loading…
      </p>
      <noscript>
        <p className="mt-4 rounded-xl border border-gold-500 bg-yellow-50 p-4 text-center text-ink">{NEEDS_JAVASCRIPT}</p>
      </noscript>
    </>
  );
}

/** A small coloured pill. */
export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info'; children: ReactNode }) {
  const tones = {
    neutral: 'bg-gray-100 text-gray-800',
    success: 'bg-green-100 text-green-900',
    warning: 'bg-yellow-100 text-yellow-900',
    danger: 'bg-red-100 text-red-900',
    info: 'bg-blue-100 text-blue-900',
  };
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** A white panel with a heading, for the sections of a tab. */
export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6 ${className}`}>
      <h3 className="mb-4 text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}
