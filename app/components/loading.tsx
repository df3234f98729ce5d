/** Shown in place of the page while a public route's code and data load. */
export function PageSkeleton() {
  return (
    <div className="container-page animate-pulse py-12" role="status" aria-label="Loading page">
      <div className="h-10 w-2/3 rounded-lg bg-slate-200" />
      <div className="mt-6 h-4 w-full rounded bg-slate-200" />
      <div className="mt-3 h-4 w-5/6 rounded bg-slate-200" />
      <div className="mt-3 h-4 w-4/6 rounded bg-slate-200" />
      <div className="mt-10 grid gap-6 sm:grid-cols-3">
        <div className="h-40 rounded-xl bg-slate-200" />
        <div className="h-40 rounded-xl bg-slate-200" />
        <div className="h-40 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

/** Full-screen loading screen while the session loads: a spinner with the text Loading... */
export function FullScreenSpinner() {
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/90"
      role="status"
      aria-live="polite"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-500" />
      <span className="text-sm font-medium text-slate-700">Loading...</span>
    </div>
  );
}
