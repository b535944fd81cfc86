import { EmptyState, MatchLines, NO_UPCOMING, PortalSection, TRAINING_SLOTS } from '../../components/portal';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/schedule';
import { portalRead } from './portal.server';

export const SCHEDULE_FIXTURES = 10;

export const meta: Route.MetaFunction = () => [{ title: "Schedule | Players' Area" }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return { fixtures: await portalRead('upcoming fixtures', () => context.services.players.upcomingFixtures(SCHEDULE_FIXTURES), []) };
}

export default function PortalSchedule({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <PortalSection title="Training Sessions">
        <ul className="grid gap-3 sm:grid-cols-2">
          {TRAINING_SLOTS.map((slot) => (
            <li key={slot.day} className="flex items-start justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-line">
              <div>
                <p className="font-bold text-ink">{slot.day}</p>
                <p className="text-sm text-muted">{slot.time}</p>
                <p className="text-sm text-muted">{slot.place}</p>
              </div>
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
                {slot.label}
              </span>
            </li>
          ))}
        </ul>
      </PortalSection>
      <PortalSection title="Upcoming Matches">
        {loaderData.fixtures.length === 0 ? (
          <EmptyState>{NO_UPCOMING}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {loaderData.fixtures.map((f) => (
              <li key={f.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-line">
                <div>
                  <MatchLines fixture={f} />
                </div>
                <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-inset ring-line">
                  {f.competition} · {f.is_home ? 'Home' : 'Away'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
    </div>
  );
}
