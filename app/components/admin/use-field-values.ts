import { useState } from 'react';

/**
 * A form's values kept in React state, with `set(name)`: the change handler that copies a
 * control's value into that field (what `boundFields` wants as its `set`).
 */
export function useFieldValues<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState(initial);
  const set = (name: keyof V & string) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  return [values, setValues, set] as const;
}
