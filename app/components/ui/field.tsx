import { useId, type ComponentProps, type ReactNode } from 'react';

const controlClass =
  'block w-full rounded-lg border border-line bg-white px-3 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-gray-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 ' +
  'aria-[invalid=true]:border-danger disabled:bg-gray-100';

interface FieldChrome {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the label with a visible asterisk; the control also gets `required`. */
  required?: boolean;
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold text-ink">
      {children}
      {required && (
        <span className="text-danger" aria-hidden="true">
          {' '}*
        </span>
      )}
    </label>
  );
}

function Messages({ hintId, errorId, hint, error }: { hintId: string; errorId: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </>
  );
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlLink {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The label, hint and error around one control; `control` draws the control itself with the attributes that link them. */
function FieldFrame({
  label,
  error,
  hint,
  required,
  id,
  className,
  control,
}: FieldChrome & { id?: string; className: string; control: (link: ControlLink) => ReactNode }) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      {control({ id: inputId, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

/** A labelled text input; its hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, required, id, className = '', ...props }: FieldChrome & ComponentProps<'input'>) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, id, className }}
      control={(link) => <input {...link} className={controlClass} {...props} />}
    />
  );
}

/** A required password input of at most 200 characters (the API's limit). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'required'>) {
  return <TextField type="password" required maxLength={200} {...props} />;
}

export function TextAreaField({ label, error, hint, required, id, className = '', ...props }: FieldChrome & ComponentProps<'textarea'>) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, id, className }}
      control={(link) => <textarea {...link} className={`${controlClass} min-h-28`} {...props} />}
    />
  );
}

export function SelectField({ label, error, hint, required, id, className = '', children, ...props }: FieldChrome & ComponentProps<'select'>) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, id, className }}
      control={(link) => (
        <select {...link} className={controlClass} {...props}>
          {children}
        </select>
      )}
    />
  );
}

export function Checkbox({ label, id, className = '', ...props }: { label: ReactNode } & ComponentProps<'input'>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={inputId} type="checkbox" className="size-6 shrink-0 rounded border-line accent-brand-800" {...props} />
      <label htmlFor={inputId} className="text-base text-ink">
        {label}
      </label>
    </div>
  );
}

/** A form-level message: errors are announced as alerts, successes politely. */
export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null;
  const styles = tone === 'error' ? 'border-red-300 bg-red-50 text-danger' : 'border-green-300 bg-green-50 text-success';
  return (
    // tabIndex -1: a form can move focus here after a refused submission.
    <div role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1} className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  );
}
