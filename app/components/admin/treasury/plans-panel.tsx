import { useState } from 'react';
import { PLAN_KIND_LABELS } from '../../../../shared/treasury';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { Panel } from '../section';
import { treasuryApi, type ChargesCreated, type Plan } from './api';
import { TeamBoxes, type TeamChoice } from './charge-panel';
import { ChargeResult } from './charge-result';
import { day, pounds } from './format';

export const CHARGE_PLAN = 'Charge to teams…';
export const CHARGE_PLAN_NOW = 'Charge this plan';

/** The plan in words: "£150.00 a season in 3 termly charges from 01/09/2026; 10 % off the second and later child". */
export function planSummary(plan: Plan) {
  const split =
    plan.kind === 'annual'
      ? 'in one charge'
      : plan.kind === 'termly'
        ? 'in 3 termly charges (autumn, spring, summer)'
        : `in ${plan.instalments} ${plan.kind === 'monthly' ? 'monthly charges' : 'instalments'}`;
  const rules = [
    plan.sibling_discount_percent > 0 ? `family discount ${plan.sibling_discount_percent}% off the second and each later child` : 'no family discount',
    plan.family_cap_pence !== null ? `family cap ${pounds(plan.family_cap_pence)}` : null,
    plan.prorate_joiners ? 'joiners prorated' : 'joiners pay in full',
  ].filter(Boolean);
  return `${pounds(plan.amount_pence)} a season ${split}, from ${day(plan.first_due_date)}; ${rules.join('; ')}.`;
}

function PlanCharger({ plan, teams, onCharged }: { plan: Plan; teams: TeamChoice[]; onCharged: () => void }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(plan.team_id ? [plan.team_id] : []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChargesCreated | null>(null);

  async function charge() {
    if (chosen.length === 0) {
      setError('Choose at least one team');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const answer = await treasuryApi.chargePlan(plan.id, { team_ids: chosen });
      setResult(answer);
      toast.success(answer.created === 1 ? '1 charge made' : `${answer.created} charges made`);
      onCharged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.length > 0) setError(caught.errors[0].message);
      else toast.error(`Error charging the plan: ${errorDetail(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {CHARGE_PLAN}
        <span className="sr-only"> ({plan.name})</span>
      </Button>
    );
  return (
    <div className="mt-2 grid gap-3 rounded-xl bg-surface p-3">
      <TeamBoxes teams={teams} chosen={chosen} onChange={setChosen} error={error || undefined} legend={`Teams to charge “${plan.name}” to`} />
      <p className="text-sm text-muted">
        Every current player of these teams is charged once. Charging again later adds only what is missing; the family discount counts children already charged.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void charge()} disabled={busy}>
          {busy ? 'Charging…' : CHARGE_PLAN_NOW}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
          Close
        </Button>
      </div>
      {result && <ChargeResult result={result} label={`Charges made for ${plan.name}`} />}
    </div>
  );
}

/** The club's payment plans, each charged to one or several teams from here. */
export function PlansPanel({ plans, teams, onCharged }: { plans: Plan[]; teams: TeamChoice[]; onCharged: () => void }) {
  return (
    <Panel title={`Plans (${plans.length})`}>
      {plans.length === 0 ? (
        <p className="text-muted">No plans yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Plans">
          {plans.map((plan) => (
            <li key={plan.id} className="grid gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  {plan.name} <span className="text-sm font-normal text-muted">· {PLAN_KIND_LABELS[plan.kind]} · season {plan.season}</span>
                </p>
                <p className="break-words text-sm text-ink">{planSummary(plan)}</p>
              </div>
              <div>
                <PlanCharger plan={plan} teams={teams} onCharged={onCharged} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
