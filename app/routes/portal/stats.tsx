import { emptySeasonStats, goalsPerMatch } from '../../../shared/players';
import { CLEAN_RECORD, DISCIPLINE_HINT, EMPTY_NEXT, EmptyState, PortalSection, StatTile, TrainingAttendanceTile } from '../../components/portal';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/stats';
import { portalRead } from './portal.server';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("My Stats | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { stats: await portalRead('stats', () => context.services.players.myStats(user), null) };
}

export default function PortalStats({ loaderData }: Route.ComponentProps) {
  const s = loaderData.stats ?? emptySeasonStats();
  const clean = s.yellow_cards === 0 && s.red_cards === 0;
  // No match recorded yet: say so instead of a wall of zeros (no invented figures, decision 14 in docs/architecture.md).
  if (s.matches_played === 0 && s.goals === 0 && s.assists === 0 && s.minutes_played === 0 && clean) {
    return (
      <div className="space-y-8">
        <PortalSection title="Season Statistics">
          <EmptyState next={EMPTY_NEXT.stats} action={{ to: '/players-area/schedule', label: 'See your next matches' }}>
            No match stats yet
          </EmptyState>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <TrainingAttendanceTile stats={s} />
          </dl>
        </PortalSection>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <PortalSection title="Season Statistics">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatTile label="Matches Played" value={s.matches_played} />
          <StatTile label="Goals" value={s.goals ?? '–'} />
          <StatTile label="Assists" value={s.assists ?? '–'} />
          <StatTile label="Matches Started" value={`${s.matches_started}/${s.matches_played}`} hint={`${s.matches_started} of ${s.matches_played} played`} />
          <StatTile label="Minutes Played" value={s.minutes_played} />
          <TrainingAttendanceTile stats={s} />
          <StatTile label="Goals per Match" value={goalsPerMatch(s.goals ?? 0, s.matches_played)} />
        </dl>
      </PortalSection>
      <PortalSection title="Discipline">
        <dl className="grid grid-cols-2 gap-3 md:max-w-md">
          <StatTile label="Yellow Cards" value={s.yellow_cards} />
          <StatTile label="Red Cards" value={s.red_cards} />
        </dl>
        {clean ? (
          <p className="rounded-xl border border-green-300 bg-green-50 px-4 py-3 font-semibold text-success">{CLEAN_RECORD}</p>
        ) : (
          <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{DISCIPLINE_HINT}</p>
        )}
      </PortalSection>
    </div>
  );
}
