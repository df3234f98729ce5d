/**
 * The fleet: every query is scoped to the account the session is working in, so another
 * account's vehicle ids simply aren't found (routes answer 404).
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  HEADLAMP_TYPES,
  INTERIOR_MATERIALS,
  isPanelId,
  type HeadlampType,
  type InteriorMaterial,
  type PanelId,
  type Vehicle as EngineVehicle,
} from "~/domain/estimate/taxonomy";
import {
  effectiveEquipment,
  engineEquipment,
  EQUIPMENT_FIELDS,
  EQUIPMENT_LABELS,
  type StatedEquipment,
} from "~/domain/estimate/vehicle-equipment";
import { vehicles } from "~/db/schema";
import { pageOf, type Page, type ListPageRequest } from "~/lib/paging/paging";
import { afterTime, timeCursor } from "~/lib/paging/time-keyset.server";
import { db } from "~/lib/runtime/db.server";
import type { VehicleFormData } from "./vehicle-form";

export type VehicleRow = typeof vehicles.$inferSelect;

function isHeadlampType(value: unknown): value is HeadlampType {
  return HEADLAMP_TYPES.includes(value as HeadlampType);
}

/** "2021 Toyota Camry SE". */
export function vehicleTitle(vehicle: Pick<VehicleRow, "year" | "make" | "model" | "trim">) {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
}

/** "Blue Camry (2021 Toyota Camry SE)" or the title alone. */
export function vehicleLabel(vehicle: VehicleRow) {
  const title = vehicleTitle(vehicle);
  return vehicle.nickname ? `${vehicle.nickname} (${title})` : title;
}

export function toEngineVehicle(vehicle: VehicleRow): EngineVehicle {
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    bodyType: vehicle.bodyType as EngineVehicle["bodyType"],
    priceClass: vehicle.priceClass as EngineVehicle["priceClass"],
    paintType: vehicle.paintType as EngineVehicle["paintType"],
    ...statedEquipmentForEngine(vehicle).vehicle,
  };
}

/** The equipment the host stated (null: not sure), as stored. */
export function statedEquipment(vehicle: VehicleRow): StatedEquipment {
  let aluminumPanels: PanelId[] | null = null;
  try {
    const parsed = vehicle.aluminumPanels ? (JSON.parse(vehicle.aluminumPanels) as unknown) : null;
    aluminumPanels = Array.isArray(parsed) ? parsed.filter(isPanelId) : null;
  } catch {
    aluminumPanels = null;
  }
  return {
    windshieldCamera: vehicle.windshieldCamera,
    frontRadar: vehicle.frontRadar,
    frontParkingSensors: vehicle.frontParkingSensors,
    rearParkingSensors: vehicle.rearParkingSensors,
    blindSpotMonitors: vehicle.blindSpotMonitors,
    rearCamera: vehicle.rearCamera,
    surroundCameras: vehicle.surroundCameras,
    headlampType: isHeadlampType(vehicle.headlampType) ? vehicle.headlampType : null,
    aluminumPanels,
    interiorMaterial: (INTERIOR_MATERIALS as readonly string[]).includes(
      vehicle.interiorMaterial ?? "",
    )
      ? (vehicle.interiorMaterial as InteriorMaterial)
      : null,
  };
}

/**
 * What the engine gets from the stated equipment, and what the estimate says it assumed. With
 * nothing stated the engine keeps its own inference (and says so); once the host states any
 * item, the rest is filled from the defaults and each default is listed as an assumption.
 */
export function statedEquipmentForEngine(vehicle: VehicleRow): {
  vehicle: Partial<EngineVehicle>;
  assumptions: string[];
} {
  const stated = statedEquipment(vehicle);
  const anySensorStated = EQUIPMENT_FIELDS.some((field) => stated[field] !== null);
  const car = { year: vehicle.year, priceClass: vehicle.priceClass as EngineVehicle["priceClass"] };
  const effective = effectiveEquipment(car, stated);
  const extra: Partial<EngineVehicle> = {
    ...(stated.headlampType ? { headlampType: stated.headlampType } : {}),
    ...(stated.aluminumPanels ? { aluminumPanels: stated.aluminumPanels } : {}),
    ...(stated.interiorMaterial ? { interiorMaterial: stated.interiorMaterial } : {}),
  };
  if (!anySensorStated) {
    return {
      vehicle: extra,
      assumptions: [
        "Driver-assistance cameras and sensors weren't stated for this car: they are priced where the damage names them, and the cost raisers say where they could add cost. State them on the vehicle page for a firmer estimate.",
        ...effective.assumptions.filter(
          (text) => !EQUIPMENT_FIELDS.some((field) => text.startsWith(EQUIPMENT_LABELS[field])),
        ),
      ],
    };
  }
  return {
    vehicle: { ...extra, ...engineEquipment(effective.equipment) },
    assumptions: effective.assumptions,
  };
}

