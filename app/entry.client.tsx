import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { readVisitorInput, replayVisitorInput, watchVisitorInput } from './lib/visitor-input';

/**
 * React Router's own browser entry, plus one thing: what the visitor chose or typed while the page
 * worked from its HTML alone is kept when React takes over (ADR 033,
 * app/lib/visitor-input.ts).
 */
function KeepVisitorInput({ children }: { children: React.ReactNode }) {
  // The outermost layout effect of the hydration commit: every control is in the DOM, still as the
  // visitor left it. The replay waits for the commit to end, so each replayed event is handled (and
  // rendered) as the visitor's own would have been.
  useLayoutEffect(() => {
    const wanted = readVisitorInput();
    if (wanted.length > 0) queueMicrotask(() => replayVisitorInput(wanted));
  }, []);
  return children;
}

watchVisitorInput();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <KeepVisitorInput>
        <HydratedRouter />
      </KeepVisitorInput>
    </StrictMode>,
  );
});
