import { Form, Link } from "react-router";
import { TripSelect, tripChoiceLabel } from "~/components/trips/trip-select";
import type { TripChoice } from "~/lib/estimates/report-trip.server";

const MATCHED_BY: Record<string, string> = {
  host: "chosen by you",
  "capture-times": "matched from the photos' capture times",
  "upload-times": "matched from the photos' upload times (they have no capture time)",
};

/**
 * The trip the estimate is for, how it was set, and a form to change it; once the estimate is
 * final, the way on to a claim for that trip.
 */
export function ReportTrip({
  reportId,
  vehicleId,
  trip,
  choices,
  complete,
  busy,
}: {
  reportId: string;
  vehicleId: string;
  trip: (TripChoice & { matchedBy: string }) | null;
  choices: TripChoice[];
  complete: boolean;
  busy: boolean;
}) {
  return (
    <section
      id="trip"
      aria-labelledby="trip-title"
      className="no-print mt-8 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <h2 id="trip-title" className="text-lg font-semibold">
        Trip
      </h2>
      {trip ? (
        <p className="mt-1 text-slate-700">
          <Link to={`/dashboard/trip/${trip.id}`} className="font-medium text-brand-700 underline">
            {tripChoiceLabel(trip)}
          </Link>{" "}
          <span className="text-sm text-slate-600">({MATCHED_BY[trip.matchedBy]})</span>
        </p>
      ) : (
        <p className="mt-1 text-slate-700">
          Not attached to a trip.{" "}
          {choices.length === 0 ? (
            <>
              <Link to="/dashboard/trips" className="text-brand-700 underline">
                Import or add this car&apos;s trips
              </Link>{" "}
              to claim this damage.
            </>
          ) : (
            "Choose the trip to claim this damage."
          )}
        </p>
      )}
      {complete && trip ? (
        <p className="mt-3">
          <Link
            to={`/dashboard/claims/new?tripId=${trip.id}&reportId=${reportId}`}
            className="btn-primary"
          >
            Start a damage claim for this trip
          </Link>
        </p>
      ) : null}
      {choices.length > 0 ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="set-trip" />
          <div className="min-w-0 flex-1">
            <label htmlFor="report-trip" className="label">
              {trip ? "Change the trip" : "Trip"}
            </label>
            <TripSelect
              id="report-trip"
              name="tripId"
              choices={[{ vehicleId, vehicleLabel: "", trips: choices }]}
              vehicleId={vehicleId}
              defaultValue={trip?.id}
            />
          </div>
          <button type="submit" className="btn-outline" disabled={busy}>
            Save trip
          </button>
        </Form>
      ) : null}
    </section>
  );
}
