import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ACCESS_CHANGE_LABELS } from '../../../shared/access';
import type { LoginSummary, LoginsOverview } from '../../../shared/contracts/access';
import { formatDateTime } from '../../../shared/dates';
import { client, read } from '../../lib/api-client';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';
import { ItemOptions } from '../ui/options';
import { toast } from '../ui/toast';
import { ReasonDialog } from './reason-dialog';
import { Badge, Panel } from './section';

export const SWITCH_OFF_EXPLAINED =
  'They are signed out everywhere at once and cannot sign in, reset their password or confirm an address until an admin or the welfare officer switches the login on again. The reason is kept.';
export const SWITCH_ON_EXPLAINED = 'They can sign in again with their password. The reason is kept.';
const KIND_LABELS = { member: 'Member', parent_or_carer: 'Parent or carer' } as const;

/**
 * Logins switched off and on by the club (issue 30), for admins and the welfare officer: any
 * login, a parent's or carer's too, each with a reason; and the record of who did what, when and why.
 */
export function LoginsPanel({ overview, me }: { overview: LoginsOverview; me: string }) {
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState('');
  const [chooseError, setChooseError] = useState('');
  const [asking, setAsking] = useState<{ login: LoginSummary; direction: 'off' | 'on' } | null>(null);
  const working = overview.logins.filter((l) => !l.switched_off_at && l.user_id !== me);
  const off = overview.logins.filter((l) => l.switched_off_at);

  function askOff() {
    const login = working.find((l) => l.user_id === chosen);
    if (!login) return setChooseError('Choose a login');
    setChooseError('');
    setAsking({ login, direction: 'off' });
  }

  return (
    <Panel title="Logins">
      <div className="space-y-6">
        <div className="space-y-3">
          <SelectField
            id="switch-off-login"
            label="Switch off a login"
            hint="Anyone’s, a parent’s or carer’s too. For a member who left, use “Left the club” on their record."
            value={chosen}
            error={chooseError || undefined}
            onChange={(event) => {
              setChosen(event.target.value);
              setChooseError('');
            }}
          >
            <ItemOptions
              items={working.map((l) => ({ id: l.user_id, l }))}
              label={({ l }) => `${l.full_name} (${l.username}, ${KIND_LABELS[l.kind].toLowerCase()})`}
              placeholder="Choose a login"
            />
          </SelectField>
          <Button variant="danger" onClick={askOff}>
            Switch off login…
          </Button>
        </div>

        <div>
          <h4 className="mb-2 font-bold">Switched off</h4>
          {off.length === 0 ? (
            <p className="text-sm text-muted">No login is switched off.</p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Logins switched off">
              {off.map((l) => (
                <li key={l.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 break-words">
                    <p className="font-semibold">
                      {l.full_name} <Badge>{KIND_LABELS[l.kind]}</Badge>
                    </p>
                    <p className="text-sm text-muted">
                      {l.username} · since {formatDateTime(l.switched_off_at!)}
                      {l.left_club && ' · left the club: “Back in the club” on their record switches it on'}
                    </p>
                  </div>
                  {!l.left_club && (
                    <Button variant="secondary" onClick={() => setAsking({ login: l, direction: 'on' })} aria-label={`Switch on ${l.full_name}’s login`}>
                      Switch on
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <h4 className="mb-2 font-bold">Record of changes</h4>
          {overview.changes.length === 0 ? (
            <p className="text-sm text-muted">Nothing yet.</p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Record of access changes">
              {overview.changes.map((c) => (
                <li key={c.id} className="py-3 text-sm break-words">
                  <p>
                    <span className="font-semibold">{ACCESS_CHANGE_LABELS[c.action]}:</span> {c.subject_name}
                    {c.child_name && ` for ${c.child_name}`}
                  </p>
                  <p className="text-muted">
                    By {c.by_name}, {formatDateTime(c.at)}. Why: {c.reason}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {asking && (
        <ReasonDialog
          open
          id="switch-login"
          title={asking.direction === 'off' ? `Switch off ${asking.login.full_name}’s login?` : `Switch on ${asking.login.full_name}’s login?`}
          message={asking.direction === 'off' ? SWITCH_OFF_EXPLAINED : SWITCH_ON_EXPLAINED}
          confirmLabel={asking.direction === 'off' ? 'Switch off' : 'Switch on'}
          tone={asking.direction === 'off' ? 'danger' : 'primary'}
          act={async (reason) => {
            const param = { id: asking.login.user_id };
            if (asking.direction === 'off') await read(client.admin.logins[':id']['switch-off'].$post({ param, json: { reason } }));
            else await read(client.admin.logins[':id']['switch-on'].$post({ param, json: { reason } }));
          }}
          onDone={() => {
            toast.success(`${asking.login.full_name}’s login is switched ${asking.direction}.`);
            setAsking(null);
            setChosen('');
            void revalidator.revalidate();
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </Panel>
  );
}
