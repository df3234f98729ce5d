import { roleBadge } from "~/lib/auth/account-labels";
import { formatCents } from "~/domain/money";
import { useFormat } from "~/lib/ui/preferences";

export interface ClaimHistoryEntry {
  id: number;
  status: string;
  changed: boolean;
  at: string;
  by: string;
  role: string;
  note: string | null;
  approvedCents: number | null;
  paidCents: number | null;
}

/** Every change of the claim, oldest first: what, who (and in which role) and when. */
export function ClaimHistory({ entries }: { entries: ClaimHistoryEntry[] }) {
  const { dateTime } = useFormat();
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4 text-sm">
      {entries.map((entry, index) => {
        const badge = roleBadge(entry.role);
        return (
          <li key={entry.id}>
            <p className="text-slate-900">
              <strong>
                {index === 0 ? "Created as draft" : entry.changed ? entry.status : "Note"}
              </strong>
              {entry.status === "Paid" && entry.paidCents !== null
                ? ` · ${formatCents(entry.paidCents)}`
                : ""}
              {(entry.status === "Approved" || entry.status === "Partly approved") &&
              entry.approvedCents !== null
                ? ` · ${formatCents(entry.approvedCents)}`
                : ""}
            </p>
            <p className="text-slate-600">
              {dateTime(entry.at)} · {entry.by}{" "}
              <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${badge.className}`}>
                {badge.label}
              </span>
            </p>
            {entry.note ? (
              <p className="mt-1 whitespace-pre-line text-slate-800">{entry.note}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
