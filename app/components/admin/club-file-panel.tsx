import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/dates';
import { client, read } from '../../lib/api-client';
import { buttonClass } from '../ui/button';
import { Panel } from './section';

export const CLUB_FILE_TITLE = 'Your club’s data';
export const CLUB_FILE_BUTTON = 'Download everything';
export const CLUB_FILE_KEEP_SAFE =
  'This file holds everyone’s personal data: names, addresses, phone numbers, dates of birth, medical notes, consents, payments and every uploaded file. Keep it safe: store it where only you can open it, never send it by e-mail, and delete copies you no longer need.';

type Download = { downloaded_by_name: string; bytes: number; created_at: string };

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/**
 * Take your club and leave (issue 36): the whole club as one file, for its admins, with who
 * downloaded it and when. The file moves the club to another install (its first-run screen takes it).
 */
export function ClubFilePanel() {
  const [history, setHistory] = useState<Download[] | null>(null);
  // Read again a moment after each download (the browser saves the file; the page stays).
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let live = true;
    read(client['club-file'].downloads.$get())
      .then((rows) => live && setHistory(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reads]);
  return (
    <Panel title={CLUB_FILE_TITLE} className="mt-6 max-w-2xl">
      <p className="mb-3 text-sm">
        One file with your whole club: members, teams, fixtures, money, messages, pages, settings and every uploaded file. Take it to another
        install of this website (hosted or your own): on its first-run screen, choose “Bring your club file”.
      </p>
      <p className="mb-4 rounded-lg border border-gold-500 bg-yellow-50 p-3 text-sm text-ink" data-testid="club-file-warning">
        <strong>Keep it safe.</strong> {CLUB_FILE_KEEP_SAFE}
      </p>
      <a
        href="/api/club-file"
        download
        className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
        data-testid="club-file-download"
        onClick={() => window.setTimeout(() => setReads((n) => n + 1), 3000)}
      >
        {CLUB_FILE_BUTTON}
      </a>
      {history && (
        <ul className="mt-4 space-y-1 text-sm" data-testid="club-file-downloads">
          {history.length === 0 && <li>Nobody has downloaded it yet.</li>}
          {history.map((d) => (
            <li key={d.created_at}>
              Downloaded by {d.downloaded_by_name} on {formatDateTime(d.created_at)} ({size(d.bytes)})
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
