import { PREFERRED_POSITIONS } from '../../shared/players';
import { fieldId } from './ui/error-summary';
import { SelectField } from './ui/field';

/** The "Preferred position" select of a player's own forms (sign-up and profile). */
export function PositionSelect({ defaultValue, required, error }: { defaultValue: string; required?: boolean; error: string | undefined }) {
  return (
    <SelectField id={fieldId('position_preference')} label="Preferred position" name="position_preference" required={required} defaultValue={defaultValue} error={error}>
      <option value="">Select a position</option>
      {PREFERRED_POSITIONS.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </SelectField>
  );
}
