import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { truncate } from '../../components/admin/format';
import { TrashIcon } from '../../components/admin/icons';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { INTEREST_TYPES } from '../../../shared/content-constants';
import type { JoinUsSubmission } from '../../../shared/contracts/join-us';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/join-us';
import { formatDateTime } from '../../../shared/dates';

const INTEREST_LABEL_OF: Record<string, string> = Object.fromEntries(INTEREST_TYPES.map((t) => [t.id, t.label]));

export const meta: Route.MetaFunction = () => adminMeta('Join Us', 'Enquiries sent through the Join Us form.');

/** The message preview (docs/product.md#admin-panel). */
export const MESSAGE_PREVIEW_AT = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'admin');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, submissions] = await Promise.all([serverLoader(), loadList('join-us', client['join-us'].$get())]);
  return { submissions };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminJoinUs({ loaderData }: Route.ComponentProps) {
  const { submissions } = loaderData;
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<JoinUsSubmission | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await read(client['join-us'][':id'].$delete({ param: { id: deleting.id } }));
      toast.success('Submission deleted successfully!');
      setDeleting(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Error deleting Submission: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <SectionHeader
        title="Join Us submissions"
        description="Enquiries from the Join Us form. They hold personal data: delete them once they are dealt with."
      />
      {submissions.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">No submissions yet.</p>
      ) : (
        <ul className="space-y-3">
          {submissions.map((s) => {
            const expanded = open === s.id;
            const long = s.message.length > MESSAGE_PREVIEW_AT;
            return (
              <li key={s.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
                <article aria-labelledby={`submission-${s.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 id={`submission-${s.id}`} className="text-lg font-bold">
                        {s.full_name}
                      </h3>
                      <p className="text-sm text-muted">{formatDateTime(s.created_at)}</p>
                    </div>
                    <button
                      type="button"
                      className="rounded-lg p-2 text-danger hover:bg-red-50"
                      aria-label={`Delete submission from ${s.full_name}`}
                      title="Delete"
                      onClick={() => setDeleting(s)}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                  <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                    <div className="min-w-0">
                      <dt className="sr-only">Email</dt>
                      <dd className="break-all">
                        <a className="text-brand-800 underline" href={`mailto:${s.email}`}>
                          {s.email}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="sr-only">Phone</dt>
                      <dd>
                        <a className="text-brand-800 underline" href={`tel:${s.phone_number}`}>
                          {s.phone_number}
                        </a>
                      </dd>
                    </div>
                  </dl>
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label="Interested in">
                    {s.interest_types.map((type) => (
                      <li key={type}>
                        <Badge tone="info">{INTEREST_LABEL_OF[type] ?? type}</Badge>
                      </li>
                    ))}
                  </ul>
                  <div className="mt-3 text-sm">
                    <p id={`message-${s.id}`} className={expanded ? 'whitespace-pre-line rounded-lg bg-gray-50 p-3' : 'text-ink'}>
                      {expanded ? s.message : truncate(s.message, MESSAGE_PREVIEW_AT)}
                    </p>
                    {long && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="mt-1 -ml-3"
                        aria-expanded={expanded}
                        aria-controls={`message-${s.id}`}
                        onClick={() => setOpen(expanded ? null : s.id)}
                      >
                        {expanded ? 'Show less' : 'Read full message'}
                      </Button>
                    )}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </section>
  );
}
