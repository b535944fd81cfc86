import { useState } from 'react';
import { ACCESS_REASON_MAX, REASON_REQUIRED } from '../../../shared/access';
import { ApiError, errorDetail } from '../../lib/api-client';
import { TextAreaField } from '../ui/field';
import { toast } from '../ui/toast';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A confirmation that asks why (issue 30: switching a login off or on, removing a parent's link):
 * the reason is kept with the change. A missing reason, or the server's refusal of it, shows next
 * to the field; any other refusal is a toast and the dialog stays open.
 */
export function ReasonDialog({
  open,
  id,
  title,
  message,
  confirmLabel,
  tone = 'danger',
  hint = 'Kept with the change, for the welfare officer and the admins.',
  onDone,
  onCancel,
  act,
}: {
  open: boolean;
  /** Makes the field's id unique on the page. */
  id: string;
  title: string;
  message: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Says where the reason is kept. */
  hint?: string;
  /** Sends the change; throws the API's refusal. */
  act: (reason: string) => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setReason('');
    setError('');
    onCancel();
  }

  async function confirm() {
    if (reason.trim().length < 3) {
      setError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await act(reason.trim());
      setReason('');
      setError('');
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.reason) setError(failure.fieldErrors.reason);
      else toast.error(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      busyLabel="Saving…"
      tone={tone}
      busy={busy}
      onConfirm={confirm}
      onCancel={close}
    >
      <TextAreaField
        id={`${id}-reason`}
        label="Reason"
        name="reason"
        required
        maxLength={ACCESS_REASON_MAX}
        hint={hint}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError('');
        }}
        error={error || undefined}
      />
    </ConfirmDialog>
  );
}
