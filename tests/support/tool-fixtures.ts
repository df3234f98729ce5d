/** Sample inputs the free tools' tests share (unit tests and browser tests alike). */
import type { FleetVehicleInput } from "../../app/domain/fleet-audit";

/** A typical mid-size car on the 75 plan, with every monthly cost filled in. */
export const SAMPLE_CAMRY: FleetVehicleInput = {
  name: "Camry",
  dailyPriceCents: 60_00,
  utilizationPercent: 50,
  hostPlan: 75,
  financingMonthlyCents: 350_00,
  insuranceMonthlyCents: 120_00,
  depreciationMonthlyCents: 150_00,
  maintenanceMonthlyCents: 50_00,
  cleaningMonthlyCents: 60_00,
  tollsMonthlyCents: 10_00,
  averageRepairCostCents: 4_730_00,
};

type ClaimField =
  | "hostName"
  | "hostEmail"
  | "guestName"
  | "insurer"
  | "policy"
  | "vehicle"
  | "reservation"
  | "tripStart"
  | "tripEnd"
  | "incidentDate";

/** The claim-letter fields of one claim against a guest's insurer (description and amount vary). */
export const SAMPLE_CLAIM: Record<ClaimField, string> = {
  hostName: "Sam Rivera",
  hostEmail: "sam@example.com",
  guestName: "Alex Chen",
  insurer: "Acme Mutual",
  policy: "PA-123-456",
  vehicle: "2022 Tesla Model 3",
  reservation: "R-98765",
  tripStart: "2026-06-05",
  tripEnd: "2026-06-08",
  incidentDate: "2026-06-07",
};
