import { useState, type FormEvent } from 'react';
import { PLAN_KIND_LABELS, type PlanKind } from '../../../../shared/treasury';
import { Button } from '../../ui/button';
import { Checkbox, SelectField, TextField } from '../../ui/field';
import { ItemOptions } from '../../ui/options';
import { toast } from '../../ui/toast';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { Panel } from '../section';
import { treasuryApi } from './api';
import { penceFrom, todayIso } from './format';

export const CREATE_PLAN = 'Create plan';
const KINDS = Object.entries(PLAN_KIND_LABELS).map(([id, label]) => ({ id: id as PlanKind, label }));

/** 1 September of the season running today (or starting next, from June on). */
function seasonStart(today = todayIso()) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return `${month >= 6 ? year : year - 1}-09-01`;
}

const KIND_HINTS: Record<PlanKind, string> = {
  monthly: 'The season’s total split into monthly charges from the first due date.',
  termly: 'Three equal charges: autumn term on the first due date, spring term 4 months later, summer term 7 months later (1 September, 1 January, 1 April).',
  annual: 'One charge for the season.',
  instalments: 'The season’s total split into this many monthly instalments.',
};

/** A new payment plan (the treasurer's): what a season costs, how it is split, and the family rules. */
export function PlanForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PlanKind>('termly');
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('10');
  const [first, setFirst] = useState(seasonStart());
  const [discount, setDiscount] = useState('10');
  const [cap, setCap] = useState('');
  const [prorate, setProrate] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const pence = penceFrom(amount);
    const capPence = cap.trim() ? penceFrom(cap) : undefined;
    const percent = Number(discount || '0');
    const instalments = Number(count);
    if (!name.trim()) found.name = 'Give the plan a name, like “Junior subs 2026-27”';
    if (pence === null) found.amount_pence = 'Enter the season’s total in pounds, like 150.00';
    if (!first) found.first_due_date = 'Choose the first due date';
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) found.sibling_discount_percent = 'Enter a whole percentage from 0 to 100';
    if (capPence === null) found.family_cap_pence = 'Enter the cap in pounds, or leave it empty';
    if ((kind === 'monthly' || kind === 'instalments') && (!Number.isInteger(instalments) || instalments < 1 || instalments > 12))
      found.instalments = 'Enter a number from 1 to 12';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const plan = await treasuryApi.createPlan({
        name: name.trim(),
        kind,
        category: 'subs',
        amount_pence: pence!,
        ...(kind === 'monthly' || kind === 'instalments' ? { instalments } : {}),
        first_due_date: first,
        sibling_discount_percent: percent,
        ...(capPence ? { family_cap_pence: capPence } : {}),
        prorate_joiners: prorate,
      });
      toast.success(`Plan “${plan.name}” created: charge it to teams below`);
      setName('');
      setAmount('');
      onCreated();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.length > 0) setErrors(caught.fieldErrors);
      else toast.error(`Error creating the plan: ${errorDetail(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="New plan">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="New plan">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" required maxLength={100} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
          <SelectField label="How it is paid" required value={kind} hint={KIND_HINTS[kind]} onChange={(e) => setKind(e.target.value as PlanKind)}>
            <ItemOptions items={KINDS} label={(k) => k.label} />
          </SelectField>
          <TextField
            label="Season’s total per member (£)"
            required
            inputMode="decimal"
            hint="In pounds, like 150.00"
            value={amount}
            error={errors.amount_pence}
            onChange={(e) => setAmount(e.target.value)}
          />
          {(kind === 'monthly' || kind === 'instalments') && (
            <TextField
              label={kind === 'monthly' ? 'Months' : 'Instalments'}
              required
              inputMode="numeric"
              value={count}
              error={errors.instalments}
              onChange={(e) => setCount(e.target.value)}
            />
          )}
          <TextField label="First due date" required type="date" value={first} error={errors.first_due_date} onChange={(e) => setFirst(e.target.value)} />
          <TextField
            label="Family discount (%)"
            inputMode="numeric"
            hint="Off the second and each later child with the same parent paying, in any team"
            value={discount}
            error={errors.sibling_discount_percent}
            onChange={(e) => setDiscount(e.target.value)}
          />
          <TextField
            label="Family cap (£, optional)"
            inputMode="decimal"
            hint="The most one family pays on this plan"
            value={cap}
            error={errors.family_cap_pence}
            onChange={(e) => setCap(e.target.value)}
          />
        </div>
        <Checkbox
          className="min-h-11"
          label="Prorate members who join part-way (otherwise they pay in full)"
          checked={prorate}
          onChange={(e) => setProrate(e.target.checked)}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : CREATE_PLAN}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
