import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * A form at the foot of an admin panel, under a rule: its heading, its fields, and a submit
 * button that shows `busyLabel` while the form is sending.
 */
export function PanelForm({
  title,
  onSubmit,
  busy,
  submitLabel,
  busyLabel = 'Saving…',
  spacing = 'mt-4',
  children,
}: {
  title: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** The space above the rule. */
  spacing?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={`${spacing} border-t border-line pt-4`}>
      <h4 className="mb-3 font-semibold">{title}</h4>
      {children}
      <Button type="submit" className="mt-4" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
