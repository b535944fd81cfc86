// The few things the server-rendered pages do with JavaScript, without React (ADR 025). Loaded on
// every page (app/root.tsx), hydrated or not; it listens on the document, so controls React renders
// later are covered too. Plain JavaScript, no build step: keep it small.
//
//   <button data-copy="text" data-copied="Link copied!" data-copied-hint="…" data-failed="…" data-failed-hint="…">
//     copies its text; the message goes to the [data-copy-status] live region of its [data-copy-group].
//   <input data-select-on-focus>      selects its text when focused, ready to copy by hand.
//   <form data-submit-on-change>      submits when one of its fields changes (a filter dropdown).
//   [data-needs-script]               hidden (app.css) until this script has run.
(() => {
  const root = document.documentElement;
  if (root.dataset.enhanced) return;
  root.dataset.enhanced = 'true';

  const COPIED_MS = 4000; // copy confirmations stay 4 s (docs/product.md#news)
  const timers = new WeakMap();

  /** Writes a message into a polite live region; emptied first, so the same words are announced again. */
  function announce(region, title, hint, clearAfter) {
    if (!region) return;
    clearTimeout(timers.get(region));
    region.textContent = '';
    setTimeout(() => {
      const strong = document.createElement('strong');
      strong.textContent = title || '';
      strong.style.display = 'block'; // the title on its own line, the hint under it
      region.append(strong);
      if (hint) region.append(' ', hint);
      if (clearAfter) timers.set(region, setTimeout(() => (region.textContent = ''), clearAfter));
    }, 50);
  }

  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    if (!button) return;
    const { copy, copied, copiedHint, failed, failedHint } = button.dataset;
    const region = button.closest('[data-copy-group]')?.querySelector('[data-copy-status]');
    try {
      await navigator.clipboard.writeText(copy);
      announce(region, copied, copiedHint, COPIED_MS);
    } catch {
      announce(region, failed, failedHint, 0);
    }
  });

  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches('[data-select-on-focus]')) event.target.select();
  });

  document.addEventListener('change', (event) => {
    const form = event.target instanceof Element ? event.target.closest('form[data-submit-on-change]') : null;
    // requestSubmit fires the submit event: on a React page its <Form> navigates in the page.
    if (form) form.requestSubmit();
  });
})();
