import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { CardSection } from "~/components/card-section";
import { TripList } from "~/components/trips/trip-list";
import { DamageItem } from "~/components/vehicles/damage-item";

/** A car's open damage, with "Mark all repaired" while there is some. */
export function OpenDamageSection({
  open,
  inReview,
  busy,
}: {
  open: ComponentProps<typeof DamageItem>["entry"][];
  /** Findings on reports still in review: they show here once their estimate is final. */
  inReview: number;
  busy: boolean;
}) {
  return (
    <CardSection
      id="open-heading"
      title="Open damage"
      description={
        inReview > 0
          ? `${inReview === 1 ? "1 finding" : `${inReview} findings`} on reports still in review will show here once the estimate is final.`
          : "Damage recorded on final estimates and not repaired yet."
      }
      actions={
        open.length > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="repair-all" />
            <button type="submit" className="btn-outline py-2" disabled={busy}>
              Mark all repaired
            </button>
          </Form>
        ) : null
      }
    >
      {open.length === 0 ? (
        <p className="text-sm text-slate-600">No open damage on this car.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {open.map((entry) => (
            <DamageItem key={entry.id} entry={entry} busy={busy} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** A car's trips, with links to its host plans and to all its trips in the trip list. */
export function VehicleTripsSection({
  vehicleId,
  trips,
  tripCount,
}: {
  vehicleId: string;
  trips: ComponentProps<typeof TripList>["trips"];
  tripCount: number;
}) {
  return (
    <CardSection id="trips-heading" title={`Trips (${tripCount})`}>
      {trips.length === 0 ? (
        <p className="text-sm text-slate-600">
          No trips for this car yet.{" "}
          <Link to="/dashboard/trips" className="font-medium text-brand-600 underline">
            Import the marketplace&apos;s trip file or add a trip
          </Link>
          .
        </p>
      ) : (
        <>
          <TripList
            trips={trips}
            showVehicle={false}
            caption="Trips of this car, not over yet first, then the latest"
          />
          <p className="mt-3 text-sm">
            <Link
              to={`/dashboard/vehicle/${vehicleId}/host-plans`}
              className="text-brand-600 underline"
            >
              Host plan history
            </Link>{" "}
            ·{" "}
            <Link
              to={`/dashboard/trips?vehicleId=${encodeURIComponent(vehicleId)}`}
              className="text-brand-600 underline"
            >
              {tripCount === 1 ? "The trip of this car" : `All ${tripCount} trips of this car`}
            </Link>
          </p>
        </>
      )}
    </CardSection>
  );
}
