import { Toaster as Sonner, toast } from 'sonner';

/** Toast durations from the spec (section 9). */
export const TOAST_MS = 3000;
export const COPY_TOAST_MS = 4000;

/** The toast region: Sonner renders it as an aria-live region, so toasts are announced. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_MS}
      closeButton
      toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
      richColors
    />
  );
}

export { toast };
