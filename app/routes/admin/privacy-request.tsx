import { Link } from 'react-router';
import type { PrivacyRequest } from '../../../shared/contracts/privacy';
import { PRIVACY_REQUEST_STATUS_LABELS, PRIVACY_REQUEST_TYPE_LABELS, REQUESTER_RELATIONSHIP_LABELS } from '../../../shared/privacy';
import { dayInWords, daysLeftInWords } from '../../../shared/privacy-dates';
import { ErasurePanel } from '../../components/admin/erasure-panel';
import { CompleteForm, ExtensionForm, IdentityForm, dueSentence } from '../../components/admin/privacy-request-panels';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { FormMessage } from '../../components/ui/field';
import { client, errorDetail, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/privacy-request';

export const meta: Route.MetaFunction = () => adminMeta('Data request', 'One personal-data request: its due date, identity check, extension and outcome.');

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user } = await requireCan(context, request, 'personalData');
  return { user, id: params.id };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const { id } = await serverLoader();
  try {
    return { request: await read(client.privacy.requests[':id'].$get({ param: { id } })), refused: null };
  } catch (error) {
    return { request: null, refused: errorDetail(error) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * One data request (issue 34): who it is about and who asked, its due date in words, the identity
 * check, an extension, closing it; the access download and the erasure add their panels here.
 */
export default function AdminPrivacyRequest({ loaderData }: Route.ComponentProps) {
  const { request, refused } = loaderData;
  return (
    <section className="min-w-0 space-y-6">
      <p>
        <Link to="/admin/privacy" className="inline-block min-h-11 py-2 font-semibold text-brand-800 underline">
          ← All data requests
        </Link>
      </p>
      {!request ? (
        <FormMessage>{refused}</FormMessage>
      ) : (
        <>
          <SectionHeader title={`${PRIVACY_REQUEST_TYPE_LABELS[request.type]}: ${request.subject_name}`} />
          <Details request={request} />
          {/* privacy-export: access download panel */}
          {/* privacy-erasure: erasure panel */}
          <ErasurePanel request={request} />
          {request.status === 'open' && (
            <Panel title="Act on it">
              {!request.identity_checked_on && <IdentityForm request={request} />}
              {!request.extended_to &&
                (request.days_left >= 0 ? (
                  <ExtensionForm request={request} />
                ) : (
                  <p className="mt-4 border-t border-line pt-4 text-sm text-muted">
                    It is too late to extend: an extension had to be sent by {dayInWords(request.first_due_on)}.
                  </p>
                ))}
              <CompleteForm request={request} />
            </Panel>
          )}
        </>
      )}
    </section>
  );
}

function Details({ request: r }: { request: PrivacyRequest }) {
  return (
    <Panel title="The request">
      <p className="text-lg font-semibold" data-testid="privacy-due">
        {r.status === 'open' ? dueSentence(r) : `${PRIVACY_REQUEST_STATUS_LABELS[r.status]}${r.completed_on ? ` on ${dayInWords(r.completed_on)}` : ''}`}
      </p>
      {r.status === 'open' && (
        <p className="mt-1">
          <Badge tone={r.overdue ? 'danger' : r.days_left <= 7 ? 'warning' : 'neutral'}>{daysLeftInWords(r.days_left)}</Badge>
        </p>
      )}
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">About</dt>
        <dd>
          {r.subject_name}
          {r.include_children && ' and the children they have parental responsibility for'}
        </dd>
        <dt className="font-semibold">Asked by</dt>
        <dd>
          {r.requested_by_name} ({REQUESTER_RELATIONSHIP_LABELS[r.relationship].toLowerCase()})
        </dd>
        <dt className="font-semibold">Received</dt>
        <dd>{dayInWords(r.received_on)}</dd>
        <dt className="font-semibold">Identity checked</dt>
        <dd>{r.identity_checked_on ? dayInWords(r.identity_checked_on) : 'Not yet'}</dd>
        {r.extended_to && (
          <>
            <dt className="font-semibold">Extended</dt>
            <dd>
              To {dayInWords(r.extended_to)}; told them on {r.extension_notified_on && dayInWords(r.extension_notified_on)}: {r.extension_reason}
            </dd>
          </>
        )}
        {r.outcome && (
          <>
            <dt className="font-semibold">Outcome</dt>
            <dd>{r.outcome}</dd>
          </>
        )}
        <dt className="font-semibold">Recorded by</dt>
        <dd>{r.recorded_by_name}</dd>
      </dl>
    </Panel>
  );
}
