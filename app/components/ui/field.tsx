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

function describedBy(hint: unknown, error: unknown, hintId: string, errorId: string) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

/** A labelled text input; its hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, required, id, className = '', ...props }: FieldChrome & ComponentProps<'input'>) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        className={controlClass}
        {...props}
      />
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, required, id, className = '', ...props }: FieldChrome & ComponentProps<'textarea'>) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <textarea
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        className={`${controlClass} min-h-28`}
        {...props}
      />
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  className = '',
  children,
  ...props
}: FieldChrome & ComponentProps<'select'>) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <select
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        className={controlClass}
        {...props}
      >
        {children}
      </select>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({ label, id, className = '', ...props }: { label: ReactNode } & ComponentProps<'input'>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={inputId} type="checkbox" className="size-5 rounded border-line accent-brand-800" {...props} />
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
