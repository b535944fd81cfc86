import type { ComponentProps, ReactNode } from 'react';
import { SelectField } from '../ui/field';
import { ItemOptions } from '../ui/options';

type PersonSelectProps<P> = Omit<ComponentProps<typeof SelectField>, 'label' | 'required' | 'children'> & {
  people: readonly P[];
  /** The value the form sends for a person (their player or user id). */
  idOf: (person: P) => string;
  /** How a person is shown; their full name unless given. */
  describe?: (person: P) => ReactNode;
};

/** The required "Person" select of the roles and safeguarding forms: "Choose a person", then one option per person. */
export function PersonSelect<P extends { full_name: string }>({ people, idOf, describe = (person) => person.full_name, ...field }: PersonSelectProps<P>) {
  return (
    <SelectField label="Person" required {...field}>
      <ItemOptions items={people.map((person) => ({ id: idOf(person), person }))} label={({ person }) => describe(person)} placeholder="Choose a person" />
    </SelectField>
  );
}
