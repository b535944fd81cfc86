import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this item?';

/** A yes/no question in a modal (never window.confirm): focus is trapped, Escape cancels. */
export function ConfirmDialog({
  open,
  title = 'Delete item',
  message = DELETE_CONFIRMATION,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={message}>
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} autoFocus>
          {busy ? 'Deleting…' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
