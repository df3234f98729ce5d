import { formatCents } from "~/domain/money";

/** What was claimed, approved and paid so far, each as a big number. */
export function ClaimAmounts({
  claimedCents,
  approvedCents,
  paidCents,
}: {
  claimedCents: number | null;
  approvedCents: number | null;
  paidCents: number | null;
}) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {[
        ["Claimed", claimedCents === null ? "Not entered" : formatCents(claimedCents)],
        ["Approved", approvedCents === null ? "—" : formatCents(approvedCents)],
        ["Paid", paidCents === null ? "—" : formatCents(paidCents)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
