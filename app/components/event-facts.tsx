import type { AvailabilityEvent } from '../../shared/contracts/availability';

type Facts = Pick<AvailabilityEvent, 'kind' | 'time' | 'place' | 'meet_time' | 'kit' | 'cancelled'>;

/**
 * What a parent needs to get a child there (issue 31): kick-off or start, meet time, kit and the
 * venue, one per line; a cancelled event says so first.
 */
export function EventFacts({ event }: { event: Facts }) {
  return (
    <dl className="space-y-0.5 text-sm text-ink">
      {event.cancelled && (
        <div>
          <dt className="sr-only">Status</dt>
          <dd>
            <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-danger ring-1 ring-inset ring-danger">Cancelled</span>
          </dd>
        </div>
      )}
      <div>
        <dt className="inline font-semibold">{event.kind === 'fixture' ? 'Kick-off ' : 'Starts '}</dt>
        <dd className="inline">{event.time}</dd>
      </div>
      {event.meet_time && (
        <div>
          <dt className="inline font-semibold">Meet at </dt>
          <dd className="inline">{event.meet_time}</dd>
        </div>
      )}
      {event.kit && (
        <div>
          <dt className="inline font-semibold">Kit: </dt>
          <dd className="inline">{event.kit}</dd>
        </div>
      )}
      <div>
        <dt className="inline font-semibold">Where: </dt>
        <dd className="inline">{event.place}</dd>
      </div>
    </dl>
  );
}
