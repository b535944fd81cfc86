import { todayIso } from '../../shared/players';
import { SelectField, TextAreaField, TextField } from './ui/field';
import type { formFields } from './ui/form-fields';
import { ItemOptions } from './ui/options';

/** The request's fields in page order, for the action and the error summary. */
export const PARENT_REQUEST_FIELDS = ['child_name', 'child_date_of_birth', 'relationship', 'team_id', 'message'] as const;

/**
 * "I am a parent or carer": the child a parent or carer asks the club to link them to, on the
 * registration page and in the Players' Area. `field` is the form's `formFields(…)`.
 */
export function ParentRequestFields({ field, teams }: { field: ReturnType<typeof formFields>; teams: ReadonlyArray<{ id: string | number; name: string }> }) {
  return (
    <>
      <TextField label="Your child’s full name" required {...field('child_name')} />
      <TextField label="Your child’s date of birth" type="date" max={todayIso()} required {...field('child_date_of_birth')} />
      <TextField label="Your relationship to them" hint="For example mother, father, grandparent, carer" required {...field('relationship')} />
      <SelectField label="Their team (if you know it)" {...field('team_id')}>
        <ItemOptions items={teams} label={(t) => t.name} placeholder="Not sure" />
      </SelectField>
      <TextAreaField label="Anything the club should know (optional)" rows={3} {...field('message')} />
    </>
  );
}

/** One child's fields on the register page's "I am a parent or carer" (issue 31: as many children as they have). */
export const CHILD_ROW_FIELDS = ['child_name', 'child_date_of_birth', 'team_id'] as const;

/** The fields of the `index`th child: named "child_name_0", "child_date_of_birth_0", "team_id_0". */
export function ChildRow({ index, field, teams }: { index: number; field: ReturnType<typeof formFields>; teams: ReadonlyArray<{ id: string | number; name: string }> }) {
  return (
    <>
      <TextField label="Child’s full name" required {...field(`child_name_${index}`)} />
      <TextField label="Child’s date of birth" type="date" max={todayIso()} required {...field(`child_date_of_birth_${index}`)} />
      <SelectField label="Their team (if you know it)" {...field(`team_id_${index}`)}>
        <ItemOptions items={teams} label={(t) => t.name} placeholder="Not sure" />
      </SelectField>
    </>
  );
}
