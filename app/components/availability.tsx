import { useActionData, useFetcher } from 'react-router';
import { AVAILABILITY_LABELS, AVAILABILITY_NOTE_MAX, AVAILABILITY_STATUSES, answeredByText, type AvailabilityStatus } from '../../shared/availability';

export { answeredByText };
import type { MyAvailabilityEvent } from '../../shared/contracts/availability';
import { formatClubDateTime } from '../../shared/dates';
import { QUEUED_TEXT, useOfflineAnswer } from './offline-answer';

/** What the buttons need of an event: the player's own view of it (as GET /api/players/me/availability answers it). */
export type AnswerableEvent = Pick<MyAvailabilityEvent, 'kind' | 'id' | 'title' | 'open' | 'cancelled' | 'locks_at'> & {
  answer: Pick<NonNullable<MyAvailabilityEvent['answer']>, 'status' | 'note' | 'on_behalf' | 'by' | 'answered_by' | 'by_you'> | null;
};


type AnswerResult = { ok: true; event: string; status: AvailabilityStatus } | { ok: false; event: string; error: string };

const tone: Record<AvailabilityStatus, { on: string; off: string }> = {
  available: { on: 'bg-brand-800 text-white ring-brand-800', off: 'bg-white text-brand-800 ring-brand-800 hover:bg-brand-50' },
  maybe: { on: 'bg-amber-500 text-ink ring-amber-600', off: 'bg-white text-ink ring-amber-600 hover:bg-amber-50' },
  unavailable: { on: 'bg-danger text-white ring-danger', off: 'bg-white text-danger ring-danger hover:bg-red-50' },
};

/**
 * Available / Maybe / Unavailable as three submit buttons of one form: one tap answers (with
 * JavaScript through a fetcher, at once; without it as a plain form POST to the page's action).
 * The chosen answer is pressed (aria-pressed); a note is optional, under "Add a note".
 */
export function AvailabilityButtons({ event, compact = false, child, playerId }: { event: AnswerableEvent; compact?: boolean; child?: string; playerId?: string }) {
  const fetcher = useFetcher<AnswerResult>();
  const pageResult = useActionData() as AnswerResult | undefined;
  const result = fetcher.data ?? (pageResult?.event === event.id ? pageResult : undefined);
  const pending = fetcher.formData?.get('status') as AvailabilityStatus | undefined;
  // An answer given with no signal waits on the phone (issue 35) and is pressed meanwhile.
  const { offline, onSubmit } = useOfflineAnswer(event.kind, event.id, playerId);
  const offlineStatus = offline && offline.state !== 'refused' ? (offline.status as AvailabilityStatus) : null;
  const current: AvailabilityStatus | null = pending ?? offlineStatus ?? (result?.ok ? result.status : null) ?? event.answer?.status ?? null;
  const labelId = `answer-${event.kind}-${event.id}${playerId ? `-${playerId}` : ""}`;

  if (event.cancelled) return <p className="text-sm font-semibold text-danger">Cancelled: no answer needed.</p>;
  if (!event.open) {
    return (
      <p className="text-sm text-muted">
        {event.answer ? (
          <>
            {child ? `${child}’s answer: ` : 'Your answer: '}<strong className="text-ink">{AVAILABILITY_LABELS[event.answer.status]}</strong>.{' '}
          </>
        ) : null}
        Answers closed {formatClubDateTime(new Date(event.locks_at))}. Tell the manager directly if anything changes.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="space-y-2" aria-labelledby={labelId} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="availability" />
      <input type="hidden" name="kind" value={event.kind} />
      <input type="hidden" name="id" value={event.id} />
      {/* On the family home, the child answered for (its action answers for that child). */}
      {playerId && <input type="hidden" name="player" value={playerId} />}
      <p id={labelId} className={compact ? 'sr-only' : 'text-sm font-semibold text-ink'}>
        {child ? `Can ${child} make it?` : 'Can you make it?'} <span className="sr-only">{event.title}</span>
      </p>
      {/* Three across from 360 px; on the narrowest phones one under another, so "Unavailable" fits its button. */}
      <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-3">
        {AVAILABILITY_STATUSES.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            aria-pressed={current === status}
            className={`min-h-11 rounded-lg px-2 text-sm font-bold ring-2 ring-inset transition-colors ${current === status ? tone[status].on : tone[status].off}`}
          >
            {AVAILABILITY_LABELS[status]}
          </button>
        ))}
      </div>
      <details className="text-sm" open={Boolean(event.answer?.note)}>
        <summary className="inline-block cursor-pointer py-2 font-semibold text-brand-800 underline">{event.answer?.note ? 'Your note' : 'Add a note'}</summary>
        <label className="mt-1 block">
          <span className="sr-only">Note for the manager (optional, sent with your answer)</span>
          <textarea
            name="note"
            rows={2}
            maxLength={AVAILABILITY_NOTE_MAX}
            defaultValue={event.answer?.note ?? ''}
            placeholder="Optional, e.g. can only play the second half"
            className="block w-full rounded-lg border border-line px-3 py-2 text-base text-ink"
          />
        </label>
        <span className="text-xs text-muted">Sent with the answer you tap; at most {AVAILABILITY_NOTE_MAX} characters.</span>
      </details>
      <p role="status" className="min-h-5 text-sm">
        {offline ? (
          offline.state === 'refused' ? (
            <span className="font-semibold text-danger">Not sent: {offline.error}</span>
          ) : (
            <span className="text-muted">{offline.state === 'queued' ? QUEUED_TEXT : `Sent: ${AVAILABILITY_LABELS[offline.status as AvailabilityStatus]}.`}</span>
          )
        ) : result && !result.ok ? (
          <span className="font-semibold text-danger">{result.error}</span>
        ) : result?.ok && fetcher.state === 'idle' ? (
          <span className="text-muted">Saved: {AVAILABILITY_LABELS[result.status]}.</span>
        ) : answeredByText(event.answer, child) ? (
          <span className="text-muted">{answeredByText(event.answer, child)}</span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
