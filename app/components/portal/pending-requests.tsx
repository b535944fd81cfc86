import { formatDate } from '../../../shared/dates';

/** A parent's request still waiting for the club (server: `services.juniors.myPendingRequests(user)`). */
export interface PendingRequestItem {
  id: string;
  child_name: string;
  team_name: string | null;
  created_at: string;
}

export const PENDING_REQUESTS_TITLE = 'Waiting for the club';
export const PENDING_REQUESTS_NOTE = 'The secretary or the welfare officer checks each request with the team. You get an e-mail when they decide.';

/**
 * "Waiting for the club" (issue 31): the children a parent asked to be linked to that the club has
 * not decided yet, so a parent who signs in sees their request is in hand. Renders nothing when
 * none is waiting. For the Players' Area pages of a parent (My children, the family home).
 */
export function PendingRequests({ requests, headingLevel = 3 }: { requests: readonly PendingRequestItem[]; headingLevel?: 2 | 3 }) {
  if (requests.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="pending-requests" className="rounded-2xl bg-brand-50 p-4 ring-1 ring-line sm:p-5">
      <Heading id="pending-requests" className="text-lg font-bold text-ink">
        {PENDING_REQUESTS_TITLE}
      </Heading>
      <ul className="mt-2 space-y-1 text-ink">
        {requests.map((r) => (
          <li key={r.id}>
            <span className="font-semibold">{r.child_name}</span>
            {r.team_name && <> · {r.team_name}</>}
            <span className="text-muted"> · asked {formatDate(r.created_at)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">{PENDING_REQUESTS_NOTE}</p>
    </section>
  );
}
