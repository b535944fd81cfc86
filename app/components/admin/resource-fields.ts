/** The field config of an admin list tab and the conversions between a row, the form's values and the API's payload. */

export type FieldType = 'text' | 'textarea' | 'number' | 'money' | 'select' | 'checkbox' | 'checkboxes' | 'date' | 'time' | 'url' | 'email' | 'list' | 'links';

/** One field of a form; `Name` is one of the API input's fields when the list is declared with fieldsFor. */
export interface FieldConfig<Name extends string = string> {
  name: Name;
  label: string;
  type: FieldType;
  required?: boolean;
  /** For selects and checkbox groups: the values (shown as they are) or value/label pairs. */
  options?: readonly string[] | readonly { value: string; label: string }[];
  hint?: string;
  min?: number;
  max?: number;
  /** A select whose values are numbers (sent as numbers). */
  numeric?: boolean;
  /** Takes the full width of the form grid (long text). */
  wide?: boolean;
  /** An image field: offer an upload (POST /api/uploads) besides typing a URL; lists get the URL appended. */
  upload?: boolean;
}

/** The value of a select: its options' values (an option '' stands for none, sent as null). */
type OptionValue<F> = F extends { options: readonly (infer O)[] } ? Exclude<O extends { value: infer V } ? V : O, ''> : string;

/** What toPayload sends for a filled-in field of each type. */
type Filled<F extends FieldConfig> = F['type'] extends 'checkbox'
  ? boolean
  : F['type'] extends 'checkboxes' | 'list'
    ? string[]
    : F['type'] extends 'links'
      ? Record<string, string>
      : F['type'] extends 'number' | 'money'
        ? number
        : F['type'] extends 'select'
          ? F extends { numeric: true }
            ? number
            : OptionValue<F>
          : string;

/** A field's value in the payload: an optional field left blank is null, except ticks, lists and links (false, [] and {}). */
type ValueOf<F extends FieldConfig> = F['type'] extends 'checkbox' | 'checkboxes' | 'list' | 'links' ? Filled<F> : F extends { required: true } ? Filled<F> : Filled<F> | null;

/**
 * The JSON body toPayload builds from a field list, typed field by field. A resource's calls take it
 * and hand it to the typed client as it is (no cast), so the API input's own type checks every field.
 */
export type PayloadOf<Fields extends readonly FieldConfig[]> = { [F in Fields[number] as F['name']]: ValueOf<F> };

/**
 * A form's field list declared against the API input it fills:
 * `fieldsFor<JsonOf<typeof client.teams.$post>>()([...])`. Each name must be one of the input's
 * fields and the list keeps its literal types (for PayloadOf), so renaming or retyping an input
 * field in shared/ fails the typecheck at the admin form.
 */
export const fieldsFor =
  <Input>() =>
  <const Fields extends readonly FieldConfig<keyof Input & string>[]>(fields: Fields): Fields =>
    fields;

/** Values of a new item's form, by field name. */
export type FormDefaults<Fields extends readonly FieldConfig[]> = Partial<Record<Fields[number]['name'], FormValue>>;

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

export const LIST_SEPARATOR = ',';

/** Comma-separated text as a list: split, trimmed, blanks dropped. */
export const splitList = (text: string) =>
  text
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

export const requiredMessage = (label: string) => `${label} is required`;

/** Named links (e.g. a player's social media), one "Name: https://…" per line. */
const LINK_LINE = /^\s*([^:]+?)\s*:\s*(https?:\/\/\S+)\s*$/i;
export const LINKS_HINT = 'One per line, e.g. Instagram: https://instagram.com/name';

export function parseLinks(text: string): Record<string, string> | null {
  const links: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const match = LINK_LINE.exec(line);
    if (!match) return null;
    links[match[1]] = match[2];
  }
  return links;
}

export const formatLinks = (links: unknown) =>
  links && typeof links === 'object' ? Object.entries(links as Record<string, string>).map(([name, url]) => `${name}: ${url}`).join('\n') : '';

/** A field's options as value/label pairs. */
export function optionsOf(field: FieldConfig) {
  return (field.options ?? []).map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
}

/** A row as form values: lists joined with ', ', numbers as text, missing values blank. */
export function toFormValues(fields: readonly FieldConfig[], row: Record<string, unknown> | null, defaults: Partial<FormValues> = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row ? row[field.name] : defaults[field.name];
    if (field.type === 'checkbox') values[field.name] = Boolean(value ?? defaults[field.name] ?? false);
    else if (field.type === 'list') values[field.name] = Array.isArray(value) ? value.join(', ') : String(value ?? '');
    // A checkbox group keeps its chosen values as one comma-separated string (values are ids, no commas).
    else if (field.type === 'checkboxes') values[field.name] = Array.isArray(value) ? value.join(LIST_SEPARATOR) : String(value ?? '');
    else if (field.type === 'links') values[field.name] = formatLinks(value);
    else if (field.type === 'time') values[field.name] = typeof value === 'string' ? value.slice(0, 5) : '';
    else values[field.name] = value === null || value === undefined ? (field.type === 'select' ? optionsOf(field)[0]?.value ?? '' : '') : String(value);
  }
  return values;
}

/**
 * Form values as the JSON body: numbers as numbers, lists as lists, booleans as booleans,
 * text trimmed; an optional field left blank is sent as null. Required blanks and bad numbers
 * come back as field errors instead.
 */
export function toPayload<const Fields extends readonly FieldConfig[]>(fields: Fields, values: FormValues): { payload: PayloadOf<Fields>; errors: Record<string, string> } {
  const payload: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.type === 'checkbox') {
      payload[field.name] = Boolean(raw);
      continue;
    }
    if (field.type === 'checkboxes') {
      const chosen = splitList(String(raw ?? ''));
      if (chosen.length === 0 && field.required) errors[field.name] = `Choose at least one ${field.label.toLowerCase().replace(/s$/, '')}`;
      payload[field.name] = chosen;
      continue;
    }
    const text = String(raw ?? '').trim();
    if (!text) {
      if (field.required) errors[field.name] = requiredMessage(field.label);
      else payload[field.name] = field.type === 'list' ? [] : field.type === 'links' ? {} : null;
      continue;
    }
    if (field.type === 'number' || field.type === 'money') {
      const number = Number(text);
      if (!Number.isFinite(number)) errors[field.name] = `${field.label} must be a number`;
      else if (field.type === 'number' && !Number.isInteger(number)) errors[field.name] = `${field.label} must be a whole number`;
      else if (field.min !== undefined && number < field.min) errors[field.name] = `${field.label} must be at least ${field.min}`;
      else if (field.max !== undefined && number > field.max) errors[field.name] = `${field.label} must be at most ${field.max}`;
      else payload[field.name] = field.type === 'money' ? Math.round(number * 100) / 100 : number;
    } else if (field.type === 'select' && field.numeric) {
      payload[field.name] = Number(text);
    } else if (field.type === 'links') {
      const links = parseLinks(text);
      if (links) payload[field.name] = links;
      else errors[field.name] = `Write each link on its own line as Name: https://…`;
    } else if (field.type === 'list') {
      const list = splitList(text);
      if (list.length === 0 && field.required) errors[field.name] = requiredMessage(field.label);
      payload[field.name] = list;
    } else {
      payload[field.name] = text;
    }
  }
  // The one place the payload's type is stated: the branches above send what PayloadOf says for each
  // field type (pinned by resource-tab.test.ts); every caller then gets the type from its field list.
  return { payload: payload as PayloadOf<Fields>, errors };
}
