import type { TripStatus } from "~/domain/trips/trip";
import { vehicleLabel } from "~/lib/vehicles/vehicles.server";
import type { TripListItem } from "./trip-list-item";
import type { TripRow } from "./trips.server";

type VehicleRow = Parameters<typeof vehicleLabel>[0];

/** What the trip lists show of each trip, with its car's label. */
export function tripListItems(trips: TripRow[], fleet: VehicleRow[]): TripListItem[] {
  const labels = new Map(fleet.map((vehicle) => [vehicle.id, vehicleLabel(vehicle)]));
  return trips.map((trip) => ({
    id: trip.id,
    reservationId: trip.reservationId,
    guestName: trip.guestName,
    vehicleLabel: trip.vehicleId ? (labels.get(trip.vehicleId) ?? null) : null,
    vehicleName: trip.vehicleName ?? trip.vehicleTitle ?? trip.vehicleVin,
    startAt: trip.startAt.toISOString(),
    endAt: trip.endAt.toISOString(),
    timeZone: trip.timeZone,
    status: trip.status as TripStatus,
    earningsCents: trip.earningsCents,
  }));
}
