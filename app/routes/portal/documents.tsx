import { EMPTY_NEXT, EmptyState, NO_DOCUMENTS, PortalSection } from '../../components/portal';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/documents';
import { portalRead } from './portal.server';
import { formatDateGB } from '../../../shared/dates';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Documents | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { documents: await portalRead('documents', () => context.services.portal.myDocuments(user), []) };
}

const kindLabel = (d: { kind: string; content_type: string | null }) =>
  d.kind === 'link' ? 'Link' : d.content_type === 'application/pdf' ? 'PDF' : d.content_type?.startsWith('image/') ? 'Image' : 'File';

const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

export default function PortalDocuments({ loaderData }: Route.ComponentProps) {
  const { documents } = loaderData;
  return (
    <PortalSection title="Documents" description="Documents the club has shared with all players or with you.">
      {documents.length === 0 ? (
        <EmptyState next={EMPTY_NEXT.documents}>{NO_DOCUMENTS}</EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-xl bg-white ring-1 ring-line">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-bold text-ink">{d.title}</p>
                {d.description && <p className="text-sm text-muted">{d.description}</p>}
                <p className="mt-1 text-xs text-muted">
                  <span className="font-semibold">{kindLabel(d)}</span>
                  {d.kind === 'file' && d.size_bytes !== null ? ` · ${size(d.size_bytes)}` : ''} · Shared {formatDateGB(d.created_at.slice(0, 10))}
                  {d.player_id ? ' · Just for you' : ''}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {d.kind === 'file' ? (
                  <>
                    <a href={d.url} target="_blank" rel="noopener" className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-800 hover:bg-brand-50">
                      Open<span className="sr-only"> {d.title}</span>
                    </a>
                    <a href={`${d.url}?download=1`} download={d.file_name ?? undefined} className="rounded-lg bg-brand-800 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-900">
                      Download<span className="sr-only"> {d.title}</span>
                    </a>
                  </>
                ) : (
                  <a href={d.url} target="_blank" rel="noopener noreferrer" className="rounded-lg bg-brand-800 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-900">
                    Open link<span className="sr-only"> {d.title} (opens in a new tab)</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
