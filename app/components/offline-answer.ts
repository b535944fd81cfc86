import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { AvailabilityStatus } from '../../shared/availability';
import { canQueueOffline, onAnswersSent, queueAnswer } from '../lib/offline';

/** A squad place confirmed or declined (the dashboard's "You're in the squad", a child's page). */
export type SquadReply = 'confirmed' | 'declined';
type Answered = AvailabilityStatus | SquadReply;

/** What happened to an answer given offline: waiting on the phone, then sent or refused by the club. */
export type OfflineAnswer = { state: 'queued'; status: Answered } | { state: 'sent'; status: Answered } | { state: 'refused'; error: string };

/**
 * The answer a form sends: an availability form's `status` (and `note`), or a squad reply's
 * `confirmed` ("true"/"yes" or "false"/"no", and the player's `reason`).
 */
function answerOf(form: FormData): { status: Answered; note?: string } | null {
  const status = String(form.get('status') ?? '');
  if (status) return { status: status as AvailabilityStatus, note: String(form.get('note') ?? '') || undefined };
  const confirmed = form.get('confirmed');
  if (confirmed === null) return null;
  return { status: confirmed === 'true' || confirmed === 'yes' ? 'confirmed' : 'declined', note: String(form.get('reason') ?? '') || undefined };
}

export const QUEUED_TEXT = 'Saved on this phone: sent when you are back online.';

/**
 * An availability answer or a squad reply tapped with no signal (issue 35): the form's submit is kept by the service
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
        if (mine) setAnswer(mine.ok ? { state: 'sent', status: mine.status as Answered } : { state: 'refused', error: mine.error ?? 'The club could not take this answer.' });
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
    const answer = answerOf(new FormData(event.currentTarget, submitter));
    if (!answer) return;
    queueAnswer({ kind, id, status: answer.status, note: answer.note, player: playerId ?? null });
    setAnswer({ state: 'queued', status: answer.status });
  };
  return { offline: answer, onSubmit };
}
