import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ALL_PLAYERS, AudienceSelect, audienceName } from '../../components/admin/audience-select';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { useFieldValues } from '../../components/admin/use-field-values';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { Checkbox, TextAreaField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';

const FIELDS = ['player_id', 'copy_guardians', 'subject', 'body'] as const;
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/messages';
import { formatDateTime } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('Messages', "Messages to the Players' Area.");

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'messageWholeClub');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, messages, players] = await Promise.all([
    serverLoader(),
    loadList('messages', client.messages.$get()),
    loadList('players', client.players.$get({ query: {} })),
  ]);
  return { messages, players };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, players } = loaderData;
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues({ subject: '', body: '' });
  const [playerId, setPlayerId] = useState(ALL_PLAYERS);
  const [copyGuardians, setCopyGuardians] = useState(true);
  const { busy, formError, errors, setErrors, submit } = useFormSubmit();

  const summary = summaryOf(FIELDS, { error: formError, fieldErrors: errors });
  const field = boundFields(values, summary.errors, set);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const subject = values.subject.trim();
    const body = values.body.trim();
    if (!subject) found.subject = 'Subject is required';
    if (!body) found.body = 'Message is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit(
      async () => {
        await read(client.messages.$post({ json: { subject, body, ...(playerId ? { player_id: playerId, copy_guardians: copyGuardians } : {}) } }));
        toast.success('Message sent successfully!');
        setValues({ subject: '', body: '' });
        await revalidator.revalidate();
      },
      (error) => toast.error(`Error sending Message: ${errorDetail(error)}`),
    );
  }

  return (
    <section>
      <SectionHeader title="Messages" description="Messages to the Players' Area: to every player or to one." />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <div className="min-w-0">
          <h3 className="mb-3 text-lg font-bold">Sent messages</h3>
          {messages.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">No messages sent yet.</p>
          ) : (
            <ul className="space-y-3">
              {messages.map((message) => (
                <li key={message.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h4 className="font-bold">{message.subject}</h4>
                    <span className="text-xs text-muted">{formatDateTime(message.created_at)}</span>
                  </div>
                  <p className="mt-1 text-xs text-muted">
                    To <Badge tone={message.player_id ? 'info' : 'neutral'}>{audienceName(players, message.player_id)}</Badge>
                    {message.sender_name && <> · from {message.sender_name}</>}
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm">{message.body}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Panel title="Send a message" className="self-start">
          <form noValidate onSubmit={send} className="space-y-4">
            <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} />
            <AudienceSelect id={fieldId('player_id')} players={players} value={playerId} onChange={setPlayerId} />
            {playerId && (
              <div>
                <Checkbox
                  id={fieldId('copy_guardians')}
                  label="Copy their parents or carers (needed for players under 18)"
                  checked={copyGuardians}
                  onChange={(e) => setCopyGuardians(e.target.checked)}
                  aria-describedby={summary.errors.copy_guardians ? `${fieldId('copy_guardians')}-error` : undefined}
                />
                {summary.errors.copy_guardians && (
                  <p id={`${fieldId('copy_guardians')}-error`} className="mt-1 text-sm font-semibold text-red-700">
                    {summary.errors.copy_guardians}
                  </p>
                )}
              </div>
            )}
            <TextField label="Subject" required {...field('subject')} />
            <TextAreaField label="Message" required {...field('body')} />
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send message'}
            </Button>
          </form>
        </Panel>
      </div>
    </section>
  );
}
