import { useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, client, errorDetail, read, type Call } from '../../lib/api-client';
import { Button, buttonClass } from '../ui/button';
import { DataTable, type Column } from '../ui/data-table';
import { Dialog } from '../ui/dialog';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { Checkbox, SelectField, TextAreaField, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { ConfirmDialog } from './confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { SectionHeader } from './section';

/**
 * One list tab of the admin panel (products, players, fixtures, sponsors, news), driven by a
 * config: the table with its columns, Add, and per row Edit and Delete; one modal that creates
 * (POST) when new and updates (PUT) when editing; a confirmation before deleting. After each
 * change the route's loaders run again, so the list reloads.
 */

export type FieldType = 'text' | 'textarea' | 'number' | 'money' | 'select' | 'checkbox' | 'checkboxes' | 'date' | 'time' | 'url' | 'email' | 'list' | 'links';

export interface FieldConfig {
  name: string;
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

export interface ResourceConfig<Row extends { id: string }> {
  /** For toasts: '{resource} created successfully!'. */
  resource: string;
  title: string;
  description?: string;
  /** The API calls that add, change and delete one row, through the typed client (app/lib/api-client.ts). */
  calls: ResourceCalls;
  columns: Column<Row>[];
  fields: FieldConfig[];
  /** The row's name in buttons' accessible names: 'Edit Home Shirt'. */
  rowLabel: (row: Row) => string;
  /** Values of a new item's form. */
  defaults?: Record<string, FormValue>;
  empty: string;
  /** Whether this user may add and delete (both default to true): staff edit teams, only admins add or remove them. */
  canAdd?: boolean;
  canDelete?: boolean;
  /** Whether this user may edit (defaults to true): staff see the squad but do not edit it. */
  canEdit?: boolean;
  /** More actions for a row, shown before Edit and Delete (links to a player's stats, payments…). */
  rowActions?: (row: Row) => ReactNode;
}

/** An icon button of a row: 44 px square, so it is easy to tap on a phone card. */
const ROW_BUTTON = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg p-2';

/** The form's values as the API takes them (built by toPayload from the field config). */
export type Payload = Record<string, unknown>;

export interface ResourceCalls {
  create: (payload: Payload) => Call;
  update: (id: string, payload: Payload) => Call;
  remove: (id: string) => Call;
}

export type FormValue = string | boolean;
type FormValues = Record<string, FormValue>;

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

function optionsOf(field: FieldConfig) {
  return (field.options ?? []).map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
}

/** A row as form values: lists joined with ', ', numbers as text, missing values blank. */
export function toFormValues(fields: FieldConfig[], row: Record<string, unknown> | null, defaults: FormValues = {}): FormValues {
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
export function toPayload(fields: FieldConfig[], values: FormValues) {
  const payload: Payload = {};
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
  return { payload, errors };
}

/**
 * `filters` sits between the heading and the list (a search box); `empty` then replaces the
 * config's empty text (no match rather than no rows).
 */
export function ResourceTab<Row extends { id: string }>({
  config,
  rows,
  filters,
  empty,
}: {
  config: ResourceConfig<Row>;
  rows: Row[];
  filters?: ReactNode;
  empty?: string;
}) {
  const revalidator = useRevalidator();
  // null: closed; 'new': adding; a row: editing it.
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await read(config.calls.remove(deleting.id));
      toast.success(`${config.resource} deleted successfully!`);
      setDeleting(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Error deleting ${config.resource}: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<Row>[] = [
    ...config.columns,
    {
      header: <span className="sr-only">Actions</span>,
      className: 'w-px whitespace-nowrap',
      actions: true,
      cell: (row) => (
        <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap sm:justify-end">
          {config.rowActions?.(row)}
          {config.canEdit !== false && (
            <button
              type="button"
              className={`${ROW_BUTTON} text-brand-800 hover:bg-brand-50`}
              aria-label={`Edit ${config.rowLabel(row)}`}
              title="Edit"
              onClick={() => setEditing(row)}
            >
              <PencilIcon />
            </button>
          )}
          {config.canDelete !== false && (
            <button
              type="button"
              className={`${ROW_BUTTON} text-danger hover:bg-red-50`}
              aria-label={`Delete ${config.rowLabel(row)}`}
              title="Delete"
              onClick={() => setDeleting(row)}
            >
              <TrashIcon />
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section>
      <SectionHeader
        title={config.title}
        description={config.description}
        action={
          config.canAdd !== false && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon /> Add {config.resource}
            </Button>
          )
        }
      />
      {filters}
      <DataTable caption={config.title} columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty ?? config.empty} />

      <ResourceForm
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        config={config}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await revalidator.revalidate();
        }}
      />
      <ConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </section>
  );
}

function ResourceForm<Row extends { id: string }>({
  config,
  editing,
  onClose,
  onSaved,
}: {
  config: ResourceConfig<Row>;
  editing: Row | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const isNew = editing === 'new';
  const row = editing && editing !== 'new' ? editing : null;
  const [values, setValues] = useState<FormValues>(() => toFormValues(config.fields, row as Record<string, unknown> | null, config.defaults));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const set = (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value }));
  const fieldNames = config.fields.map((f) => f.name);
  const summary = summaryOf(fieldNames, { error: formError, fieldErrors });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { payload, errors } = toPayload(config.fields, values);
    setFieldErrors(errors);
    // The error summary lists them all and takes focus; each link moves to its field.
    if (Object.keys(errors).length > 0) {
      setFormError('Please fill in the required fields.');
      return;
    }
    setFormError('');
    setBusy(true);
    const verb = isNew ? 'creating' : 'updating';
    try {
      await read(isNew ? config.calls.create(payload) : config.calls.update(row!.id, payload));
      toast.success(`${config.resource} ${isNew ? 'created' : 'updated'} successfully!`);
      await onSaved();
    } catch (error) {
      const detail = errorDetail(error);
      setFormError(detail);
      if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
      toast.error(`Error ${verb} ${config.resource}: ${detail}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      size="lg"
      title={isNew ? `Add ${config.resource}` : `Edit ${row ? config.rowLabel(row) : config.resource}`}
      description="Fields marked * are required."
    >
      <form noValidate onSubmit={save} className="space-y-4">
        <ErrorSummary errors={summary.errors} order={fieldNames} message={summary.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          {config.fields.map((field) => (
            <FieldControl key={field.name} field={field} value={values[field.name]} error={summary.errors[field.name]} onChange={set} />
          ))}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : isNew ? `Create ${config.resource}` : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** "Upload image" beside an image field: stores the file and hands back its URL. */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const body = new FormData();
      body.set('file', file);
      // The route reads the multipart body itself (it checks the file's kind and size first).
      const saved = await read(client.uploads.$post(undefined, { init: { body } }));
      onUploaded(saved.url);
      toast.success('Image uploaded successfully!');
    } catch (e) {
      setError(errorDetail(e));
      toast.error(`Error uploading image: ${errorDetail(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2">
      <label className={buttonClass('secondary', 'sm', 'cursor-pointer focus-within:outline-3 focus-within:outline-gold-500')}>
        <input
          type="file"
          accept={IMAGE_TYPES}
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {busy ? 'Uploading…' : 'Upload image'}
        <span className="sr-only"> for {label}</span>
      </label>
      <span className="ml-2 text-xs text-muted">JPEG, PNG or WebP, at most 5 MB</span>
      {error && <p className="mt-1 text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}

function FieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldConfig;
  value: FormValue | undefined;
  error?: string;
  onChange: (name: string, value: FormValue) => void;
}) {
  const id = fieldId(field.name);
  const span = field.wide || field.type === 'textarea' || field.type === 'links' ? 'sm:col-span-2' : '';
  const common = { id, name: field.name, label: field.label, required: field.required, error, hint: field.hint, className: span };
  switch (field.type) {
    case 'checkbox':
      return <Checkbox id={id} name={field.name} label={field.label} className={`${span} sm:pt-7`} checked={Boolean(value)} onChange={(e) => onChange(field.name, e.target.checked)} />;
    case 'checkboxes': {
      const chosen = splitList(String(value ?? ''));
      const toggle = (option: string, on: boolean) => {
        const next = on ? [...chosen, option] : chosen.filter((v) => v !== option);
        // Keep the options' order, whatever order they were ticked in.
        onChange(field.name, optionsOf(field).map((o) => o.value).filter((v) => next.includes(v)).join(LIST_SEPARATOR));
      };
      const errorId = `${id}-error`;
      return (
        <fieldset id={id} tabIndex={-1} className={span} aria-describedby={error ? errorId : undefined}>
          <legend className="text-sm font-semibold text-ink">
            {field.label}
            {field.required && <span aria-hidden="true" className="text-danger"> *</span>}
          </legend>
          {field.hint && <p className="mt-1 text-xs text-muted">{field.hint}</p>}
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {optionsOf(field).map((option) => (
              <Checkbox
                key={option.value}
                id={`${id}-${option.value}`}
                name={field.name}
                value={option.value}
                label={option.label}
                className="min-h-11"
                checked={chosen.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
            ))}
          </div>
          {error && (
            <p id={errorId} className="mt-1 text-sm font-medium text-danger">
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    case 'textarea':
    case 'links':
      return <TextAreaField {...common} value={String(value ?? '')} onChange={(e) => onChange(field.name, e.target.value)} />;
    case 'select':
      return (
        <SelectField {...common} value={String(value ?? '')} onChange={(e) => onChange(field.name, e.target.value)}>
          {optionsOf(field).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    default: {
      if (field.upload) {
        const { upload: _upload, ...plain } = field;
        const append = field.type === 'list';
        return (
          <div className={span}>
            <FieldControl field={{ ...plain, wide: false }} value={value} error={error} onChange={onChange} />
            <ImageUpload
              label={field.label}
              onUploaded={(url) => {
                const current = String(value ?? '').trim();
                onChange(field.name, append && current ? `${current}, ${url}` : url);
              }}
            />
          </div>
        );
      }
      const inputType = { number: 'number', money: 'number', date: 'date', time: 'time', url: 'url', email: 'email' }[field.type as string] ?? 'text';
      return (
        <TextField
          {...common}
          type={inputType}
          inputMode={field.type === 'money' ? 'decimal' : field.type === 'number' ? 'numeric' : undefined}
          step={field.type === 'money' ? '0.01' : field.type === 'number' ? '1' : undefined}
          min={field.min}
          max={field.max}
          value={String(value ?? '')}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      );
    }
  }
}
