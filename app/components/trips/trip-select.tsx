import { formatDay } from "~/domain/dates";
import { FIND_TRIP, NO_TRIP } from "~/domain/trips/trip";
import type { TripChoice } from "~/lib/estimates/report-trip.server";
import { useHydrated } from "~/lib/ui/use-hydrated";

/** "R-4417 · Pat Ng · Nov 18, 2026 – Nov 20, 2026". */
export function tripChoiceLabel(trip: TripChoice): string {
  return [
    trip.reservationId,
    trip.guestName,
    `${formatDay(trip.startAt, trip.timeZone)} – ${formatDay(trip.endAt, trip.timeZone)}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A select of the trip an estimate is for: one car's trips, or (without JavaScript, when the car
 * is chosen in the same form) every car's trips grouped by car; the server checks the trip is
 * the car's. `offerFind` adds "find it from the photos" (the upload's default).
 */
export function TripSelect({
  id,
  name,
  choices,
  vehicleId,
  defaultValue,
  offerFind = false,
  error,
}: {
  id: string;
  name: string;
  choices: { vehicleId: string; vehicleLabel: string; trips: TripChoice[] }[];
  /** The car chosen; with JavaScript only its trips show. */
  vehicleId: string | null;
  defaultValue?: string;
  offerFind?: boolean;
  error?: string;
}) {
  const hydrated = useHydrated();
  const shown =
    hydrated || choices.length === 1
      ? choices.filter((choice) => choice.vehicleId === vehicleId)
      : choices;
  const grouped = shown.length > 1;
  return (
    <>
      <select
        id={id}
        name={name}
        className="input"
        defaultValue={defaultValue ?? (offerFind ? FIND_TRIP : NO_TRIP)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {offerFind ? <option value={FIND_TRIP}>Find it from the photos&apos; times</option> : null}
        <option value={NO_TRIP}>Not for a trip</option>
        {shown.map((choice) =>
          grouped ? (
            <optgroup key={choice.vehicleId} label={choice.vehicleLabel}>
              {choice.trips.map((trip) => (
                <option key={trip.id} value={trip.id}>
                  {tripChoiceLabel(trip)}
                </option>
              ))}
            </optgroup>
          ) : (
            choice.trips.map((trip) => (
              <option key={trip.id} value={trip.id}>
                {tripChoiceLabel(trip)}
              </option>
            ))
          ),
        )}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
