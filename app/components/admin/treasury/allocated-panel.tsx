import { useState } from 'react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { ReasonDialog } from '../reason-dialog';
import { Panel } from '../section';
import { treasuryApi, type BankLine } from './api';
import { day, pounds } from './format';

export const UNDO_ALLOCATION = 'Undo allocation…';
/** The latest allocated lines on the screen: an allocation is usually undone soon after it was made. */
export const ALLOCATED_SHOWN = 20;

/** Payments allocated to payers, latest first; a wrong allocation is undone with a reason (the line is unmatched again). */
export function AllocatedPanel({ lines, onChanged }: { lines: BankLine[]; onChanged: () => void }) {
  const [undoing, setUndoing] = useState<BankLine | null>(null);
  const shown = lines.slice(0, ALLOCATED_SHOWN);
  return (
    <Panel title="Allocated payments">
      {shown.length === 0 ? (
        <p className="text-muted">No payment allocated yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Allocated payments">
          {shown.map((line) => (
            <li key={line.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-bold tabular-nums">{pounds(line.amount_pence)}</span>
                  <span className="text-sm text-muted">{day(line.date)}</span>
                </p>
                <p className="break-words text-sm">
                  {[line.counterparty, line.reference].filter(Boolean).join(' · ')} → <span className="font-semibold">{line.payer_name ?? 'a payer'}</span>
                </p>
                {line.reason && <p className="text-sm text-muted">{line.reason}</p>}
              </div>
              <Button variant="secondary" onClick={() => setUndoing(line)}>
                {UNDO_ALLOCATION}
                <span className="sr-only">
                  {' '}
                  ({pounds(line.amount_pence)} on {day(line.date)} to {line.payer_name ?? 'a payer'})
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={undoing !== null}
        id="undo-allocation"
        title="Undo this allocation?"
        message={
          undoing
            ? `${pounds(undoing.amount_pence)} on ${day(undoing.date)} stops paying ${undoing.payer_name ?? 'the payer'}’s charges: every entry it made is reversed in the ledger, and the line is unmatched again.`
            : ''
        }
        hint="Kept in the ledger with the reversal, and in the export."
        confirmLabel="Undo allocation"
        act={async (reason) => {
          await treasuryApi.reverseLine(undoing!.id, reason);
        }}
        onDone={() => {
          toast.success('Allocation undone: the payment is unmatched again');
          setUndoing(null);
          onChanged();
        }}
        onCancel={() => setUndoing(null)}
      />
    </Panel>
  );
}
