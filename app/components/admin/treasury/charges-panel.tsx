import { useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { toast } from '../../ui/toast';
import { ReasonDialog } from '../reason-dialog';
import { Badge, Panel } from '../section';
import { treasuryApi, type Charge } from './api';
import { day, pounds } from './format';

export const REVERSE_CHARGE = 'Reverse…';
/** At most this many charges on the screen at once: the search finds the rest. */
export const CHARGES_SHOWN = 50;

const STATUS: Record<Charge['status'], { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  paid: { label: 'Paid', tone: 'success' },
  part_paid: { label: 'Part paid', tone: 'warning' },
  unpaid: { label: 'Outstanding', tone: 'danger' },
  reversed: { label: 'Reversed', tone: 'neutral' },
};

/**
 * Every charge, latest due first, found by member, payer or what it is for; a charge made in error
 * is reversed with a reason (a new ledger row beside it: nothing is deleted, and money already paid
 * towards it becomes the payer's credit).
 */
export function ChargesPanel({ charges, onChanged }: { charges: Charge[]; onChanged: () => void }) {
  const [query, setQuery] = useState('');
  const [reversing, setReversing] = useState<Charge | null>(null);
  const words = query.trim().toLowerCase();
  const found = words
    ? charges.filter((c) => [c.member_name, c.payer_name, c.description, c.period].some((text) => text?.toLowerCase().includes(words)))
    : charges;
  const shown = found.slice(0, CHARGES_SHOWN);

  return (
    <Panel title="Charges">
      <TextField label="Find by member, payer or what it is for" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <p role="status" className="mt-2 text-sm text-muted">
        {found.length === 0
          ? 'No charge matches.'
          : found.length > shown.length
            ? `Showing the latest ${shown.length} of ${found.length}: search to find others.`
            : `${found.length} ${found.length === 1 ? 'charge' : 'charges'}`}
      </p>
      <ul className="mt-2 divide-y divide-line" aria-label="Charges">
        {shown.map((charge) => (
          <li key={charge.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-semibold">{charge.member_name ?? 'A former member'}</span>
                <span className="tabular-nums font-semibold">{pounds(charge.amount_pence)}</span>
                <Badge tone={STATUS[charge.status].tone}>{STATUS[charge.status].label}</Badge>
              </p>
              <p className="break-words text-sm text-ink">
                {[charge.description, charge.period, `due ${day(charge.due_date)}`, charge.payer_name ? `paid by ${charge.payer_name}` : 'no payer yet']
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {charge.outstanding_pence > 0 && charge.paid_pence > 0 && (
                <p className="text-sm text-ink">
                  {pounds(charge.paid_pence)} paid, {pounds(charge.outstanding_pence)} outstanding
                </p>
              )}
              {charge.discount_note && <p className="break-words text-sm text-muted">{charge.discount_note}</p>}
            </div>
            {!charge.reversed && (
              <Button variant="secondary" onClick={() => setReversing(charge)}>
                {REVERSE_CHARGE}
                <span className="sr-only">
                  {' '}
                  ({charge.description} for {charge.member_name ?? 'a former member'}, {pounds(charge.amount_pence)})
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={reversing !== null}
        id="reverse-charge"
        title="Reverse this charge?"
        message={
          reversing
            ? `${pounds(reversing.amount_pence)} for ${reversing.member_name ?? 'a former member'}: ${[reversing.description, reversing.period].filter(Boolean).join(', ')}. The charge stays in the ledger with the reversal beside it; anything already paid towards it becomes the payer’s credit.`
            : ''
        }
        hint="Kept in the ledger with the reversal, and in the export."
        confirmLabel="Reverse charge"
        act={async (reason) => {
          await treasuryApi.reverseCharge(reversing!.id, reason);
        }}
        onDone={() => {
          toast.success('Charge reversed');
          setReversing(null);
          onChanged();
        }}
        onCancel={() => setReversing(null)}
      />
    </Panel>
  );
}
