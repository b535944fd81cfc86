import { Link } from 'react-router';
import type { PrivacyRequest } from '../../../shared/contracts/privacy';
import { PRIVACY_REQUEST_STATUS_LABELS, PRIVACY_REQUEST_TYPE_LABELS } from '../../../shared/privacy';
import { dayInWords, daysLeftInWords } from '../../../shared/privacy-dates';
import { PrivacyRequestForm } from '../../components/admin/privacy-request-form';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { FormMessage } from '../../components/ui/field';
import { client, errorDetail, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () => adminMeta('Data requests', 'Requests for a copy of personal data, its erasure, correction or restriction, and when each is due.');

export const NO_OPEN_REQUESTS = 'No data request is open.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await requireCan(context, request, 'personalData');
  return { user };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  try {
    const [requests, subjects] = await Promise.all([read(client.privacy.requests.$get()), read(client.privacy.subjects.$get())]);
    return { requests, subjects, refused: null };
  } catch (error) {
    return { requests: [], subjects: [], refused: errorDetail(error) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Data requests (issue 34): each personal-data request with its due date (one calendar month,
 * UK GDPR Article 12(3)), the open ones first, and the form to record a new one.
 */
export default function AdminPrivacy({ loaderData }: Route.ComponentProps) {
  const { requests, subjects, refused } = loaderData;
  const open = requests.filter((r) => r.status === 'open');
  const closed = requests.filter((r) => r.status !== 'open');
  return (
    <section className="min-w-0 space-y-6">
      <SectionHeader
        title="Data requests"
        description="When someone asks for a copy of their data, for it to be deleted, corrected or no longer used, record it here the day it reaches the club. It must be answered within one calendar month."
        action={
          <Link to="/admin/privacy/retention" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Keeping data
          </Link>
        }
      />
      {refused && <FormMessage>{refused}</FormMessage>}
      <div className="grid gap-6 xl:grid-cols-[1fr_26rem]">
        <div className="min-w-0 space-y-6">
          <Panel title="Open requests">
            {open.length === 0 ? <p className="text-sm text-muted">{NO_OPEN_REQUESTS}</p> : <RequestList requests={open} label="Open requests" />}
          </Panel>
          {closed.length > 0 && (
            <Panel title="Closed requests">
              <RequestList requests={closed} label="Closed requests" />
            </Panel>
          )}
        </div>
        <Panel title="A new request">
          <PrivacyRequestForm subjects={subjects} />
        </Panel>
      </div>
    </section>
  );
}

function RequestList({ requests, label }: { requests: PrivacyRequest[]; label: string }) {
  return (
    <ul className="divide-y divide-line" aria-label={label}>
      {requests.map((r) => (
        <li key={r.id} className="py-3 break-words" data-testid="privacy-request">
          <Link to={`/admin/privacy/${r.id}`} className="block min-h-11 rounded-lg font-semibold text-brand-800 underline">
            {r.subject_name}: {PRIVACY_REQUEST_TYPE_LABELS[r.type]}
          </Link>
          <p className="text-sm">
            {r.status === 'open' ? (
              <>
                Due by {dayInWords(r.due_on)}{' '}
                <Badge tone={r.overdue ? 'danger' : r.days_left <= 7 ? 'warning' : 'neutral'}>{daysLeftInWords(r.days_left)}</Badge>
              </>
            ) : (
              <>
                {PRIVACY_REQUEST_STATUS_LABELS[r.status]}
                {r.completed_on && ` on ${dayInWords(r.completed_on)}`}
              </>
            )}
          </p>
          <p className="text-sm text-muted">
            Asked by {r.requested_by_name} · received {dayInWords(r.received_on)}
          </p>
        </li>
      ))}
    </ul>
  );
}
