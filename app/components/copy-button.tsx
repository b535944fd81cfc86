import type { ComponentProps } from 'react';

/**
 * A Copy button that public/js/enhance.js brings to life and shows once it runs (ADR 025): it copies
 * `text`, then says in its group's `CopyStatus` line either `copied` and `copiedHint`, or `failed`
 * and `failedHint` (how to copy by hand). Its group is the nearest element marked `data-copy-group`.
 */
export function CopyButton({
  text,
  copied,
  copiedHint,
  failed,
  failedHint,
  ...props
}: { text: string; copied: string; copiedHint: string; failed: string; failedHint: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      data-copy={text}
      data-copied={copied}
      data-copied-hint={copiedHint}
      data-failed={failed}
      data-failed-hint={failedHint}
      data-needs-script
      {...props}
    />
  );
}

/** Where a copy group's `CopyButton` says how the copy went (empty, and so unheard, until then). */
export function CopyStatus() {
  return <p role="status" data-copy-status className="mt-2 text-sm empty:sr-only" />;
}
