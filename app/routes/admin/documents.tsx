import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ALL_PLAYERS, AudienceSelect, audienceName } from '../../components/admin/audience-select';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { TrashIcon } from '../../components/admin/icons';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import type { ClubDocument, DocumentLinkInput } from '../../../shared/contracts/documents';
import type { AdminPlayer as Player } from '../../../shared/contracts/players';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { TextAreaField, TextField } from '../../components/ui/field';

const FIELDS = ['title', 'description', 'player_id', 'file', 'url'] as const;
import { toast } from '../../components/ui/toast';
import { ApiError, client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/documents';
import { formatDate } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('Documents', "Documents for the Players' Area.");

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'documents');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, documents, players] = await Promise.all([
    serverLoader(),
    loadList('documents', client.documents.$get()),
    loadList('players', client.players.$get({ query: {} })),
  ]);
  return { documents, players };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminDocuments({ loaderData }: Route.ComponentProps) {
  const { documents, players } = loaderData;
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<ClubDocument | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await read(client.documents[':id'].$delete({ param: { id: deleting.id } }));
      toast.success('Document deleted successfully!');
      setDeleting(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Error deleting Document: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <SectionHeader title="Documents" description="Files and links for the Players' Area: for every player or for one." />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <div className="min-w-0">
          {documents.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">No documents published yet.</p>
          ) : (
            <ul className="space-y-3">
              {documents.map((doc) => (
                <li key={doc.id} className="flex items-start justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line">
                  <div className="min-w-0">
                    <h3 className="font-bold">
                      <a href={doc.url} target="_blank" rel="noreferrer" className="text-brand-800 underline">
                        {doc.title}
                      </a>
                    </h3>
                    {doc.description && <p className="mt-1 text-sm text-ink">{doc.description}</p>}
                    <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted">
                      <Badge tone={doc.player_id ? 'info' : 'neutral'}>{audienceName(players, doc.player_id)}</Badge>
                      <span>{doc.file_name ? `File: ${doc.file_name}` : 'Link'}</span>
                      <span>· {formatDate(doc.created_at)}</span>
                    </p>
                  </div>
                  <button
                    type="button"
                    className="rounded-lg p-2 text-danger hover:bg-red-50"
                    aria-label={`Delete ${doc.title}`}
                    title="Delete"
                    onClick={() => setDeleting(doc)}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <PublishForm players={players} onDone={() => revalidator.revalidate()} />
      </div>
      <ConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </section>
  );
}

function PublishForm({ players, onDone }: { players: Player[]; onDone: () => Promise<void> }) {
  const [source, setSource] = useState<'file' | 'link'>('file');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [playerId, setPlayerId] = useState(ALL_PLAYERS);
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Title is required';
    if (source === 'file' && !file) found.file = 'Choose a file';
    if (source === 'link' && !/^https?:\/\/\S+$/.test(url.trim())) found.url = 'Enter a link starting with https://';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError('');
    setBusy(true);
    try {
      if (source === 'file') {
        const body = new FormData();
        body.set('title', title.trim());
        if (description.trim()) body.set('description', description.trim());
        if (playerId) body.set('player_id', playerId);
        body.set('file', file!);
        // The route reads the multipart body itself (the file's kind and size are checked first).
        await read(client.documents.$post(undefined, { init: { body } }));
      } else {
        // The route declares no body (it takes multipart or JSON): the link is typed by its contract.
        const link: DocumentLinkInput = { title: title.trim(), description: description.trim() || null, player_id: playerId || null, url: url.trim() };
        await read(client.documents.$post({ json: link }));
      }
      toast.success('Document published successfully!');
      setTitle('');
      setDescription('');
      setUrl('');
      setFile(null);
      setFormKey((k) => k + 1);
      await onDone();
    } catch (error) {
      setFormError(errorDetail(error));
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast.error(`Error publishing Document: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const summary = summaryOf(FIELDS, { error: formError, fieldErrors: errors });
  return (
    <Panel title="Publish a document" className="self-start">
      <form key={formKey} noValidate onSubmit={publish} className="space-y-4">
        <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} />
        <TextField id={fieldId('title')} label="Title" name="title" required value={title} error={summary.errors.title} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField id={fieldId('description')} label="Description" name="description" value={description} error={summary.errors.description} onChange={(e) => setDescription(e.target.value)} />
        <AudienceSelect id={fieldId('player_id')} players={players} value={playerId} onChange={setPlayerId} label="For" />
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Source</legend>
          <div className="flex gap-4">
            {(['file', 'link'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="source" className="size-5 accent-brand-800" checked={source === value} onChange={() => setSource(value)} />
                {value === 'file' ? 'Upload a file' : 'Link to a page'}
              </label>
            ))}
          </div>
        </fieldset>
        {source === 'file' ? (
          <TextField
            id={fieldId('file')}
            label="File"
            name="file"
            type="file"
            required
            accept="application/pdf,image/jpeg,image/png,image/webp"
            hint="A PDF, JPEG, PNG or WebP file, at most 10 MB"
            error={summary.errors.file}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        ) : (
          <TextField id={fieldId('url')} label="Link" name="url" type="url" required placeholder="https://" value={url} error={summary.errors.url} onChange={(e) => setUrl(e.target.value)} />
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Publishing…' : 'Publish document'}
        </Button>
      </form>
    </Panel>
  );
}
