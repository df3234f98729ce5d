import { Link } from "react-router";
import { formatDateTime } from "~/domain/dates";
import { formatCents } from "~/domain/money";

export interface ClaimBoardItem {
  id: string;
  kind: string;
  statusLabel: string;
  trip: string;
  /** Null until the amount is entered. */
  claimedCents: number | null;
  paidCents: number | null;
  next: { label: string; dueAt: string; timeZone: string; left: string } | null;
}

/** Claims as cards: the next deadline first, in the trip's own time zone. */
export function ClaimBoard({ items, label }: { items: ClaimBoardItem[]; label: string }) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="rounded-xl border border-slate-200 p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link
              to={`/dashboard/claim/${item.id}`}
              className="font-semibold text-brand-700 underline"
            >
              {`${item.kind} claim · ${item.trip}`}
            </Link>
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {item.statusLabel}
            </span>
          </div>
          <p className="mt-1 text-slate-700 tabular-nums">
            {item.claimedCents === null
              ? "Amount not entered yet"
              : `Claimed ${formatCents(item.claimedCents)}`}
            {item.paidCents !== null ? ` · paid ${formatCents(item.paidCents)}` : ""}
          </p>
          {item.next ? (
            <p className="mt-1 text-slate-900">
              <strong>{item.next.label}</strong> by{" "}
              {formatDateTime(item.next.dueAt, item.next.timeZone)}{" "}
              <span className="text-amber-800">({item.next.left})</span>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
