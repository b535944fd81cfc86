/**
 * Shown while a client-side navigation loads the sponsors: by the sponsors page, and by the public
 * layout when arriving at it from another page. Its own module, so the layout does not bring the
 * whole sponsors page into every public page's JavaScript.
 */
export function SponsorsLoading() {
  return (
    <div role="status" aria-live="polite" className="container-page py-10">
      <p className="mb-4 font-semibold text-muted">Loading sponsors…</p>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-64 animate-pulse rounded-2xl bg-white ring-1 ring-line" />
        ))}
      </ul>
    </div>
  );
}
