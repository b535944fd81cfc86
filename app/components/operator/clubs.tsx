import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { HostedClub } from '../../../shared/hosting';
import { Button, buttonClass } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Checkbox, FormMessage, TextField } from '../ui/field';

type Result = { ok: boolean; intent?: string; message?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;

const megabytes = (bytes: number) => (bytes < 100_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

/** The operator's clubs: the figures of each, what can be done to it, and the form for a new one. */
export function OperatorClubs({ operator, clubs, result }: { operator: string; clubs: HostedClub[]; result: Result }) {
  const [deleting, setDeleting] = useState<HostedClub | null>(null);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-ink">Clubs</h1>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <Button type="submit" variant="secondary">
            Sign out {operator}
          </Button>
        </Form>
      </div>
      <div className="mt-4" aria-live="polite">
        {result?.ok && result.intent !== 'create' && <FormMessage tone="success">{result.message}</FormMessage>}
        {result && !result.ok && result.intent !== 'create' && <FormMessage>{result.error}</FormMessage>}
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Clubs on this install">
        {clubs.map((club) => (
          <li key={club.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line">
            <h2 className="text-xl font-bold text-ink">{club.name}</h2>
            <p className="break-all text-sm text-muted">{club.host}</p>
            <p className="mt-1 text-sm font-semibold">{club.status === 'active' ? 'Active' : 'Suspended'}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Members</dt>
              <dd>{club.members}</dd>
              <dt className="text-muted">Teams</dt>
              <dd>{club.teams}</dd>
              <dt className="text-muted">Storage</dt>
              <dd>{megabytes(club.storage_bytes)}</dd>
              <dt className="text-muted">Mail, 30 days</dt>
              <dd>{club.mail_sent_30_days}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="id" value={club.id} />
                <input type="hidden" name="intent" value={club.status === 'active' ? 'suspend' : 'resume'} />
                <Button type="submit" variant="secondary" aria-label={`${club.status === 'active' ? 'Suspend' : 'Resume'} ${club.name}`}>
                  {club.status === 'active' ? 'Suspend' : 'Resume'}
                </Button>
              </Form>
              <a href={`/api/hosting/clubs/${club.id}/export`} download className={buttonClass('secondary')} aria-label={`Export ${club.name}`}>
                Export
              </a>
              <Button type="button" variant="danger" onClick={() => setDeleting(club)} aria-label={`Delete ${club.name}`}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <NewClubForm result={result?.intent === 'create' ? result : undefined} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={`Delete ${deleting?.name ?? ''}?`}>
        <p className="text-ink">
          Every row of this club goes, for good: its members, teams, fixtures, money and files. Only a suspended club whose file you exported since can be
          deleted.
        </p>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2" onSubmit={() => setDeleting(null)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={deleting?.id ?? ''} />
          <Button type="button" variant="secondary" onClick={() => setDeleting(null)} data-autofocus>
            Keep it
          </Button>
          <Button type="submit" variant="danger">
            Delete for good
          </Button>
        </Form>
      </Dialog>
    </section>
  );
}

function NewClubForm({ result }: { result: Result }) {
  const busy = useNavigation().state !== 'idle';
  const errors = result?.fieldErrors ?? {};
  // A club made: the form is empty again for the next one.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <section className="mt-10 max-w-xl" aria-labelledby="new-club">
      <h2 id="new-club" className="text-2xl font-bold text-ink">
        New club
      </h2>
      <Form ref={form} method="post" className="mt-4 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {result?.ok && <FormMessage tone="success">{result.message}</FormMessage>}
        {result && !result.ok && <FormMessage>{result.error}</FormMessage>}
        <input type="hidden" name="intent" value="create" />
        <TextField id="club-name" label="Club name" name="name" required error={errors.name} />
        <TextField id="club-slug" label="Address (the first part of its host name)" name="slug" required error={errors.slug} hint="e.g. ashdown-rovers" />
        <TextField id="club-admin-email" label="First admin's e-mail" name="admin_email" type="email" required error={errors.admin_email} />
        <TextField
          id="club-admin-password"
          label="First admin's password (optional)"
          name="admin_password"
          type="password"
          autoComplete="new-password"
          error={errors.admin_password}
          hint="Leave it empty to invite the admin by e-mail."
        />
        <Checkbox id="club-sample" name="sample" label="Start with the sample club's content" />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create club'}
        </Button>
      </Form>
    </section>
  );
}
