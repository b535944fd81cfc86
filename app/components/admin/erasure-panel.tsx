import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ErasureReportJson } from '../../../shared/contracts/erasure';
import type { PrivacyRequest } from '../../../shared/contracts/privacy';
import { dayInWords } from '../../../shared/privacy-dates';
import { client, errorDetail, read } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormMessage } from '../ui/field';
import { Panel } from './section';

const list = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** Per section, in plain words: a list (phone first), not a wide table. */
function ReportList({ report }: { report: ErasureReportJson }) {
  return (
    <ul className="space-y-4" data-testid="erasure-sections">
      {report.sections.map((section) => (
        <li key={section.section}>
          <h4 className="font-semibold">{section.label}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {section.lines.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The erasure on an erasure request's page (issue 34): preview, then erase permanently after a
 * confirmation that names the people, then what was done. The counts shown are the counts done.
 */
export function ErasurePanel({ request }: { request: PrivacyRequest }) {
  const revalidator = useRevalidator();
  const [preview, setPreview] = useState<ErasureReportJson | null>(null);
  const [result, setResult] = useState<ErasureReportJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (request.type !== 'erasure' || (request.status !== 'open' && !result)) return null;

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (thrown) {
      setError(errorDetail(thrown));
    } finally {
      setBusy(false);
    }
  }
  const loadPreview = () =>
    run(async () => setPreview(await read(client.privacy.requests[':id']['erasure-preview'].$post({ param: { id: request.id } }))));
  const erase = () =>
    run(async () => {
      setConfirming(false);
      setResult(await read(client.privacy.requests[':id'].erase.$post({ param: { id: request.id } })));
      setPreview(null);
      await revalidator.revalidate();
    });

  if (result) {
    return (
      <Panel title="Erasure carried out">
        <FormMessage tone="success">
          Erased. What the club must keep is kept under the name {result.pseudonym}
          {result.kept_until ? ` until ${dayInWords(result.kept_until)}` : ''}.
        </FormMessage>
        <div className="mt-4">
          <ReportList report={result} />
        </div>
      </Panel>
    );
  }
  const people = preview ? list(preview.people) : request.subject_name;
  return (
    <Panel title="Erasure">
      <p className="mb-4 text-sm">
        First see what erasing {request.subject_name}
        {request.include_children ? ' and their children' : ''} would do. Nothing changes until you erase.
      </p>
      {error && (
        <div className="mb-4">
          <FormMessage>{error}</FormMessage>
        </div>
      )}
      {!preview ? (
        <Button onClick={loadPreview} disabled={busy}>
          {busy ? 'Working it out…' : 'Preview erasure'}
        </Button>
      ) : (
        <>
          <p className="mb-3 font-semibold">Erasing {people} would:</p>
          <ReportList report={preview} />
          {request.identity_checked_on ? (
            <Button variant="danger" className="mt-6 w-full sm:w-auto" onClick={() => setConfirming(true)} disabled={busy}>
              Erase permanently
            </Button>
          ) : (
            <p className="mt-6 text-sm font-semibold">Record the day the person&rsquo;s identity was checked first.</p>
          )}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Erase ${people} permanently?`}
        description="This cannot be undone. Their records go; what the club must keep stays under a new name, without theirs."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="danger" onClick={erase} disabled={busy} data-autofocus>
            Yes, erase permanently
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </Panel>
  );
}
