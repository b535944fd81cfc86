import { Link } from '../ui/link';
import { fixtureStatusLabel } from '../../../shared/content-constants';
import type { Fixture } from '../../../server/services/fixtures';
import { MATCH_REPORT_COLLAPSE_AT, clubScores, matchOutcome, playedOnly, type MatchOutcome } from '../../lib/fixtures';
import { buttonClass } from '../ui/button';
import { ReadMore } from './read-more';
import { formatMatchDate } from '../../../shared/dates';
import { fixtureTitle } from '../../../shared/fixtures';
import { ChevronDown } from '../ui/chevron';
import { PLAYED_LABEL } from '../../../shared/juniors';

const statusStyles: Record<string, string> = {
  upcoming: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-gray-100 text-ink ring-line',
  cancelled: 'bg-red-50 text-danger ring-red-200',
};
const outcomeStyles: Record<MatchOutcome, string> = {
  Win: 'bg-success text-white',
  Loss: 'bg-danger text-white',
  Draw: 'bg-gold-400 text-brand-950',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${statusStyles[status] ?? statusStyles.cancelled}`}>
      {fixtureStatusLabel(status)}
    </span>
  );
}

export function OutcomeBadge({ outcome }: { outcome: MatchOutcome }) {
  return (
    // Shown as written ('Win', 'Loss', 'Draw'; docs/product.md#fixtures), not upper-cased by the style.
    <span data-outcome={outcome} className={`inline-flex rounded-md px-2 py-0.5 text-xs font-extrabold tracking-wide ${outcomeStyles[outcome]}`}>
      {outcome}
    </span>
  );
}

/** A U7-U11 match once played (issue 23): no score, no result, just "Played". */
export function PlayedBadge() {
  return (
    <span data-testid="fixture-played" className="inline-flex rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-bold text-ink ring-1 ring-inset ring-line">
      {PLAYED_LABEL}
    </span>
  );
}

/** The final score in home-away order, as printed on a team sheet. */
export function scoreLine(fixture: Fixture) {
  if (fixture.home_score === null || fixture.away_score === null) return null;
  return `${fixture.home_score} - ${fixture.away_score}`;
}

/** An expandable fixture card: the summary line, then date, kick-off, venue, competition and report; and a link to the match's page. */
export function FixtureCard({ fixture, headingLevel = 3 }: { fixture: Fixture; headingLevel?: 2 | 3 }) {
  const outcome = matchOutcome(fixture);
  const score = fixture.status === 'completed' ? scoreLine(fixture) : null;
  const scores = clubScores(fixture);
  const played = playedOnly(fixture);
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-testid="fixture"
      data-status={fixture.status}
      data-kickoff={`${fixture.match_date}T${fixture.match_time}`}
      className="wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line has-[details[open]]:ring-brand-700"
    >
      <details id={`fixture-${fixture.id}`} className="group">
        <summary className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl p-4 sm:flex-nowrap sm:p-5">
          <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
            <p className="text-sm font-medium text-muted">
              <span data-testid="fixture-team" className="font-bold text-brand-800">
                {fixture.team}
              </span>{' '}
              · {formatMatchDate(fixture.match_date)} · {fixture.match_time} · {fixture.is_home ? 'Home' : 'Away'}
            </p>
            <Heading className="mt-1 text-lg font-bold leading-snug text-ink">{fixtureTitle(fixture, { separator: 'vs' })}</Heading>
            <p className="mt-0.5 text-sm text-muted">{fixture.competition}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2 whitespace-nowrap">
            {score && (
              <span className="text-2xl font-black tabular-nums text-ink" aria-label={`Final score ${score}`}>
                {score}
              </span>
            )}
            {outcome && <OutcomeBadge outcome={outcome} />}
            {played ? <PlayedBadge /> : <StatusBadge status={fixture.status} />}
            <ChevronDown className="size-5 text-muted transition-transform group-open:rotate-180" />
          </div>
        </summary>
        <div className="border-t border-line px-4 pb-5 pt-4 sm:px-5">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-muted">Team</dt>
              <dd>{fixture.team}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Date</dt>
              <dd>{formatMatchDate(fixture.match_date)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Kick-off</dt>
              <dd>{fixture.match_time}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Venue</dt>
              <dd>{fixture.venue}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Competition</dt>
              <dd>{fixture.competition}</dd>
            </div>
            {score && scores && (
              <div>
                <dt className="font-semibold text-muted">Final score</dt>
                <dd>
                  {fixtureTitle(fixture, { separator: 'vs' })} {score}
                  {outcome && <span className="sr-only"> ({outcome})</span>}
                </dd>
              </div>
            )}
          </dl>
          {fixture.match_report && (
            <div className="mt-4">
              <h4 className="text-sm font-bold uppercase tracking-wide text-muted">Match report</h4>
              <ReadMore text={fixture.match_report} limit={MATCH_REPORT_COLLAPSE_AT} className="mt-1 text-ink" />
            </div>
          )}
          {fixture.status === 'upcoming' && (
            <a href={`/calendar/fixtures/${fixture.id}.ics`} download className={buttonClass('secondary', 'md', 'mt-4')}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
              </svg>
              Add to calendar
            </a>
          )}
        </div>
      </details>
      {/* Outside the <details>: the match's own page is one tap away, open or closed. */}
      <Link
        to={`/fixtures/${fixture.id}`}
        data-testid="fixture-link"
        className="flex min-h-11 items-center gap-1 rounded-b-2xl border-t border-line px-4 text-sm font-semibold text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline sm:px-5"
      >
        {fixture.status === 'completed' && !played ? 'Result and match report' : 'Match details'}
        <span className="sr-only">
          : {fixtureTitle(fixture, { separator: 'vs' })}, {formatMatchDate(fixture.match_date)}
        </span>
        <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}
