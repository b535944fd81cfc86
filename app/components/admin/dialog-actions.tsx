/** The foot of an admin dialog's form: close without saving, and the submit button that reads "Saving…" while busy. */
import { Button } from '../ui/button';

export function DialogActions({ onClose, busy, closeLabel = 'Cancel', submitLabel }: { onClose: () => void; busy: boolean; closeLabel?: string; submitLabel: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        {closeLabel}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </div>
  );
}
