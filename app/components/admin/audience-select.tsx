import { SelectField } from '../ui/field';
import type { AdminPlayer as Player } from '../../../shared/contracts/players';

export const ALL_PLAYERS = '';

/** "All players" or one player: who a document or message is for. */
export function AudienceSelect({
  players,
  value,
  onChange,
  label = 'Send to',
  id,
}: {
  players: Player[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** For the form's error summary to link to (fieldId('player_id')). */
  id?: string;
}) {
  const withLogin = players.filter((p) => p.user_id);
  const without = players.filter((p) => !p.user_id);
  return (
    <SelectField id={id} label={label} name="player_id" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value={ALL_PLAYERS}>All players</option>
      {withLogin.length > 0 && (
        <optgroup label="Players with a login">
          {withLogin.map((p) => (
            <option key={p.id} value={p.id}>
              {p.full_name}
            </option>
          ))}
        </optgroup>
      )}
      {without.length > 0 && (
        <optgroup label="No login yet (they see it once they have one)">
          {without.map((p) => (
            <option key={p.id} value={p.id}>
              {p.full_name}
            </option>
          ))}
        </optgroup>
      )}
    </SelectField>
  );
}

export const audienceName = (players: Player[], playerId: string | null) =>
  playerId ? (players.find((p) => p.id === playerId)?.full_name ?? 'One player') : 'All players';
