import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * What a page opened from a mailed link shows when that link no longer works (used, expired, cut
 * short): why, announced at once, then the one way on (`next`, a link to `to`).
 */
export function UnusableLink({ problem, to, next, children }: { problem: ReactNode; to: string; next: string; children?: ReactNode }) {
  return (
    <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <p role="alert" className="font-medium text-danger">
        {problem}
      </p>
      {children}
      <Link to={to} className="mt-4 inline-block py-3 font-semibold text-brand-800 underline">
        {next}
      </Link>
    </div>
  );
}
