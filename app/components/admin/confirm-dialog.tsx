import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this item?';

/**
 * A yes/no question in a modal (never window.confirm): focus is trapped, Escape cancels.
 * `children` go between the question and the buttons (the list of what deleting a player removes).
 */
export function ConfirmDialog({
  open,
  title = 'Delete item',
  message = DELETE_CONFIRMATION,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting…',
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  busyLabel?: string;
  /** danger for what cannot be undone; primary for a reversible change. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={message}>
      {children}
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy} autoFocus>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
