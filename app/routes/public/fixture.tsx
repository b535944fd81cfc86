import { data } from 'react-router';
import { isDomainError } from '../../../shared/errors';
import type { Fixture } from '../../../server/services/fixtures';
import { fixtureStatusLabel } from '../../../shared/content-constants';
import { OutcomeBadge, PlayedBadge, StatusBadge, scoreLine } from '../../components/public/fixture-card';
import { ShareButtons } from '../../components/public/share-buttons';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { club } from '../../../shared/club';
import { matchOutcome, playedOnly } from '../../lib/fixtures';
import type { PageHandle } from '../../lib/page-scripts';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { Route } from './+types/fixture';
import { formatCalendarDate, formatMatchDate } from '../../../shared/dates';
import { fixtureSides, fixtureTitle } from '../../../shared/fixtures';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const FIXTURE_NOT_FOUND_TITLE = 'Match not found';
export const FIXTURE_NOT_FOUND_TEXT = "We couldn't find that match. It may have been moved or removed from the fixture list.";

export async function loader({ context, params }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  try {
    const fixture: Fixture = await context.services.fixtures.get(params.id);
    return { fixture, origin };
  } catch (error) {
    // Unknown and malformed ids alike: the service answers 404 for both.
    if (isDomainError(error) && error.status === 404) return data({ fixture: null, origin }, { status: 404 });
    throw error;
  }
}

/**
 * The link preview's one line: team, date, kick-off, venue, and the score once played, e.g.
 * "Senior team · Saturday 29 November 2026, 10:30 at Mill Lane · Full time 3 - 1".
 */
export function fixtureDescription(fixture: Fixture) {
  const when = `${formatCalendarDate(fixture.match_date)}, ${fixture.match_time} at ${fixture.venue}`;
  const score = scoreLine(fixture);
  const played = playedOnly(fixture);
  const result =
    fixture.status === 'completed' && score ? ` · Full time ${score}` : played ? ` · ${played}` : fixture.status === 'cancelled' ? ' · Cancelled' : '';
  return `${fixture.team} team · ${fixture.competition} · ${when}${result}`;
}

export const meta: Route.MetaFunction = ({ data: d, params }) => {
  if (!d?.fixture) return pageMeta({ title: FIXTURE_NOT_FOUND_TITLE, description: FIXTURE_NOT_FOUND_TEXT });
  return pageMeta({
    title: fixtureTitle(d.fixture),
    description: fixtureDescription(d.fixture),
    origin: d.origin,
    path: `/fixtures/${params.id}`,
    type: 'article',
  });
};

function BackToFixtures() {
  return (
    <ButtonLink to="/fixtures" variant="secondary">
      <span aria-hidden="true">←</span> Back to Fixtures
    </ButtonLink>
  );
}

export default function FixturePage({ loaderData }: Route.ComponentProps) {
  const { fixture, origin } = loaderData;
  if (!fixture) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{FIXTURE_NOT_FOUND_TITLE}</h1>
        <p className="mt-3 text-muted">{FIXTURE_NOT_FOUND_TEXT}</p>
        <div className="mt-8">
          <BackToFixtures />
        </div>
      </section>
    );
  }
  const { home, away } = fixtureSides(fixture);
  const outcome = matchOutcome(fixture);
  const played = fixture.status === 'completed' && fixture.home_score !== null && fixture.away_score !== null;
  // A U7-U11 match (issue 23): the server sent no score; it reads "Played".
  const playedLabel = playedOnly(fixture);
  const title = fixtureTitle(fixture);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white" aria-labelledby="match-title">
        <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
          <p className="text-center text-sm font-semibold text-brand-100">
            <span className="rounded-full bg-gold-400 px-2.5 py-0.5 font-bold text-brand-950">{fixture.team}</span>{' '}
            <span className="ml-1">{fixture.competition}</span>
          </p>
          <h1 id="match-title" className="mt-4 break-words">
            <span className="sr-only">{title}</span>
            {/* The scoreboard: the two sides with the score (or "v") between them; stacked on phones, so names never break mid-word. */}
            <span
              aria-hidden="true"
              className="grid grid-cols-1 items-center justify-items-center gap-2 text-center sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-6"
            >
              <span className="text-2xl font-extrabold leading-tight tracking-tight sm:justify-self-end sm:text-right sm:text-4xl">{home}</span>
              <span className="rounded-xl bg-white/10 px-4 py-1 text-3xl font-black tabular-nums sm:px-5 sm:py-2 sm:text-5xl">
                {played ? `${fixture.home_score} - ${fixture.away_score}` : (playedLabel ?? 'v')}
              </span>
              <span className="text-2xl font-extrabold leading-tight tracking-tight sm:justify-self-start sm:text-left sm:text-4xl">{away}</span>
            </span>
          </h1>
          {played && (
            <p className="sr-only" data-testid="fixture-score">
              Final score: {home} {fixture.home_score}, {away} {fixture.away_score}
            </p>
          )}
          <p className="mt-5 text-center text-lg text-brand-100">
            <time dateTime={`${fixture.match_date}T${fixture.match_time}`}>
              {formatMatchDate(fixture.match_date)} · {fixture.match_time}
            </time>{' '}
            · {fixture.venue}
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {playedLabel ? <PlayedBadge /> : <StatusBadge status={fixture.status} />}
            {outcome && <OutcomeBadge outcome={outcome} />}
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 wrap-anywhere">
        <BackToFixtures />
        <section aria-labelledby="match-details" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
          <h2 id="match-details" className="text-xl font-bold">
            Match details
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {(
              [
                ['Team', `${fixture.team} (${fixture.is_home ? 'home' : 'away'})`],
                ['Date', formatCalendarDate(fixture.match_date)],
                ['Kick-off', fixture.match_time],
                ...(fixture.meet_time ? [['Meet at', fixture.meet_time]] : []),
                ['Venue', fixture.venue],
                ...(fixture.kit ? [['Kit', fixture.kit]] : []),
                ['Competition', fixture.competition],
                ['Status', playedLabel ?? fixtureStatusLabel(fixture.status)],
                ...(fixture.notes ? [['Notes', fixture.notes]] : []),
                ...(played ? [['Final score', `${home} ${fixture.home_score} - ${fixture.away_score} ${away}${outcome ? ` (${outcome})` : ''}`]] : []),
              ] as [string, string][]
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm font-semibold text-muted">{label}</dt>
                <dd className="text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {fixture.status === 'upcoming' && (
            <a href={`/calendar/fixtures/${fixture.id}.ics`} download className={buttonClass('secondary', 'md', 'mt-5')}>
              Add to calendar
            </a>
          )}
        </section>
        <section aria-labelledby="match-report">
          <h2 id="match-report" className="text-2xl font-extrabold">
            Match report
          </h2>
          {fixture.match_report ? (
            <div className="mt-3 space-y-4 text-lg leading-relaxed">
              {fixture.match_report.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          ) : (
            <p className="mt-3 text-muted">
              {fixture.status === 'upcoming'
                ? `The report follows after the final whistle. Come and support ${club().short_name}!`
                : playedLabel
                  ? 'Results of this age group are not published (FA youth rules).'
                  : 'No match report has been written for this game yet.'}
            </p>
          )}
        </section>
        <div className="border-t border-line pt-6">
          <ShareButtons title={title} url={`${origin}/fixtures/${fixture.id}`} />
        </div>
      </div>
    </>
  );
}
