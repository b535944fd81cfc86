import { useState } from 'react';
import { CHARGE_CATEGORY_LABELS } from '../../../../shared/treasury';
import { buttonClass } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { ItemOptions } from '../../ui/options';
import { Panel } from '../section';
import { exportHref, type Arrears } from './api';
import type { TeamChoice } from './charge-panel';
import { day, pounds } from './format';

export const DOWNLOAD_EXPORT = 'Download the ledger (CSV)';
const CATEGORIES = Object.entries(CHARGE_CATEGORY_LABELS).map(([id, label]) => ({ id, label }));
type Buckets = Arrears['buckets'];

/** "£20.00 up to 30 days · £5.00 31 to 60 days overdue": the ages that hold money. */
function bucketWords(b: Buckets) {
  const parts = [
    b['0-30'] ? `${pounds(b['0-30'])} up to 30 days` : null,
    b['31-60'] ? `${pounds(b['31-60'])} 31 to 60 days` : null,
    b['60+'] ? `${pounds(b['60+'])} over 60 days` : null,
  ].filter(Boolean);
  return parts.length ? `${parts.join(' · ')} overdue` : '';
}

function ArrearsList({ label, rows }: { label: string; rows: { key: string; name: string; extra?: string | null; total: number; buckets: Buckets }[] }) {
  return rows.length === 0 ? null : (
    <ul aria-label={label} className="divide-y divide-line">
      {rows.map((row) => (
        <li key={row.key} className="py-2">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold">
              {row.name}
              {row.extra && <span className="ml-2 text-sm font-normal text-muted">{row.extra}</span>}
            </span>
            <span className="tabular-nums font-semibold">{pounds(row.total)}</span>
          </p>
          <p className="break-words text-sm text-muted">{bucketWords(row.buckets)}</p>
        </li>
      ))}
    </ul>
  );
}

/** What is due and unpaid today, by how long overdue, by team and by payer. */
export function ArrearsPanel({ arrears }: { arrears: Arrears }) {
  return (
    <Panel title="Arrears">
      <p className="text-lg">
        <span className="font-bold tabular-nums">{pounds(arrears.total_pence)}</span> overdue on {day(arrears.as_of)}
      </p>
      <p className="text-sm text-muted">{bucketWords(arrears.buckets)}</p>
      {arrears.total_pence === 0 ? (
        <p className="mt-3 text-muted">Nothing is overdue.</p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <section>
            <h4 className="font-bold">By team</h4>
            <ArrearsList
              label="Arrears by team"
              rows={arrears.teams.map((t) => ({ key: t.team_id ?? 'none', name: t.team_name, total: t.total_pence, buckets: t.buckets }))}
            />
          </section>
          <section>
            <h4 className="font-bold">By payer</h4>
            <ArrearsList
              label="Arrears by payer"
              rows={arrears.payers.map((p) => ({ key: p.payer_id ?? p.payer_name, name: p.payer_name, extra: p.reference, total: p.total_pence, buckets: p.buckets }))}
            />
          </section>
        </div>
      )}
    </Panel>
  );
}

/** The ledger as CSV for the AGM and the club's accounts: all of it, or one category, team or season. */
export function ExportPanel({ teams }: { teams: TeamChoice[] }) {
  const [category, setCategory] = useState('');
  const [team, setTeam] = useState('');
  const [season, setSeason] = useState('');
  const seasonOk = season === '' || /^\d{4}-\d{2}$/.test(season.trim());
  return (
    <Panel title="Export">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <ItemOptions items={CATEGORIES} label={(c) => c.label} placeholder="Every category" />
        </SelectField>
        <SelectField label="Team" value={team} onChange={(e) => setTeam(e.target.value)}>
          <ItemOptions items={teams} label={(t) => t.name} placeholder="Every team" />
        </SelectField>
        <TextField
          label="Season"
          hint="Like 2026-27; empty for every season"
          value={season}
          error={seasonOk ? undefined : 'Write the season like 2026-27'}
          onChange={(e) => setSeason(e.target.value)}
        />
      </div>
      <p className="mt-3 text-sm text-muted">One row per ledger entry, then the totals of charges, payments, credits and reversals, which add up to the balance.</p>
      <a
        className={buttonClass('primary', 'md', 'mt-3')}
        href={exportHref({ category, team, season: seasonOk ? season.trim() : '' })}
        download="club-ledger.csv"
      >
        {DOWNLOAD_EXPORT}
      </a>
    </Panel>
  );
}
