import { Link } from "react-router";
import type { SetupItem } from "~/domain/setup-checklist";

/** The first steps, each ticked by what the account holds; gone once all are done. */
export function SetupChecklist({ items }: { items: SetupItem[] }) {
  const done = items.filter((item) => item.done).length;
  return (
    <section
      aria-labelledby="setup-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="text-lg font-semibold text-slate-900">
          Set up FleetAssist
        </h2>
        <p className="text-sm text-slate-700">
          {done} of {items.length} done
        </p>
      </div>
      <ol className="mt-3 divide-y divide-brand-100" aria-label="Setup checklist">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-sm font-bold ${
                item.done
                  ? "border-emerald-600 bg-emerald-600 text-white"
                  : "border-slate-400 bg-white text-transparent"
              }`}
            >
              ✓
            </span>
            <div className="min-w-0">
              <Link
                to={item.href}
                className={`font-semibold underline ${item.done ? "text-slate-600" : "text-brand-700"}`}
              >
                {item.label}
              </Link>
              <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
              <p className="text-sm text-slate-700">{item.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