/**
 * The account's cars in the order they were added: by creation time, and cars added in the same
 * millisecond (an import adds several) in insertion order (SQLite's rowid), so selects and the
 * trip matcher's candidates keep one order. `connection` is a transaction's, when in one.
 */
export function listVehicles(
  accountId: string,
  connection: Pick<ReturnType<typeof db>, "select"> = db(),
) {
  return connection
    .select()
    .from(vehicles)
    .where(eq(vehicles.accountId, accountId))
    .orderBy(asc(vehicles.createdAt), sql`${vehicles}.rowid`)
    .all();
}

/**
 * One page of the account's vehicles, oldest first: `limit` of them after `cursor` (the last
 * car's creation time and id; cars added in the same millisecond, as an import adds them, go by
 * id). A cursor of another list's kind reads as the first page: the caller refuses it first.
 */
export function vehiclePage(accountId: string, page: ListPageRequest): Page<VehicleRow> {
  const rows = db()
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.accountId, accountId),
        afterTime(vehicles.createdAt, vehicles.id, timeCursor(page.cursor), "asc"),
      ),
    )
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id))
    .limit(page.limit + 1)
    .all();
  return pageOf(rows, page.limit, (vehicle) => ({
    key: vehicle.createdAt.getTime(),
    id: vehicle.id,
  }));
}

/** The account's cars with these ids (a list page's cars), by id; ids of other accounts are left out. */
export function vehiclesById(
  accountId: string,
  vehicleIds: Iterable<string | null>,
): Map<string, VehicleRow> {
  const ids = [...new Set([...vehicleIds].filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = db()
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.accountId, accountId), inArray(vehicles.id, ids)))
    .all();
  return new Map(rows.map((vehicle) => [vehicle.id, vehicle]));
}

export function getVehicle(accountId: string, vehicleId: string): VehicleRow | undefined {
  return db()
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)))
    .get();
}

export const DUPLICATE_VIN_MESSAGE = "This VIN is already in your fleet.";

export type SaveVehicleResult =
  { ok: true; vehicle: VehicleRow } | { ok: false; fieldErrors: { vin: string } };

function vinTaken(accountId: string, vin: string | null, exceptId?: string) {
  if (!vin) return false;
  const existing = db()
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.accountId, accountId), eq(vehicles.vin, vin)))
    .get();
  return existing !== undefined && existing.id !== exceptId;
}

export function createVehicle(accountId: string, data: VehicleFormData): SaveVehicleResult {
  if (vinTaken(accountId, data.vin))
    return { ok: false, fieldErrors: { vin: DUPLICATE_VIN_MESSAGE } };
  const vehicle = db()
    .insert(vehicles)
    .values({ id: crypto.randomUUID(), accountId, ...data, updatedAt: new Date() })
    .returning()
    .get();
  return { ok: true, vehicle };
}

export function updateVehicle(
  accountId: string,
  vehicleId: string,
  data: VehicleFormData,
): SaveVehicleResult | null {
  if (!getVehicle(accountId, vehicleId)) return null;
  if (vinTaken(accountId, data.vin, vehicleId)) {
    return { ok: false, fieldErrors: { vin: DUPLICATE_VIN_MESSAGE } };
  }
  const vehicle = db()
    .update(vehicles)
    .set({ ...data, updatedAt: new Date() })
    .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)))
    .returning()
    .get();
  return vehicle ? { ok: true, vehicle } : null;
}

/** Public fields for the JSON API and pages. */
export function vehicleJson(vehicle: VehicleRow) {
  return {
    id: vehicle.id,
    nickname: vehicle.nickname,
    vin: vehicle.vin,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    bodyType: vehicle.bodyType,
    priceClass: vehicle.priceClass,
    paintType: vehicle.paintType,
    plate: vehicle.plate,
    status: vehicle.status,
    ...equipmentJson(vehicle),
    title: vehicleTitle(vehicle),
    createdAt: vehicle.createdAt.toISOString(),
  };
}

/** The stated equipment in the API's shape: each item true, false or null (not stated). */
function equipmentJson(vehicle: VehicleRow) {
  const stated = statedEquipment(vehicle);
  return {
    equipment: Object.fromEntries(
      EQUIPMENT_FIELDS.map((field) => [field, stated[field]]),
    ) as Record<(typeof EQUIPMENT_FIELDS)[number], boolean | null>,
    headlampType: stated.headlampType,
    aluminumPanels: stated.aluminumPanels,
    interiorMaterial: stated.interiorMaterial ?? null,
  };
}
