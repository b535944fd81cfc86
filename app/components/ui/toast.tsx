import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast, toast as SonnerToast } from 'sonner';

/** Toast durations: admin toasts 3 s (docs/product.md#toasts), copy confirmations 4 s (docs/product.md#news). */
export const TOAST_MS = 3000;
export const COPY_TOAST_MS = 4000;
/** Time for the new live region to be in the page before the first toast, so it is announced. */
const LIVE_REGION_SETTLE_MS = 100;

/*
 * Sonner (about 9 KB gzipped) is loaded with the first toast, not with every page: most visits
 * never show one, and the public pages keep within their JavaScript budget (ADR 025). `toast`
 * below has Sonner's API; calls made before Sonner is ready wait in a queue.
 */
type Sonner = typeof import('sonner');
let sonner: Sonner | null = null;
let wanted = false;
const queue: ((s: Sonner) => void)[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function run(call: (s: Sonner) => void) {
  if (sonner) return call(sonner);
  queue.push(call);
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
}

type Message = Parameters<typeof SonnerToast>[0];
const creator =
  (kind?: 'success' | 'error' | 'info' | 'warning' | 'message' | 'loading') =>
  (message: Message, data?: ExternalToast) => {
    const id = data?.id ?? `toast-${++nextId}`;
    run((s) => (kind ? s.toast[kind] : s.toast)(message, { ...data, id }));
    return id;
  };

export const toast = Object.assign(creator(), {
  success: creator('success'),
  error: creator('error'),
  info: creator('info'),
  warning: creator('warning'),
  message: creator('message'),
  loading: creator('loading'),
  dismiss: (id?: string | number) => {
    run((s) => s.toast.dismiss(id));
    return id;
  },
});

const options = {
  position: 'top-right',
  duration: TOAST_MS,
  closeButton: true,
  toastOptions: { classNames: { title: 'font-semibold', description: 'text-sm' } },
  richColors: true,
} as const;

const LoadedToaster = lazy(async () => {
  const module = await import('sonner');
  function Loaded() {
    // Sonner's own effects (its subscription) run before this one, so queued toasts reach it.
    useEffect(() => {
      const timer = setTimeout(() => {
        sonner = module;
        queue.splice(0).forEach((call) => call(module));
      }, LIVE_REGION_SETTLE_MS);
      return () => clearTimeout(timer);
    }, []);
    return <module.Toaster {...options} />;
  }
  return { default: Loaded };
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toast region: Sonner renders it as an aria-live region, so toasts are announced. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}
