import { useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { HELD_MAIL_DAYS, OUTBOX_STATUSES, testMailSchema, WAITING_FOR_CONFIRMATION } from '../../../shared/mail';
import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { useFieldValues } from '../../components/admin/use-field-values';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId } from '../../components/ui/error-summary';
import { FormMessage, SelectField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { ApiError, client, errorDetail, read, type Answer } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { Route } from './+types/outbox';
import { formatDateTime } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('Outbox', 'E-mail the website has sent or is trying to send.');

const STATUSES = OUTBOX_STATUSES;
type Status = (typeof STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = {
  pending: 'Waiting',
  failed: 'Will retry',
  sent: 'Sent',
  dead: 'Gave up',
  held: 'Held',
  expired: 'Expired',
};
const STATUS_TONES = { pending: 'info', failed: 'warning', sent: 'success', dead: 'danger', held: 'warning', expired: 'neutral' } as const;

/** The outbox as GET /api/admin/outbox answers it (typed by the API's route). */
type OutboxList = Answer<Awaited<ReturnType<typeof client.admin.outbox.$get>>>;
type OutboxMessage = OutboxList['messages'][number];

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'admin');
}

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const requested = new URL(request.url).searchParams.get('status');
  const status = STATUSES.find((s) => s === requested) ?? null;
  const [, outbox] = await Promise.all([
    serverLoader(),
    read(client.admin.outbox.$get({ query: status ? { status } : {} })).catch((error) => {
      console.error('[admin] loading the outbox failed:', errorDetail(error));
      return null;
    }),
  ]);
  return { status, outbox };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function TestMail() {
  const [values, , set] = useFieldValues({ to: '' });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const field = boundFields(values, errors, set, 'test-mail');

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = testMailSchema.safeParse(values);
    if (!parsed.success) {
      setErrors({ to: parsed.error.issues[0].message });
      return;
    }
    await submit(
      async () => {
        const answer = await read(client.admin.outbox.test.$post({ json: parsed.data }));
        setResult({ ok: true, text: `${answer.detail} Server answer: ${answer.response}` });
      },
      // A refused address shows next to the field (the hook's errors); anything else is the mail server's answer.
      (failure) => {
        if (!(failure instanceof ApiError && failure.fieldErrors.to))
          setResult({ ok: false, text: `The test e-mail was not sent. The mail server said: ${errorDetail(failure)}` });
      },
    );
  }

  return (
    <form noValidate onSubmit={send} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6" aria-labelledby="test-mail-heading">
      <h3 id="test-mail-heading" className="text-lg font-bold text-ink">
        Send a test e-mail
      </h3>
      <p className="text-sm text-muted">Sent at once, not queued, so you see the mail server's own answer.</p>
      {result && <FormMessage tone={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>}
      <ErrorSummary errors={{ to: errors.to }} idFor={(f) => fieldId(f, 'test-mail')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField className="flex-1" label="Send it to" type="email" inputMode="email" autoComplete="email" required maxLength={200} {...field('to')} />
        <Button type="submit" disabled={busy} className="sm:mb-0">
          {busy ? 'Sending…' : 'Send test e-mail'}
        </Button>
      </div>
    </form>
  );
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { outbox, status } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState<string | null>(null);

  async function retry(message: OutboxMessage) {
    setRetrying(message.id);
    try {
      await read(client.admin.outbox[':id'].retry.$post({ param: { id: message.id } }));
      toast.success(`"${message.subject}" will be sent again now`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Could not retry: ${errorDetail(error)}`);
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section className="space-y-6">
      <SectionHeader
        title="Outbox"
        description="Every e-mail the website sends goes through here. Failed messages are retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours; after that, or when the mail server refuses an address outright, the site gives up."
      />
      {outbox && !outbox.configured && <FormMessage>Mail is not configured (SMTP_URL is not set): messages wait here and are sent once it is.</FormMessage>}
      <TestMail />
      {!outbox ? (
        <FormMessage>The outbox could not be loaded. Please reload the page.</FormMessage>
      ) : (
        <>
          <div className="max-w-xs">
            <SelectField
              label="Show"
              name="status"
              value={status ?? ''}
              onChange={(event) => navigate(event.target.value ? `?status=${event.target.value}` : '.', { replace: true })}
            >
              <option value="">All ({STATUSES.reduce((n, s) => n + outbox.totals[s], 0)})</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]} ({outbox.totals[s]})
                </option>
              ))}
            </SelectField>
          </div>
          {outbox.messages.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">No e-mails {status ? 'with this status' : 'yet'}.</p>
          ) : (
            <ul className="space-y-3" aria-label="E-mails">
              {outbox.messages.map((m) => (
                <li key={m.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
                  <article aria-labelledby={`mail-${m.id}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h3 id={`mail-${m.id}`} className="break-words text-base font-bold sm:text-lg">
                          {m.subject}
                        </h3>
                        <p className="break-all text-sm text-muted">To {m.to_address}</p>
                      </div>
                      <Badge tone={STATUS_TONES[m.status]}>{STATUS_LABELS[m.status]}</Badge>
                    </div>
                    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                      <div>
                        <dt className="inline text-muted">Queued: </dt>
                        <dd className="inline">{formatDateTime(m.created_at)}</dd>
                      </div>
                      <div>
                        <dt className="inline text-muted">Attempts: </dt>
                        <dd className="inline">{m.attempts}</dd>
                      </div>
                      {m.sent_at && (
                        <div>
                          <dt className="inline text-muted">Sent: </dt>
                          <dd className="inline">{formatDateTime(m.sent_at)}</dd>
                        </div>
                      )}
                      {m.status === 'failed' && (
                        <div>
                          <dt className="inline text-muted">Next try: </dt>
                          <dd className="inline">{formatDateTime(m.next_attempt_at)}</dd>
                        </div>
                      )}
                    </dl>
                    {m.status === 'held' && (
                      <p className="mt-3 break-words rounded-lg bg-amber-50 p-3 text-sm text-ink">
                        <span className="font-semibold">{WAITING_FOR_CONFIRMATION}.</span> It is sent as soon as they do; after {HELD_MAIL_DAYS} days it expires
                        unsent.
                      </p>
                    )}
                    {m.last_error && (
                      <p className="mt-3 break-words rounded-lg bg-red-50 p-3 text-sm text-danger">
                        <span className="font-semibold">{m.status === 'expired' ? 'Note: ' : 'Last error: '}</span>
                        {m.last_error}
                      </p>
                    )}
                    {(m.status === 'failed' || m.status === 'dead') && (
                      <Button variant="secondary" className="mt-3" disabled={retrying === m.id} onClick={() => retry(m)}>
                        {retrying === m.id ? 'Retrying…' : 'Retry now'}
                      </Button>
                    )}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
