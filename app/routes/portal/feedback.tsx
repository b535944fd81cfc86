import { EMPTY_NEXT, EmptyState, FEEDBACK_EMPTY, PortalSection, RatingStars } from '../../components/portal';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/feedback';
import { portalRead } from './portal.server';
import { formatDateGB } from '../../../shared/dates';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Coach Feedback | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { feedback: await portalRead('coach feedback', () => context.services.players.myFeedback(user), []) };
}

export default function PortalFeedback({ loaderData }: Route.ComponentProps) {
  const { feedback } = loaderData;
  return (
    <PortalSection title="Coach Feedback">
      {feedback.length === 0 ? (
        <EmptyState next={EMPTY_NEXT.feedback} action={{ to: '/players-area/schedule', label: 'See your next training and matches' }}>
          {FEEDBACK_EMPTY}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {feedback.map((f) => (
            <li key={f.id}>
              <article className="h-full rounded-xl bg-white p-5 ring-1 ring-line">
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
                    {f.category}
                  </span>
                  <RatingStars rating={f.rating} />
                </header>
                <p className="mt-3 whitespace-pre-line text-ink">{f.feedback}</p>
                <p className="mt-3 text-sm text-muted">
                  {f.coach_name} · <time dateTime={f.date}>{formatDateGB(f.date)}</time>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
