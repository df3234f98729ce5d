import type { VehicleAudit } from "~/domain/fleet-audit";
import { HOST_PLAN_IDS, HOST_PLANS } from "~/domain/marketplace-rules";
import { formatCents, formatPercent } from "~/domain/money";
import type { FleetAuditQuery } from "~/lib/tools/fleet-audit-query";

export const FLEET_AUDIT_PATH = "/fleet-audit-calculator";

const planLabel = (id: (typeof HOST_PLAN_IDS)[number]) => {
  const plan = HOST_PLANS[id];
  return `${plan.name}: ${formatCents(plan.deductibleCents, { trimWholeDollars: true })} deductible`;
};

/** The host plans as a select's options, each with its deductible. */
export function PlanOptions() {
  return HOST_PLAN_IDS.map((id) => (
    <option key={id} value={id}>
      {planLabel(id)}
    </option>
  ));
}

export function LosingBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ${className}`}
    >
      <span aria-hidden="true">▼</span> Losing money
    </span>
  );
}

export function ProfitBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      <span aria-hidden="true">▲</span> Profitable
    </span>
  );
}

export function breakEvenText(car: VehicleAudit): string {
  if (car.breakEvenUtilizationPercent === null) return "Never: the daily price is $0";
  if (!car.canBreakEven) {
    return `Not possible: needs ${formatPercent(car.breakEvenUtilizationPercent)}`;
  }
  return formatPercent(car.breakEvenUtilizationPercent);
}

export function utilizationOf(parsed: FleetAuditQuery, car: VehicleAudit): number {
  return parsed.vehicles[car.index]?.utilizationPercent ?? 0;
}
