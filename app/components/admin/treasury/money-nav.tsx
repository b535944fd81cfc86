import { Link } from 'react-router';
import type { Capabilities } from '../../../../server/policy';

export type MoneyView = 'statements' | 'charge' | 'plans' | 'charges' | 'arrears';

/** The Money tab's parts (issue 31), each for those the rule book lets do it: the secretary charges; the rest is the treasurer's. */
export const MONEY_VIEWS: { view: MoneyView; label: string; can: 'money' | 'chargeMembers' }[] = [
  { view: 'statements', label: 'Bank statements', can: 'money' },
  { view: 'charge', label: 'Charge', can: 'chargeMembers' },
  { view: 'plans', label: 'Plans', can: 'chargeMembers' },
  { view: 'charges', label: 'Charges & reversals', can: 'money' },
  { view: 'arrears', label: 'Arrears & export', can: 'money' },
];

export const viewsFor = (can: Pick<Capabilities, 'money' | 'chargeMembers'>) => MONEY_VIEWS.filter((v) => can[v.can]);

/** The part asked for in `?view=`, if this person may see it; else their first. */
export function viewOf(url: URL, can: Pick<Capabilities, 'money' | 'chargeMembers'>): MoneyView {
  const mine = viewsFor(can);
  const asked = url.searchParams.get('view');
  return mine.find((v) => v.view === asked)?.view ?? mine[0]?.view ?? 'charge';
}

/** The parts as links (each its own address: back, reload and sharing keep it), wrapping on a phone. */
export function MoneyNav({ current, can }: { current: MoneyView; can: Pick<Capabilities, 'money' | 'chargeMembers'> }) {
  return (
    <nav aria-label="Money" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {viewsFor(can).map((v) => (
          <li key={v.view}>
            <Link
              to={`?view=${v.view}`}
              aria-current={v.view === current ? 'page' : undefined}
              className={[
                'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
                v.view === current ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-brand-800 ring-line hover:bg-brand-50',
              ].join(' ')}
            >
              {v.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
