import { useEffect, useState, type FormEvent } from 'react';
import { DOMAIN_EXAMPLE, readOwnDomain } from '../../../shared/club-domains';
import type { ClubDomain, ClubDomainList } from '../../../shared/contracts/club-domains';
import { ApiError, client, errorDetail, read } from '../../lib/api-client';
import { Button } from '../ui/button';
import { FormMessage, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { ConfirmDialog } from './confirm-dialog';
import { Panel } from './section';

export const CLUB_DOMAIN_TITLE = 'Your own web address';
export const CLUB_DOMAIN_APEX_NOTE =
  'Most DNS providers allow no CNAME on the bare domain (yourclub.org): use www.yourclub.org, or your provider’s ALIAS or ANAME record for the bare domain.';

/**
 * A club's own domain on a hosted install (issue 36): the admin adds it, publishes the two DNS
 * records shown, and checks; once verified, the domain shows the club's site with its own
 * certificate. Shown only when the install hosts clubs (HOSTING_DOMAIN) and to its admins.
 */
export function ClubDomainPanel() {
  const [list, setList] = useState<ClubDomainList | null>(null);
  const [loadError, setLoadError] = useState('');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<string | null>(null);

  async function reload() {
    try {
      setList(await read(client['club-domains'].$get()));
      setLoadError('');
    } catch (error) {
      setLoadError(errorDetail(error));
    }
  }
  useEffect(() => {
    void reload();
  }, []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own reading of the address, so the message is the one it would give.
    const reading = readOwnDomain(typed, list?.address.split('.').slice(1).join('.'));
    if (reading.problem) return setFieldError(reading.problem);
    setFieldError('');
    setBusy(true);
    try {
      const added = await read(client['club-domains'].$post({ json: { domain: typed } }));
      toast.success(`${added.domain} added: now create its two DNS records.`);
      setTyped('');
      await reload();
    } catch (error) {
      setFieldError(error instanceof ApiError && error.fieldErrors.domain ? error.fieldErrors.domain : errorDetail(error));
    } finally {
      setBusy(false);
    }
  }

  async function check(domain: string) {
    setBusy(true);
    try {
      const answer = await read(client['club-domains'][':domain'].check.$post({ param: { domain } }));
      setSaid((s) => ({ ...s, [domain]: answer.detail }));
      await reload();
    } catch (error) {
      setSaid((s) => ({ ...s, [domain]: errorDetail(error) }));
    } finally {
      setBusy(false);
    }
  }

  async function remove(domain: string) {
    setBusy(true);
    try {
      const answer = await read(client['club-domains'][':domain'].$delete({ param: { domain } }));
      toast.success(answer.detail);
      setRemoving(null);
      await reload();
    } catch (error) {
      toast.error(errorDetail(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={CLUB_DOMAIN_TITLE} className="mt-6 max-w-2xl">
      <div data-testid="club-domains">
        {list && (
          <p className="mb-3 text-sm">
            Your club’s site is at <strong className="break-all">{list.address}</strong>. It can also show at a domain your club owns, such as{' '}
            {DOMAIN_EXAMPLE}, with its own secure certificate: add the domain, create the two DNS records shown at your domain’s provider, then
            check.
          </p>
        )}
        {loadError && <FormMessage>{loadError}</FormMessage>}
        {list && list.domains.length < list.most && (
          <form noValidate onSubmit={add} className="space-y-3">
            <TextField
              label="Your domain"
              name="domain"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={fieldError || undefined}
              hint={`The address alone, like ${DOMAIN_EXAMPLE}`}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
            />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              Add domain
            </Button>
          </form>
        )}
        {list && list.domains.length >= list.most && <p className="text-sm">Your club has {list.most} domains, the most it can have.</p>}
        {list && list.domains.length > 0 && (
          <ul className="mt-4 space-y-4">
            {list.domains.map((d) => (
              <DomainItem key={d.domain} domain={d} said={said[d.domain]} busy={busy} onCheck={check} onRemove={setRemoving} />
            ))}
          </ul>
        )}
        {list && <p className="mt-4 text-sm text-muted">{CLUB_DOMAIN_APEX_NOTE}</p>}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this domain?"
        message={`${removing ?? ''} will stop showing your club’s site at once. You can add it again later.`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  );
}

function DomainItem({
  domain: d,
  said,
  busy,
  onCheck,
  onRemove,
}: {
  domain: ClubDomain;
  said?: string;
  busy: boolean;
  onCheck: (domain: string) => void;
  onRemove: (domain: string) => void;
}) {
  return (
    <li className="rounded-lg border border-line p-3" data-testid="club-domain">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all">{d.domain}</span>
        <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${d.verified ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-ink'}`}>
          {d.verified ? 'Verified' : 'Waiting for DNS'}
        </span>
      </div>
      {!d.verified && (
        <>
          <p className="mt-2 text-sm">At your domain’s DNS provider, create these two records:</p>
          <dl className="mt-2 space-y-3 text-sm">
            {d.records.map((r) => (
              <div key={r.type} className="rounded bg-gray-50 p-2">
                <dt className="font-semibold">{r.type} record</dt>
                <dd>
                  Name: <code className="select-all break-all">{r.name}</code>
                </dd>
                <dd>
                  Value: <code className="select-all break-all">{r.value}</code>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {said && (
        <p role="status" className="mt-2 text-sm">
          {said}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {!d.verified && (
          <Button onClick={() => onCheck(d.domain)} disabled={busy}>
            Check now
          </Button>
        )}
        <Button variant="secondary" onClick={() => onRemove(d.domain)} disabled={busy} aria-label={`Remove ${d.domain}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
