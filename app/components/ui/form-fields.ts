import { fieldId } from './error-summary';

type Errors = Record<string, string | undefined> | null | undefined;

/**
 * The props that tie a server-rendered form's control to its name, the value last sent and its
 * error, so a field reads `<TextField label="…" required {...field('relationship')} />`. The id
 * is the one the error summary links to (`fieldId`).
 */
export function formFields(values: Record<string, unknown> | null | undefined, errors: Errors, scope = 'field') {
  return (name: string) => ({
    id: fieldId(name, scope),
    name,
    defaultValue: String(values?.[name] ?? ''),
    error: errors?.[name],
  });
}

/**
 * The same for a form whose values live in React state: `value` and `onChange` instead of
 * `defaultValue`. `set(name)` is the form's own change handler for that field.
 */
export function boundFields<V extends Record<string, unknown>>(
  values: V,
  errors: Errors,
  set: (name: keyof V & string) => (event: { target: { value: string } }) => void,
  scope = 'field',
) {
  return (name: keyof V & string) => ({
    id: fieldId(name, scope),
    name,
    value: String(values[name] ?? ''),
    error: errors?.[name],
    onChange: set(name),
  });
}
