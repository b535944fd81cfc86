import { useState, type FormEvent } from 'react';
import { SETUP_CODE_REQUIRED } from '../../../shared/setup';
import { Button, ButtonLink } from '../ui/button';
import { FormMessage, TextField } from '../ui/field';

export const BRING_CLUB_FILE_TITLE = 'Moving from another install? Bring your club file';
export const CLUB_FILE_FIELD = 'club_file';
export const CLUB_FILE_SETUP_CODE_FIELD = 'club_file_setup_code';
export const CHOOSE_CLUB_FILE = 'Choose your club file (it ends in .club.tar.gz).';
export const CLUB_FILE_FAILED = 'The club file could not be brought in. Nothing was stored; please try again.';

/**
 * The first-run screen's other door (issue 36): a club file downloaded from another install (its
 * Settings → Your club’s data) is sent as it is, streamed, to POST /api/club-file with the setup
 * code. Afterwards the club's own admins sign in with their own passwords.
 */
export function BringClubFile({ onBrought }: { onBrought?: () => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [brought, setBrought] = useState<{ detail: string } | null>(null);

  async function bring(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem(CLUB_FILE_FIELD) as HTMLInputElement).files?.[0];
    const code = (form.elements.namedItem(CLUB_FILE_SETUP_CODE_FIELD) as HTMLInputElement).value.trim();
    if (!code) return setError(SETUP_CODE_REQUIRED);
    if (!file) return setError(CHOOSE_CLUB_FILE);
    setError('');
    setBusy(true);
    try {
      const res = await fetch('/api/club-file', { method: 'POST', headers: { 'content-type': 'application/gzip', 'x-setup-code': code }, body: file });
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      if (res.ok) {
        setBrought({ detail: body.detail ?? 'Your club is here.' });
        onBrought?.();
      } else setError(body.detail ?? CLUB_FILE_FAILED);
    } catch {
      setError(CLUB_FILE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (brought) {
    return (
      <div role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line" data-testid="club-file-brought">
        <h2 className="text-2xl font-bold text-success">Your club is here</h2>
        <p className="mt-2 text-muted">{brought.detail}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/login" reloadDocument>
            Sign in
          </ButtonLink>
          <ButtonLink to="/" variant="secondary" reloadDocument>
            Go to the website
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    // A region, not a <section>: the page's own tests read its one section.
    <div role="region" aria-labelledby="bring-club-file" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id="bring-club-file" className="text-xl font-bold">
        {BRING_CLUB_FILE_TITLE}
      </h2>
      <p className="mt-2 text-muted">
        On your old site, an admin downloads the club under Settings → Your club’s data → Download everything. Bring that file here instead of
        starting a new club: everything comes across (members, teams, fixtures, money, pages, settings and uploaded files), and your admins
        sign in with their own usernames and passwords.
      </p>
      <noscript>
        <p className="mt-2 font-semibold">Bringing a club file needs JavaScript switched on in your browser.</p>
      </noscript>
      <form className="mt-5 space-y-5" noValidate onSubmit={bring}>
        {error && <FormMessage>{error}</FormMessage>}
        <TextField
          id={CLUB_FILE_SETUP_CODE_FIELD}
          name={CLUB_FILE_SETUP_CODE_FIELD}
          label="The code from the server log"
          hint="The setup code, on the log’s line that says “enter this setup code”. It is needed even when ADMIN_PASSWORD is set."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          required
          className="max-w-xs"
        />
        <TextField
          id={CLUB_FILE_FIELD}
          name={CLUB_FILE_FIELD}
          label="Club file"
          type="file"
          accept=".gz,.tar.gz,application/gzip"
          hint="The file you downloaded, e.g. riverside-rovers-2026-11-28.club.tar.gz."
          required
        />
        <Button type="submit" size="lg" variant="secondary" disabled={busy}>
          {busy ? 'Bringing your club…' : 'Bring the club file'}
        </Button>
      </form>
    </div>
  );
}
