import { useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, errorDetail, read, type Call } from '../../lib/api-client';
import { Button } from '../ui/button';
import { DataTable, type Column } from '../ui/data-table';
import { Dialog } from '../ui/dialog';
import { ErrorSummary, summaryOf } from '../ui/error-summary';
import { toast } from '../ui/toast';
import { ConfirmDialog } from './confirm-dialog';
import { DialogActions } from './dialog-actions';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { FieldControl } from './resource-field-control';
import { toFormValues, toPayload, type FieldConfig, type FormDefaults, type FormValue, type FormValues, type PayloadOf } from './resource-fields';
import { SectionHeader } from './section';

export { IMAGE_TYPES, ImageUpload } from './resource-field-control';
export {
  fieldsFor,
  formatLinks,
  LINKS_HINT,
  LIST_SEPARATOR,
  parseLinks,
  requiredMessage,
  splitList,
  toFormValues,
  toPayload,
  type FieldConfig,
  type FieldType,
  type FormValue,
  type PayloadOf,
} from './resource-fields';

/**
 * One list tab of the admin panel (products, players, fixtures, sponsors, news), driven by a
 * config: the table with its columns, Add, and per row Edit and Delete; one modal that creates
 * (POST) when new and updates (PUT) when editing; a confirmation before deleting. After each
 * change the route's loaders run again, so the list reloads.
 *
 * `Fields` is the type of the field list (declared with fieldsFor against the API's input): the
 * calls take the payload it builds (PayloadOf<Fields>) and pass it to the typed client without a cast.
 */

export interface ResourceConfig<Row extends { id: string }, Fields extends readonly FieldConfig[]> {
  /** For toasts: '{resource} created successfully!'. */
  resource: string;
  title: string;
  description?: string;
  /** The API calls that add, change and delete one row, through the typed client (app/lib/api-client.ts). */
  calls: ResourceCalls<PayloadOf<Fields>>;
  columns: Column<Row>[];
  fields: Fields;
  /** The row's name in buttons' accessible names: 'Edit Home Shirt'. */
  rowLabel: (row: Row) => string;
  /** Values of a new item's form. */
  defaults?: FormDefaults<Fields>;
  empty: string;
  /** Whether this user may add and delete (both default to true): staff edit teams, only admins add or remove them. */
  canAdd?: boolean;
  canDelete?: boolean;
  /** Whether this user may edit (defaults to true): staff see the squad but do not edit it. */
  canEdit?: boolean;
  /** More actions for a row, shown before Edit and Delete (links to a player's stats, payments…). */
  rowActions?: (row: Row) => ReactNode;
  /**
   * The delete confirmation for a row, when the generic question is not enough: a player's names
   * the person and lists what goes (issue 21). `details` is rendered inside the dialog and may load.
   */
  deleteConfirmation?: (row: Row) => { title: string; message: string; details?: ReactNode; confirmLabel?: string };
}

/**
 * A list tab's config declared against the API input its form fills:
 * `resourceFor<Team, JsonOf<typeof client.teams.$post>>()({ ... })`. Each field's name must be one of
 * the input's fields, and the calls get the payload the field list builds (PayloadOf), which they pass
 * to the typed client as it is: renaming or retyping an input field in shared/ fails the typecheck here.
 */
export const resourceFor =
  <Row extends { id: string }, Input>() =>
  <const Fields extends readonly FieldConfig<keyof Input & string>[]>(config: ResourceConfig<Row, Fields>): ResourceConfig<Row, Fields> =>
    config;

/** An icon button of a row: 44 px square, so it is easy to tap on a phone card. */
const ROW_BUTTON = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg p-2';

/** An edit also sends back the row's version when it has one (issue 22). */
export type Versioned<Payload> = Payload & { version?: string };

export interface ResourceCalls<Payload> {
  create: (payload: Payload) => Call;
  update: (id: string, payload: Versioned<Payload>) => Call;
  remove: (id: string) => Call;
}

/**
 * `filters` sits between the heading and the list (a search box); `empty` then replaces the
 * config's empty text (no match rather than no rows).
 */
export function ResourceTab<Row extends { id: string }, Fields extends readonly FieldConfig[]>({
  config,
  rows,
  filters,
  empty,
}: {
  config: ResourceConfig<Row, Fields>;
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
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        {...(deleting && config.deleteConfirmation ? confirmationProps(config.deleteConfirmation(deleting)) : {})}
      />
    </section>
  );
}

function confirmationProps({ details, ...rest }: ReturnType<NonNullable<ResourceConfig<{ id: string }, readonly FieldConfig[]>['deleteConfirmation']>>) {
  return { ...rest, children: details };
}

function ResourceForm<Row extends { id: string }, Fields extends readonly FieldConfig[]>({
  config,
  editing,
  onClose,
  onSaved,
}: {
  config: ResourceConfig<Row, Fields>;
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
      // A row that carries its version sends it back: a save made after someone else's is refused, naming them (issue 22).
      const rowVersion = row ? (row as { version?: unknown }).version : undefined;
      const version = !isNew && typeof rowVersion === 'string' ? { version: rowVersion } : {};
      await read(isNew ? config.calls.create(payload) : config.calls.update(row!.id, { ...payload, ...version }));
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
        <DialogActions onClose={onClose} busy={busy} submitLabel={isNew ? `Create ${config.resource}` : 'Save changes'} />
      </form>
    </Dialog>
  );
}
