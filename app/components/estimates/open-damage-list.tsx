import { Link } from "react-router";
import { formatDay } from "~/domain/dates";
import type { OpenDamage } from "~/lib/estimates/open-damage";
import { usePreferences } from "~/lib/ui/preferences";

/** The car's unrepaired damage from earlier reports, in words (the diagram marks it dashed). */
export function OpenDamageList({ openDamage }: { openDamage: OpenDamage[] }) {
  const { timeZone } = usePreferences();
  if (openDamage.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Already on this car (not repaired)</h3>
      <ul className="mt-1 space-y-1 text-slate-700">
        {openDamage.map((entry) => (
          <li key={entry.findingId}>
            {entry.label}: reported{" "}
            <Link to={`/analysis/${entry.reportId}`} className="text-brand-700 underline">
              {formatDay(entry.reportDate, timeZone)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-slate-600">
        Tagging one of these again asks whether it is the same damage.
      </p>
    </div>
  );
}
