/**
 * A form's sending state: busy while the call runs, the API's message and field errors after a
 * refusal (shown in the error summary and next to each field), cleared on the next try.
 */
import { useState } from 'react';
import { ApiError, errorDetail } from './api-client';

export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Runs `work`; a refusal fills `formError` and `errors` instead of throwing, then `onError` (e.g. a toast) runs. */
  async function submit(work: () => Promise<void>, onError?: (error: unknown) => void) {
    setBusy(true);
    setFormError('');
    setErrors({});
    try {
      await work();
    } catch (error) {
      setFormError(errorDetail(error));
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
      onError?.(error);
    } finally {
      setBusy(false);
    }
  }

  return { busy, formError, errors, setErrors, submit };
}
