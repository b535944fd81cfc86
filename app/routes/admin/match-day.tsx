import { Link } from 'react-router';
import { adminMeta } from '../../components/admin/meta';
import { SectionHeader } from '../../components/admin/section';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/match-day';

export const meta: Route.MetaFunction = () =>
  adminMeta('Match day', 'The match-day card of each junior team you run: medical notes, who to call, photo consent and who may collect.');

export const NO_JUNIOR_TEAMS = 'You are not on the staff of a junior team, so there is no match-day card for you.';

/** The junior teams whose card this person may open (issue 31): their own teams' staff, every junior team for the welfare officer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await requireCan(context, request, 'matchDay');
  return { teams: await context.services.juniors.matchDayTeams(user) };
}

export default function AdminMatchDay({ loaderData }: Route.ComponentProps) {
  const { teams } = loaderData;
  return (
    <section className="min-w-0">
      <SectionHeader
        title="Match day"
        description="Take the card to every match and training session: each child’s medical notes, who to call, whether photos are allowed and who may collect them."
      />
      <p className="mb-4 rounded-xl bg-brand-50 p-3 text-sm text-ink">
        Opening a card records that you read each child’s medical notes; the welfare officer can see this record. Keep a printed card safe and shred it
        afterwards.
      </p>
      {teams.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-line">{NO_JUNIOR_TEAMS}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Junior teams">
          {teams.map((team) => (
            <li key={team.id}>
              <Link
                to={`/admin/match-day/${team.id}`}
                className="flex min-h-14 items-center justify-between gap-3 rounded-2xl bg-white p-4 font-semibold text-brand-800 shadow-sm ring-1 ring-line hover:bg-brand-50"
              >
                <span>
                  <span className="block text-ink">{team.name}</span>
                  <span className="block text-sm font-normal text-muted">
                    {team.age_group} · {team.players} {team.players === 1 ? 'player' : 'players'}
                  </span>
                </span>
                <span className="underline">Open the card</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
