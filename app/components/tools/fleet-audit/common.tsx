import { useRouteLoaderData } from "react-router";
import type { VehicleAudit } from "~/domain/fleet-audit";
import { formatPercent } from "~/domain/money";
import type { FleetAuditQuery } from "~/lib/tools/fleet-audit-query";

export const FLEET_AUDIT_PATH = "/fleet-audit-calculator";

/** A host plan as the page's loader sends it: its id and "75 plan: $250 deductible". */
export interface HostPlanOption {
  id: number;
  label: string;
}

/**
 * The host plans as a select's options, each with its deductible: the page's loader sends them,
 * so the rules table stays on the server.
 */
export function PlanOptions() {
  const data = useRouteLoaderData("routes/fleet-audit-calculator") as
    { hostPlans: HostPlanOption[] } | undefined;
  return (data?.hostPlans ?? []).map((plan) => (
    <option key={plan.id} value={plan.id}>
      {plan.label}
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
