import { useState, type FormEvent } from 'react';
import { CHARGE_CATEGORY_LABELS, type ChargeCategory } from '../../../../shared/treasury';
import { Button } from '../../ui/button';
import { Checkbox, SelectField, TextField } from '../../ui/field';
import { ItemOptions } from '../../ui/options';
import { toast } from '../../ui/toast';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { Panel } from '../section';
import { treasuryApi, type ChargesCreated } from './api';
import { ChargeResult } from './charge-result';
import { AMOUNT_HINT, penceFrom, todayIso } from './format';

export interface TeamChoice {
  id: string;
  name: string;
}
export interface MemberChoice {
  id: string;
  full_name: string;
  team_type?: string | null;
}

export const CHARGE_BUTTON = 'Charge';
const CATEGORIES = Object.entries(CHARGE_CATEGORY_LABELS).map(([id, label]) => ({ id: id as ChargeCategory, label }));

/** Team checkboxes: "Teams" with one box per team. */
export function TeamBoxes({
  teams,
  chosen,
  onChange,
  error,
  legend = 'Teams',
}: {
  teams: TeamChoice[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  legend?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-ink">
        {legend}
        <span className="text-danger" aria-hidden="true">
          {' '}*
        </span>
      </legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {teams.map((team) => (
          <Checkbox
            key={team.id}
            className="min-h-11"
            label={team.name}
            checked={chosen.includes(team.id)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, team.id] : chosen.filter((id) => id !== team.id))}
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm font-medium text-danger">{error}</p>}
    </fieldset>
  );
}

/**
 * Charge one member, or every current player of one or more teams (a player in two of them is
 * charged once): each charge goes to the member's payer (a junior's parent), who is mailed.
 */
export function ChargePanel({ teams, members, onCharged }: { teams: TeamChoice[]; members: MemberChoice[]; onCharged: () => void }) {
  const [who, setWho] = useState<'member' | 'teams'>('teams');
  const [memberId, setMemberId] = useState('');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [category, setCategory] = useState<ChargeCategory>('kit');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [due, setDue] = useState(todayIso());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChargesCreated | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const pence = penceFrom(amount);
    if (who === 'member' && !memberId) found.member_id = 'Choose the member to charge';
    if (who === 'teams' && teamIds.length === 0) found.team_ids = 'Choose at least one team';
    if (!description.trim()) found.description = 'Say what the charge is for';
    if (pence === null) found.amount_pence = 'Enter an amount in pounds, like 45.00';
    if (!due) found.due_date = 'Choose when it is due';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const base = { category, description: description.trim(), amount_pence: pence!, due_date: due };
      const answer = await treasuryApi.charge(who === 'member' ? { ...base, member_id: memberId } : { ...base, team_ids: teamIds });
      setResult(answer);
      toast.success(answer.created === 1 ? '1 charge made' : `${answer.created} charges made`);
      onCharged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.length > 0) setErrors(caught.fieldErrors);
      else toast.error(`Error charging: ${errorDetail(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Charge members">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Charge members">
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-ink">Who pays</legend>
          <div className="flex flex-wrap gap-x-6">
            {(
              [
                ['teams', 'Whole teams'],
                ['member', 'One member'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="charge-who" className="size-5 accent-brand-800" checked={who === value} onChange={() => setWho(value)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {who === 'member' ? (
          <SelectField label="Member" required value={memberId} error={errors.member_id} onChange={(e) => setMemberId(e.target.value)}>
            <ItemOptions items={members} label={(m) => (m.team_type ? `${m.full_name} (${m.team_type})` : m.full_name)} placeholder="Choose a member" />
          </SelectField>
        ) : (
          <TeamBoxes teams={teams} chosen={teamIds} onChange={setTeamIds} error={errors.team_ids ?? errors.team_id} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Category" required value={category} onChange={(e) => setCategory(e.target.value as ChargeCategory)}>
            <ItemOptions items={CATEGORIES} label={(c) => c.label} />
          </SelectField>
          <TextField label="What for" required maxLength={200} value={description} error={errors.description} onChange={(e) => setDescription(e.target.value)} />
          <TextField
            label="Amount (£)"
            required
            inputMode="decimal"
            hint={AMOUNT_HINT}
            value={amount}
            error={errors.amount_pence}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextField label="Due date" required type="date" value={due} error={errors.due_date} onChange={(e) => setDue(e.target.value)} />
        </div>
        <p className="text-sm text-muted">A junior’s charge goes to their parent or carer. Each payer is e-mailed with their reference and the club’s bank details.</p>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Charging…' : CHARGE_BUTTON}
          </Button>
        </div>
      </form>
      {result && <ChargeResult result={result} label="Charges made" />}
    </Panel>
  );
}
