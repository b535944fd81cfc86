import { useEffect, useId, useRef } from 'react';

/**
 * GOV.UK's error summary (ADR 026): after a refused submission, a box at the top of the
 * form says how many problems there are and links to each field; the message also shows beside
 * the field. The box takes focus when it appears, so screen readers read it and keyboard users
 * start from it; each link moves focus to its field (a plain `#id` link only scrolls).
 *
 * Fields are found by id: give each control `id={fieldId(name)}` (or pass `idFor`).
 */

/** The id a form control gets so the summary can link to it: `field-customer_email`. */
export const fieldId = (name: string, scope = 'field') => `${scope}-${name}`;

export interface ErrorSummaryProps {
  /** Field key -> message, in the order the fields appear on the form. */
  errors: Record<string, string | undefined> | null | undefined;
  /** The form's fields in page order; errors for keys not listed come after, in their own order. */
  order?: readonly string[];
  /** A message that belongs to no field (e.g. "The sizes have changed"). */
  message?: string | null;
  idFor?: (field: string) => string;
  /** Takes focus when it appears (default). Off for summaries shown on a page's first render. */
  autoFocus?: boolean;
  className?: string;
}

export function summaryTitle(count: number) {
  return count === 1 ? 'There is a problem' : `There are ${count} problems`;
}

export function ErrorSummary({ errors, order = [], message, idFor = (f) => fieldId(f), autoFocus = true, className = '' }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  // Unique per summary: a page may hold several forms (the admin's player panels).
  const titleId = `${useId()}-error-summary-title`;
  const entries = Object.entries(errors ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return at === -1 ? order.length : at;
  };
  entries.sort((a, b) => rank(a[0]) - rank(b[0]));
  const extra = message && !entries.some(([, m]) => m === message) ? message : null;
  const count = entries.length + (extra ? 1 : 0);
  const signature = entries.map(([f, m]) => `${f}:${m}`).join('|') + (extra ?? '');

  useEffect(() => {
    if (autoFocus && count > 0) box.current?.focus();
  }, [autoFocus, count, signature]);

  if (count === 0) return null;
  return (
    <div
      ref={box}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-error-summary=""
      className={`rounded-lg border-2 border-danger bg-red-50 px-4 py-3 text-ink focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400 ${className}`}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {summaryTitle(count)}
      </h2>
      <ul className="mt-2 space-y-1">
        {extra && <li className="font-medium text-danger">{extra}</li>}
        {entries.map(([field, text]) => (
          <li key={field}>
            <a
              href={`#${idFor(field)}`}
              className="inline-block py-1 font-semibold text-danger underline underline-offset-2"
              onClick={(event) => {
                const target = document.getElementById(idFor(field));
                if (!target) return;
                event.preventDefault();
                target.scrollIntoView({ block: 'center' });
                target.focus({ preventScroll: true });
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a form's summary shows after a refusal: the field errors for fields on the form (each
 * gets a link), and the refusal's own message only when no field explains it (a wrong password,
 * the database away). The message is never the "There are 3 problems: …" detail beside links
 * saying the same thing. Errors for keys the form does not show fall back to that message.
 */
export function summaryOf(
  fields: readonly string[],
  failure: { error?: string | null; fieldErrors?: Record<string, string> | null } | null | undefined,
): { errors: Record<string, string>; message: string | null } {
  const errors: Record<string, string> = {};
  let stray = false;
  for (const [key, text] of Object.entries(failure?.fieldErrors ?? {})) {
    if (!text) continue;
    const field = key.split('.')[0]!;
    if (fields.includes(field)) errors[field] ??= text;
    else stray = true;
  }
  const message = failure?.error && (stray || Object.keys(errors).length === 0) ? failure.error : null;
  return { errors, message };
}
