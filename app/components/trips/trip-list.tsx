import { Link } from "react-router";
import { ColumnHeaders } from "~/components/column-headers";
import { formatDateTime } from "~/domain/dates";
import { formatCents } from "~/domain/money";
import { TRIP_STATUS_LABELS } from "~/domain/trips/trip";
import type { TripListItem } from "~/lib/trips/trip-list-item";

/** Trips as a table on wide screens and cards on phones; times in each trip's own zone. */
export function TripList({
  trips,
  showVehicle = true,
  caption = "Trips, newest first",
}: {
  trips: TripListItem[];
  showVehicle?: boolean;
  /** The list's order, for screen readers. */
  caption?: string;
}) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <ColumnHeaders
            padding="py-2 pr-4"
            columns={[
              "Reservation",
              ...(showVehicle ? ["Car"] : []),
              "Guest",
              "Pickup",
              "Return",
              "Status",
              { label: "Earnings", numeric: true },
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {trips.map((trip) => (
            <tr key={trip.id}>
              <th scope="row" className="py-3 pr-4 font-medium">
                <Link to={`/dashboard/trip/${trip.id}`} className="text-brand-700 hover:underline">
                  {trip.reservationId}
                </Link>
              </th>
              {showVehicle ? <td className="py-3 pr-4">{vehicleText(trip)}</td> : null}
              <td className="py-3 pr-4">{trip.guestName ?? "—"}</td>
              <td className="py-3 pr-4">{formatDateTime(trip.startAt, trip.timeZone)}</td>
              <td className="py-3 pr-4">{formatDateTime(trip.endAt, trip.timeZone)}</td>
              <td className="py-3 pr-4">{TRIP_STATUS_LABELS[trip.status]}</td>
              <td className="py-3 text-right tabular-nums">
                {trip.earningsCents === null ? "—" : formatCents(trip.earningsCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 md:hidden" aria-label={caption}>
        {trips.map((trip) => (
          <li key={trip.id} className="rounded-xl border border-slate-200 p-4 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <Link
                to={`/dashboard/trip/${trip.id}`}
                className="font-semibold text-brand-700 underline"
              >
                {trip.reservationId}
              </Link>
              <span className="text-slate-600">{TRIP_STATUS_LABELS[trip.status]}</span>
            </p>
            {showVehicle ? <p className="mt-1 text-slate-900">{vehicleText(trip)}</p> : null}
            <p className="text-slate-700">{trip.guestName ?? "Guest not named"}</p>
            <p className="mt-1 text-slate-600">
              {formatDateTime(trip.startAt, trip.timeZone)} →{" "}
              {formatDateTime(trip.endAt, trip.timeZone)}
            </p>
            {trip.earningsCents !== null ? (
              <p className="mt-1 tabular-nums">Earnings {formatCents(trip.earningsCents)}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function vehicleText(trip: TripListItem) {
  if (trip.vehicleLabel) return trip.vehicleLabel;
  return (
    <span className="text-amber-800">
      Not matched{trip.vehicleName ? ` (“${trip.vehicleName}”)` : ""}
    </span>
  );
}
