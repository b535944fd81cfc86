import type { ReactNode } from 'react';
import { formatLongDateGB } from '../../shared/dates';

/**
 * A schedule grouped by day: one titled section a date (in the order the items come), each with the
 * list of that day's items as `entry` draws them (an `<li>` each).
 */
export function ByDay<T extends { date: string }>({ items, entry }: { items: readonly T[]; entry: (item: T) => ReactNode }) {
  const days = [...new Set(items.map((item) => item.date))];
  return (
    <div className="space-y-6">
      {days.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`} className="space-y-2">
          <h3 id={`day-${day}`} className="text-base font-bold text-ink">
            {formatLongDateGB(day)}
          </h3>
          <ul className="space-y-2">{items.filter((item) => item.date === day).map((item) => entry(item))}</ul>
        </section>
      ))}
    </div>
  );
}
