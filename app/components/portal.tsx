import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_SESSIONS_RECORDED, RATING_MAX, trainingAttendanceLabel, type PaymentStatus } from '../../shared/players';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';

export { PaymentBanner, UP_TO_DATE } from './payment-banner';
import type { UpcomingFixture } from '../../server/services/players';
import { formatLongDateGB } from '../../shared/dates';

/** Texts the portal shows (docs/product.md#players-area). */
export const PAYMENTS_EMPTY = 'No payment records found';
export const FEEDBACK_EMPTY = 'No coach feedback available yet';
export const NOT_SET = 'Not set';
export const CLEAN_RECORD = 'Clean Record!';
export const DISCIPLINE_HINT = 'Every card counts: stay calm, keep it clean, and stay available for selection.';
export const DEFAULT_POSITION_LABEL = 'Player';
export const NO_NOTIFICATIONS = 'No notifications yet';
export const NO_UPCOMING = 'No upcoming fixtures scheduled';
export const NO_DOCUMENTS = 'No documents have been shared with you yet';
export const NO_MESSAGES = 'No messages from the club yet';

/**
 * What each empty portal list will show and what to do meanwhile (docs/product.md#players-area): the
 * list's own line first, then these words, then a link to the next step where there is one.
 */
export const EMPTY_NEXT = {
  payments: 'When the club asks you to pay subs or a match fee, it appears here with its amount and due date.',
  feedback: 'After training or a match, your coach can leave you notes and a rating; they appear here.',
  documents: 'Forms, kit guides and club policies the club shares with players appear here, ready to open or download.',
  messages: 'Messages from the club to all players or to you appear here. You can also get each one by e-mail.',
  notifications: 'Team news, selections and payment reminders appear here.',
  upcoming: 'When the club adds your next match, it appears here with the date, kick-off and venue.',
  stats: 'Your appearances, goals, assists and minutes appear here once the club records your first match.',
  schedule: 'Until then, see all the club\'s matches on the Fixtures page.',
  noTeam: 'You are not in a team yet, so there is nothing to show. The club puts new players in a team; ask the manager if it is taking a while.',
} as const;

export function PortalSection({ title, description, children, action }: { title: string; description?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={`${slug(title)}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${slug(title)}-heading`} className="text-xl font-bold text-ink sm:text-2xl">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** An empty list: what it is (children), what will appear there (next), and a link to the next step. */
export function EmptyState({ children, next, action }: { children: ReactNode; next?: ReactNode; action?: { to: string; label: string } }) {
  return (
    <div className="rounded-xl bg-white p-6 text-center ring-1 ring-line" data-testid="empty-state">
      <p className="font-semibold text-ink">{children}</p>
      {next && <p className="mx-auto mt-1 max-w-prose text-sm text-muted">{next}</p>}
      {action && (
        <p className="mt-3">
          <Link to={action.to} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2">
            {action.label}
          </Link>
        </p>
      )}
    </div>
  );
}

const badgeStyles: Record<PaymentStatus, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  outstanding: 'bg-amber-100 text-amber-900 ring-amber-300',
  overdue: 'bg-red-100 text-red-900 ring-red-300',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeStyles[status]}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** A 1-5 rating as '4/5' with stars; screen readers hear "Rated 4 out of 5". */
export function RatingStars({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-sm text-muted">No rating</span>;
  return (
    <span className="inline-flex items-center gap-2" role="img" aria-label={`Rated ${rating} out of ${RATING_MAX}`}>
      <span aria-hidden="true" className="flex">
        {Array.from({ length: RATING_MAX }, (_, i) => (
          <svg key={i} viewBox="0 0 20 20" className={`size-4 ${i < rating ? 'text-gold-500' : 'text-gray-300'}`} fill="currentColor">
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-ink">
        {rating}/{RATING_MAX}
      </span>
    </span>
  );
}

export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-line">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold tabular-nums text-brand-800">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

/**
 * Training Attendance: attended / recorded sessions of the player's teams (decision 14 in docs/architecture.md),
 * or that nothing is recorded yet; never an invented figure.
 */
export function TrainingAttendanceTile({
  stats,
}: {
  stats: { training_attendance: number | null; training_sessions_recorded?: number; training_sessions_attended?: number } | null;
}) {
  const percent = stats?.training_attendance ?? null;
  if (percent === null) {
    return (
      <div className="rounded-xl bg-white p-4 ring-1 ring-line">
        <dt className="text-sm font-medium text-muted">Training Attendance</dt>
        <dd data-testid="training-attendance" className="mt-2 text-base font-semibold text-ink">
          {NO_SESSIONS_RECORDED}
        </dd>
      </div>
    );
  }
  const recorded = stats?.training_sessions_recorded ?? 0;
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-line">
      <dt className="text-sm font-medium text-muted">Training Attendance</dt>
      <dd data-testid="training-attendance" className="mt-1 text-3xl font-extrabold tabular-nums text-brand-800">
        {trainingAttendanceLabel(percent)}
      </dd>
      <dd className="mt-1 text-xs text-muted">
        {stats?.training_sessions_attended ?? 0} of {recorded} recorded session{recorded === 1 ? '' : 's'}
      </dd>
    </div>
  );
}

/** An upcoming match as the portal shows it: "vs Opponent" at home, "@ Opponent" away, then when and where. */
export function MatchLines({ fixture }: { fixture: Pick<UpcomingFixture, 'is_home' | 'away_team' | 'match_date' | 'match_time' | 'venue'> }) {
  return (
    <>
      <p className="font-bold text-ink">
        {fixture.is_home ? 'vs' : '@'} {fixture.away_team}
      </p>
      <p className="text-sm text-muted">
        {formatLongDateGB(fixture.match_date)}, {fixture.match_time} · {fixture.venue}
      </p>
    </>
  );
}
