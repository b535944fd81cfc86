import type { MedicalNoteReadLog } from '../../../shared/contracts/match-day';
import { formatDateTime } from '../../../shared/dates';
import { Panel } from './section';

export const NO_READS = 'Nobody but parents and carers has opened a child’s medical notes yet.';

interface Opening {
  key: string;
  who: string;
  where: string;
  at: string;
  children: string[];
}

/** One line per opening: a match-day card opened at one moment reads every child on it. */
function openings(log: MedicalNoteReadLog): Opening[] {
  const out: Opening[] = [];
  for (const read of log) {
    const where = read.via ?? 'The child’s own record';
    const last = out.at(-1);
    if (last && last.who === read.read_by_name && last.where === where && last.at === read.read_at) last.children.push(read.child_name);
    else out.push({ key: `${read.read_at}-${read.read_by_name}-${read.player_id}`, who: read.read_by_name, where, at: read.read_at, children: [read.child_name] });
  }
  return out;
}

/**
 * Who opened children's medical notes (issue 31), for the welfare officer (and admins): each coach's
 * opening of a match-day card and each read of one child's notes, newest first.
 */
export function MedicalNoteReadsPanel({ log }: { log: MedicalNoteReadLog }) {
  const lines = openings(log);
  return (
    <Panel title="Medical notes read">
      <p className="mb-3 text-sm text-muted">
        Every time someone other than a child’s parents or carers opened their medical notes: who, where, when and which children. Newest first.
      </p>
      {lines.length === 0 ? (
        <p className="text-sm text-muted">{NO_READS}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Medical notes read">
          {lines.map((line) => (
            <li key={line.key} className="space-y-0.5 py-3 break-words" data-testid="medical-note-read">
              <p>
                <span className="font-semibold">{line.who}</span> · {line.where}
              </p>
              <p className="text-sm text-muted">{formatDateTime(line.at)}</p>
              <p className="text-sm">
                {line.children.length === 1 ? line.children[0] : `${line.children.length} children: ${line.children.join(', ')}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
