import { Form, Link } from 'react-router';
import { AVAILABILITY_LABELS } from '../../../shared/availability';
import type { FamilyHome } from '../../../shared/contracts/family';
import { formatLongDateGB } from '../../../shared/dates';
import { CONSENT_TEXTS, childTeamLine } from '../../../shared/juniors';
import { AvailabilityButtons, answeredByText } from '../availability';
import { EventFacts } from '../event-facts';
import { Button } from '../ui/button';

type Child = FamilyHome['children'][number];

/** One of the child's next events: when, where, meet time and kit, and their answer (with the buttons to give it). */
function ChildEvent({ child, event }: { child: Child; event: Child['next_events'][number] }) {
  const first = child.full_name.split(' ')[0]!;
  return (
    <li data-testid="family-event" className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-line sm:p-4">
      <p className="text-sm font-semibold text-muted">{formatLongDateGB(event.date)}</p>
      <p className={`font-bold text-ink ${event.cancelled ? 'line-through decoration-1' : ''}`}>{event.title}</p>
      <EventFacts event={event} />
      {child.can_answer || event.cancelled ? (
        <AvailabilityButtons event={event} compact child={first} playerId={child.player_id} />
      ) : (
        <p className="text-sm text-ink">
          {first}’s answer: <strong>{event.answer ? AVAILABILITY_LABELS[event.answer.status] : 'not given yet'}</strong>
          {event.answer && answeredByText(event.answer, first) ? ` · ${answeredByText(event.answer, first)}` : ''}
        </p>
      )}
    </li>
  );
}

/** Each child with their next matches, training and events (issue 31): what a parent needs this week. */
export function FamilyChildren({ children }: { children: FamilyHome['children'] }) {
  return (
    <ul className="space-y-6">
      {children.map((child) => {
        const first = child.full_name.split(' ')[0];
        const headingId = `child-${child.player_id}`;
        return (
          <li key={child.player_id}>
            <section aria-labelledby={headingId} data-testid="family-child" className="space-y-3 rounded-2xl bg-brand-50 p-3 ring-1 ring-brand-200 sm:p-5">
              <div>
                <h3 id={headingId} className="text-lg font-extrabold text-ink">
                  {child.full_name}
                </h3>
                <p className="text-sm text-ink">
                  {childTeamLine(child)}
                  {child.age_group && <> · {child.age_group}</>}
                </p>
              </div>
              {child.next_events.length > 0 ? (
                <ul className="space-y-3" aria-label={`${first}’s next events`}>
                  {child.next_events.map((event) => (
                    <ChildEvent key={`${event.kind}-${event.id}`} child={child} event={event} />
                  ))}
                </ul>
              ) : (
                child.standing === 'in_team' && <p className="text-sm text-muted">Nothing on for {first} in the next 8 weeks.</p>
              )}
              {child.can_answer && child.consents_given.length > 0 && <GivenConsents child={child} />}
              <p className="flex flex-wrap gap-x-5">
                <Link to={`/players-area/children/${child.player_id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                  All of {first}’s schedule, payments and care details
                </Link>
                <Link to={`/players-area/children/${child.player_id}/consents`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                  Consents<span className="sr-only"> for {child.full_name}</span>
                </Link>
              </p>
            </section>
          </li>
        );
      })}
    </ul>
  );
}

/** The consents given this season, each withdrawn with one click (issue 34): the consents page then says so, with an Undo. */
function GivenConsents({ child }: { child: Child }) {
  const first = child.full_name.split(' ')[0];
  return (
    <div className="rounded-xl bg-white p-3 ring-1 ring-line sm:p-4">
      <p className="text-sm font-semibold text-ink">Consents you have given for {first} this season</p>
      <ul className="mt-2 space-y-2">
        {child.consents_given.map((kind) => (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink" data-testid={`family-consent-${kind}`}>
            <span>{CONSENT_TEXTS[kind].label}</span>
            <Form method="post" action={`/players-area/children/${child.player_id}/consents`}>
              <input type="hidden" name="kind" value={kind} />
              <input type="hidden" name="given" value="no" />
              <Button type="submit" variant="secondary">
                Withdraw<span className="sr-only"> consent for {first}: {CONSENT_TEXTS[kind].label}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
