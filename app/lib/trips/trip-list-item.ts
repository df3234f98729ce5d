import type { TripStatus } from "~/domain/trips/trip";

/** A trip as the trip lists draw it (built on the server by tripListItems). */
export interface TripListItem {
  id: string;
  reservationId: string;
  guestName: string | null;
  vehicleLabel: string | null;
  /** The file's name for a car that isn't matched yet. */
  vehicleName: string | null;
  startAt: string;
  endAt: string;
  timeZone: string;
  status: TripStatus;
  earningsCents: number | null;
}
