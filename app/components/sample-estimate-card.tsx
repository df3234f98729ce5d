/**
 * An illustration of the report a host receives, clearly labeled as a sample (the marketing
 * sample range is $729-986). Pure HTML, so the hero costs no image bytes on a slow phone.
 */
import { ColumnHeaders } from "./column-headers";

const lines = [
  { op: "Repair", part: "Rear bumper cover", detail: "1.5 h × $58", amount: "$87" },
  { op: "R&I", part: "Rear bumper cover", detail: "1.2 h × $58", amount: "$70" },
  { op: "Refinish", part: "Rear bumper cover", detail: "2.8 h × $50", amount: "$140" },
  { op: "Blend", part: "Left quarter panel", detail: "1.4 h × $50", amount: "$70" },
  { op: "Materials", part: "Paint, per refinish hour", detail: "4.2 h × $30", amount: "$126" },
  { op: "Part", part: "Bumper energy absorber", detail: "OEM", amount: "$180" },
  { op: "Wheel", part: "Left rear, curb rash", detail: "1 wheel", amount: "$125" },
  { op: "Tax", part: "Parts and materials", detail: "4.6 % × $306", amount: "$14" },
];

export function SampleEstimateCard() {
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-900/10"
      aria-label="Sample estimate"
    >
      <div className="flex items-center justify-between">
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
          Sample estimate
        </span>
        <span className="text-xs text-slate-600">Ready in ~60 s</span>
      </div>
      <p className="mt-4 text-sm text-slate-600">2021 Toyota Camry SE · post-trip</p>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Sample estimate lines</caption>
        <thead>
          <ColumnHeaders
            className="text-xs text-slate-600"
            padding="pb-2"
            lastPadding="pb-2"
            columns={["Operation", "Detail", { label: "Amount", numeric: true }]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line) => (
            <tr key={line.op + line.part}>
              <td className="py-1.5 pr-2">
                <span className="font-medium text-slate-900">{line.op}</span>
                <span className="block text-xs text-slate-600">{line.part}</span>
              </td>
              <td className="py-1.5 pr-2 text-slate-700">{line.detail}</td>
              <td className="py-1.5 text-right font-medium text-slate-900">{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-sm">
        <span className="font-medium text-slate-700">Subtotal</span>
        <span className="font-semibold text-slate-900">$812</span>
      </div>
      <div className="mt-3 flex items-end justify-between gap-3 rounded-xl bg-slate-50 p-3">
        <span className="text-sm text-slate-700">Range, with an allowance for hidden damage</span>
        <span className="text-xl font-bold whitespace-nowrap text-slate-900">$729–986</span>
      </div>
    </div>
  );
}
