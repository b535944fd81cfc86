import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A page's way back up, on a line of its own above the page: `<BackLink to="/players-area/children">← All my children</BackLink>`. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="inline-block min-h-11 py-2 font-semibold text-brand-800 underline">
        {children}
      </Link>
    </p>
  );
}
