import type { EvidenceItem } from "~/domain/insurance-claim-letter";

export function Checklist({ items }: { items: EvidenceItem[] }) {
  return (
    <section
      aria-labelledby="checklist-heading"
      className="no-print rounded-2xl border border-slate-200 p-5 wrap-anywhere sm:p-6"
    >
      <h2 id="checklist-heading" className="text-lg font-semibold text-slate-900">
        Evidence checklist
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send these with the letter. Tick what you have in the form; the PDF includes this list on
        its last page.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border text-xs font-bold ${
                item.provided
                  ? "border-green-700 bg-green-700 text-white"
                  : "border-slate-400 text-transparent"
              }`}
            >
              ✓
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {item.label}{" "}
                <span
                  className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    item.importance === "required"
                      ? "bg-amber-100 text-amber-900"
                      : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {item.importance === "required" ? "Required" : "Recommended"}
                </span>
                {item.provided ? (
                  <span className="ml-1 text-sm font-semibold text-green-800">You have it</span>
                ) : (
                  <span className="sr-only"> (not yet)</span>
                )}
              </p>
              <p className="mt-1 text-sm text-slate-600">{item.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
