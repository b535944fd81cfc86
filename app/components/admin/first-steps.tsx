import { Link } from 'react-router';
import type { AdminDashboard } from '../../../shared/contracts/admin';

type Steps = NonNullable<AdminDashboard['today']['first_steps']>;

export const FIRST_STEPS_TITLE = 'Your first steps';

/** A new club's checklist (issue 33), in the order a club sets itself up; each links to the screen that does it. */
export const FIRST_STEPS = [
  { key: 'teams', title: 'Add your teams', to: '/admin/teams', hint: 'Each team with its age group and training times.' },
  { key: 'fixture', title: 'Add your first fixture', to: '/admin/fixtures', hint: 'Who you play, when and where: it shows on the website.' },
  { key: 'kit', title: 'Add your kit', to: '/admin/products', hint: 'Shirts, shorts and socks for the club shop.' },
  { key: 'committee', title: 'Invite your committee', to: '/admin/roles', hint: 'Give your secretary, treasurer and welfare officer their roles.' },
] as const satisfies readonly { key: keyof Steps; title: string; to: string; hint: string }[];

function Tick({ done }: { done: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`mt-2 size-7 shrink-0 ${done ? 'text-success' : 'text-muted'}`}>
      {done ? (
        <>
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : (
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </svg>
  );
}

/**
 * The checklist on the Today page while the club is new: each step ticks itself from the club's
 * data (GET /api/admin/dashboard's first_steps), and the list goes once every step is done.
 */
export function FirstSteps({ steps }: { steps: Steps | null }) {
  if (!steps) return null;
  const done = FIRST_STEPS.filter((step) => steps[step.key]).length;
  if (done === FIRST_STEPS.length) return null;
  return (
    <section aria-labelledby="first-steps-heading" className="mb-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <h3 id="first-steps-heading" className="text-lg font-bold">
        {FIRST_STEPS_TITLE}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {done} of {FIRST_STEPS.length} done. Each step ticks itself once your club has done it; this list goes when all are.
      </p>
      <ol className="mt-3 divide-y divide-line">
        {FIRST_STEPS.map((step) => {
          const isDone = steps[step.key];
          return (
            <li key={step.key} data-step={step.key} data-done={isDone} className="flex items-start gap-3 py-3">
              <Tick done={isDone} />
              <span className="min-w-0">
                <Link to={step.to} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700">
                  <span className="sr-only">{isDone ? 'Done: ' : 'To do: '}</span>
                  {step.title}
                </Link>
                <span className="block text-sm text-muted">{step.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
