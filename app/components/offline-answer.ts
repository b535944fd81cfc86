import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { AvailabilityStatus } from '../../shared/availability';
import { canQueueOffline, onAnswersSent, queueAnswer } from '../lib/offline';

/** What happened to an answer given offline: waiting on the phone, then sent or refused by the club. */
export type OfflineAnswer = { state: 'queued'; status: AvailabilityStatus } | { state: 'sent'; status: AvailabilityStatus } | { state: 'refused'; error: string };

export const QUEUED_TEXT = 'Saved on this phone: sent when you are back online.';

/**
 * An availability answer tapped with no signal (issue 35): the form's submit is kept by the service
 * worker instead of sent, and the worker's report when the signal returns says whether the club
 * took it (its own rules decide: lock time, who may answer). Online, the form posts as before.
 */
export function useOfflineAnswer(kind: string, id: string, childId?: string) {
  // A child's own page (/players-area/children/:playerId) answers for that child.
  const params = useParams();
  const playerId = childId ?? params.playerId;
  const [answer, setAnswer] = useState<OfflineAnswer | null>(null);
  useEffect(
    () =>
      onAnswersSent((results) => {
        const mine = results.find((r) => r.kind === kind && r.id === id && (r.player ?? undefined) === playerId);
        if (mine) setAnswer(mine.ok ? { state: 'sent', status: mine.status as AvailabilityStatus } : { state: 'refused', error: mine.error ?? 'The club could not take this answer.' });
      }),
    [kind, id, playerId],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!canQueueOffline()) {
      setAnswer(null);
      return;
    }
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    const status = String(form.get('status') ?? '') as AvailabilityStatus;
    if (!status) return;
    queueAnswer({ kind, id, status, note: String(form.get('note') ?? '') || undefined, player: playerId ?? null });
    setAnswer({ state: 'queued', status });
  };
  return { offline: answer, onSubmit };
}
