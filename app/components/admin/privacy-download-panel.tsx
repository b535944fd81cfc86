import { useEffect, useState } from 'react';
import type { PrivacyRequest } from '../../../shared/contracts/privacy';
import type { PrivacyRequestDownload } from '../../../shared/contracts/privacy-export';
import { formatDateTime } from '../../../shared/dates';
import { client, read } from '../../lib/api-client';
import { buttonClass } from '../ui/button';
import { Panel } from './section';

const rows = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

/**
 * A request's access download (issue 34): everything the club holds about its subject (and, for a
 * parent's request that covers them, their children) as one ZIP, and who downloaded it when.
 */
export function AccessDownloadPanel({ request }: { request: PrivacyRequest }) {
  const [history, setHistory] = useState<PrivacyRequestDownload[] | null>(null);
  // Read again a moment after each download (the browser saves the file; the page stays).
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let live = true;
    read(client.privacy.requests[':id'].downloads.$get({ param: { id: request.id } }))
      .then((rows) => live && setHistory(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request.id, reads]);
  if (!request.player_id && !request.user_id) return null;
  const who = request.include_children ? `${request.subject_name} and the children they have parental responsibility for` : request.subject_name;
  return (
    <Panel title="Their data">
      <p className="mb-4 text-sm">
        One ZIP file with everything the club holds about {who}: a spreadsheet for each part (profile, consents, teams, availability, payments, messages
        and more), one data file with all of it, their photo and documents, and a note saying what each file is. Other people’s details are left out.
      </p>
      <a
        href={`/api/privacy/requests/${request.id}/export`}
        download
        className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
        onClick={() => window.setTimeout(() => setReads((n) => n + 1), 2000)}
      >
        Download the data (ZIP)
      </a>
      {history && history.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm" data-testid="privacy-downloads">
          {history.map((d) => (
            <li key={d.created_at}>
              Downloaded by {d.downloaded_by_name} on {formatDateTime(d.created_at)} ({rows(d.row_count)})
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
