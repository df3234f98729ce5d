import { aluminumPanelsOf, interiorMaterialOf } from "~/domain/estimate/body-profile";
import type { Context } from "~/domain/estimate/drafts";
import type { RateCard } from "~/domain/estimate/rate-card";
import type { Vehicle } from "~/domain/estimate/taxonomy";

function inferAdas(vehicle: Vehicle, rateCard: RateCard): { hasAdas: boolean; assumed: boolean } {
  if (vehicle.hasAdas !== undefined) return { hasAdas: vehicle.hasAdas, assumed: false };
  if (vehicle.sensorPanels && vehicle.sensorPanels.length > 0) {
    return { hasAdas: true, assumed: false };
  }
  const rule = rateCard.tables.adasAssumption.value;
  return {
    hasAdas: vehicle.year >= rule.fromModelYear || rule.priceClasses.includes(vehicle.priceClass),
    assumed: true,
  };
}

/**
 * What every planner and pass reads about the car: ADAS (known or assumed), aluminum panels and
 * the seats' material (`interiorAssumed` when the material was assumed from the price class).
 */
export function pricingContext(
  vehicle: Vehicle,
  rateCard: RateCard,
): { context: Context; interiorAssumed: boolean } {
  const tables = rateCard.tables;
  const adas = inferAdas(vehicle, rateCard);
  const interior = interiorMaterialOf(vehicle, tables);
  return {
    context: {
      vehicle,
      rateCard,
      hasAdas: adas.hasAdas,
      adasAssumed: adas.assumed,
      aluminum: aluminumPanelsOf(vehicle, tables),
      interiorMaterial: interior.material,
    },
    interiorAssumed: interior.assumed,
  };
}
