/**
 * What the engine needs to know about a car's body beyond its findings, read from the rate card's
 * sourced tables: which panels are aluminum (the host's list, or every sheet-metal panel of a body
 * known to be aluminum by make, model and year), what a panel is called and how long it takes to
 * refinish on this body (a pickup's tailgate and bed sides), what replacing a panel costs, what
 * the seats are covered with, and the camera work a Tesla fender needs.
 *
 * Pure: no framework, no I/O.
 */
import type { Cents } from "~/domain/money";
import type { AluminumBody, RateCard } from "./rate-card";
import {
  INTERIOR_MATERIAL_LABELS,
  PANEL_LIST,
  panelLabelFor,
  PRICE_CLASS_LABELS,
  type InteriorMaterial,
  type PanelId,
  type Vehicle,
} from "./taxonomy";

type Tables = RateCard["tables"];

/** Letters and digits only, lower case: "F-150" and "f150" are the same model. */
function normalized(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The sourced aluminum-body entry this car matches, if any. */
export function aluminumBodyOf(vehicle: Vehicle, tables: Tables): AluminumBody | null {
  const make = normalized(vehicle.make);
  const model = normalized(vehicle.model);
  return (
    tables.aluminumBodies.value.find(
      (body) =>
        normalized(body.make) === make &&
        vehicle.year >= body.fromYear &&
        (body.toYear === undefined || vehicle.year <= body.toYear) &&
        body.models.some((name) => model.startsWith(normalized(name))) &&
        !(body.excludes ?? []).some((name) => model.startsWith(normalized(name))),
    ) ?? null
  );
}

/** Aluminum panels: the ones the host listed, plus every sheet-metal panel of an aluminum body. */
export function aluminumPanelsOf(vehicle: Vehicle, tables: Tables): Set<PanelId> {
  const panels = new Set<PanelId>(vehicle.aluminumPanels ?? []);
  if (aluminumBodyOf(vehicle, tables)) {
    for (const info of PANEL_LIST) if (info.kind === "sheet-metal") panels.add(info.id);
  }
  return panels;
}

/** "Ford F-150 from model year 2015": the matched table entry in words. */
export function aluminumBodyText(body: AluminumBody): string {
  return `${body.make} ${body.models.join(" / ")} from model year ${body.fromYear}`;
}

/** The seat material: the vehicle's own, or leather on premium, luxury and EV/hybrid cars. */
export function interiorMaterialOf(
  vehicle: Vehicle,
  tables: Tables,
): { material: InteriorMaterial; assumed: boolean } {
  if (vehicle.interiorMaterial) return { material: vehicle.interiorMaterial, assumed: false };
  const leather = tables.leatherPriceClasses.value.includes(vehicle.priceClass);
  return { material: leather ? "leather" : "cloth", assumed: true };
}

export function interiorMaterialText(material: InteriorMaterial): string {
  return INTERIOR_MATERIAL_LABELS[material].toLowerCase();
}

/** The panel's name on this body: "Tailgate" and "Left bed side" on a pickup. */
export function panelLabel(panelId: PanelId, vehicle: Vehicle): string {
  return panelLabelFor(panelId, vehicle.bodyType);
}

const BED_SIDES: readonly PanelId[] = ["quarter-panel-left", "quarter-panel-right"];

/** Full refinish hours of a panel on this body (a pickup's bed sides are larger panels). */
export function refinishHoursFor(
  panelId: PanelId,
  vehicle: Vehicle,
  tables: Tables,
): number | undefined {
  if (vehicle.bodyType === "pickup" && BED_SIDES.includes(panelId)) {
    return tables.pickup.value.bedSideRefinishHours;
  }
  return tables.refinishHours.value[panelId];
}

/** What replacing a bolt-on panel takes: labor hours, the part and what its line says. */
export interface PanelReplacement {
  hours: number;
  partCents: Cents;
  /** "Left front door panel, mid-range". */
  partText: string;
  /** What moves over to the new panel: "transfer handles, trim and moldings". */
  transferText: string;
  /** The panel carries a camera that must be calibrated after the swap. */
  calibrate: boolean;
  /** Welded on (a quarter panel): replaced only when torn or not worth repairing, never for size. */
  welded: boolean;
}

/** The replacement of a panel on this car, or null when the panel isn't a bolt-on part. */
export function replacementFor(
  panelId: PanelId,
  vehicle: Vehicle,
  tables: Tables,
): PanelReplacement | null {
  const classText = PRICE_CLASS_LABELS[vehicle.priceClass].toLowerCase();
  if (vehicle.bodyType === "pickup" && panelId === "trunk-liftgate") {
    const tailgate = tables.pickup.value.tailgate;
    const economy = vehicle.priceClass === "economy";
    return {
      hours: tailgate.hours,
      partCents: tailgate.partCents[vehicle.priceClass],
      partText: `Tailgate, ${classText} (${economy ? "aftermarket shell" : "OEM"})`,
      transferText: "transfer camera, handle, lock and wiring",
      calibrate: true,
      welded: false,
    };
  }
  const entry = tables.panelReplacement.value[panelId];
  if (!entry) return null;
  return {
    hours: entry.hours,
    partCents: entry.partCents[vehicle.priceClass],
    partText: `${panelLabelFor(panelId, vehicle.bodyType)} panel, ${classText}`,
    transferText: entry.welded
      ? "cut out the old panel and weld in the new one (sectioning)"
      : "transfer handles, trim and moldings",
    calibrate: false,
    welded: entry.welded ?? false,
  };
}

/** A Tesla with cameras in its front fenders (side repeaters) that move when the fender is worked on. */
export function hasTeslaFenderCamera(panelId: PanelId, vehicle: Vehicle, tables: Tables): boolean {
  const rule = tables.teslaFenderCamera.value;
  return (
    normalized(vehicle.make) === "tesla" &&
    vehicle.year >= rule.fromYear &&
    rule.panels.includes(panelId)
  );
}
