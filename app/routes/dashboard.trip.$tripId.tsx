import { Link } from "react-router";
import type { Route } from "./+types/dashboard.trip.$tripId";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { TripForm } from "~/components/trips/trip-form";
import { ReportStatusBadge } from "~/components/estimates/status-badge";
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay } from "~/domain/dates";
import { formatCents } from "~/domain/money";
import { TRIP_STATUS_LABELS, type TripStatus } from "~/domain/trips/trip";
import { wallClockAt, formatIsoDate, formatTime24 } from "~/domain/zoned-time";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { requireSession } from "~/lib/auth/guards.server";
import { reportsOfTrip } from "~/lib/estimates/report-trip.server";
import { getVehicle, listVehicles, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { formReply, readForm } from "~/lib/http/form.server";
import { notFound } from "~/lib/http/not-found";
import { env } from "~/lib/runtime/env.server";
import { tripConversationId } from "~/lib/inbox/conversations.server";
import { saveTripForm } from "~/lib/trips/trip-page.server";
import { getTrip } from "~/lib/trips/trips.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Trip ${data.trip.reservationId}` : "Trip", "/dashboard/trips", data);

/** Local date and time fields of an instant in the trip's zone, as the form shows them. */
function localFields(instant: Date, timeZone: string) {
  const local = wallClockAt(instant.getTime(), timeZone);
  return { date: formatIsoDate(local), time: formatTime24(local) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const trip = getTrip(session.accountId, params.tripId) ?? notFound("No trip with that id here.");
  const vehicle = trip.vehicleId ? getVehicle(session.accountId, trip.vehicleId) : undefined;
  const start = localFields(trip.startAt, trip.timeZone);
  const end = localFields(trip.endAt, trip.timeZone);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    tripId: trip.id,
    conversationId: tripConversationId(session.accountId, trip.id),
    trip: {
      reservationId: trip.reservationId,
      status: trip.status as TripStatus,
      startAt: trip.startAt.toISOString(),
      endAt: trip.endAt.toISOString(),
      timeZone: trip.timeZone,
      guestName: trip.guestName,
      vehicleId: vehicle?.id ?? null,
      vehicleLabel: vehicle ? vehicleLabel(vehicle) : null,
      vehicleName: trip.vehicleName,
      source: trip.source,
    },
    formValues: {
      reservationId: trip.reservationId,
      vehicleId: vehicle?.id ?? "",
      guestName: trip.guestName ?? "",
      timeZone: trip.timeZone,
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      pickupLocation: trip.pickupLocation ?? "",
      returnLocation: trip.returnLocation ?? "",
      odometerStart: trip.odometerStart === null ? "" : String(trip.odometerStart),
      odometerEnd: trip.odometerEnd === null ? "" : String(trip.odometerEnd),
      earnings: trip.earningsCents === null ? "" : (trip.earningsCents / 100).toFixed(2),
      status: trip.status,
      guestPlan: trip.guestPlan ?? "",
    },
    vehicles: listVehicles(session.accountId).map((row) => ({
      id: row.id,
      label: vehicleLabel(row),
    })),
    accountTimeZone: accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE,
    estimates: reportsOfTrip(session.accountId, trip.id).map((report) => ({
      ...report,
      createdAt: report.createdAt.toISOString(),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  if (!getTrip(session.accountId, params.tripId)) notFound("No trip with that id here.");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  return saveTripForm(session.accountId, form, params.tripId);
}

export default function TripPage({ loaderData, actionData }: Route.ComponentProps) {
  const { trip } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/trips", label: "Trips" }}
        title={`Trip ${trip.reservationId}`}
        actions={
          <Link to={`/dashboard/claims/new?tripId=${loaderData.tripId}`} className="btn-primary">
            Start a claim
          </Link>
        }
        intro={
          <>
            {trip.vehicleId ? (
              <Link
                to={`/dashboard/vehicle/${trip.vehicleId}`}
                className="font-medium text-brand-700 underline"
              >
                {trip.vehicleLabel}
              </Link>
            ) : (
              <span className="text-amber-800">
                Car not matched
                {trip.vehicleName
                  ? ` (“${trip.vehicleName}” in the ${trip.source === "email" ? "booking email" : "file"})`
                  : ""}
              </span>
            )}
            {trip.guestName ? ` · ${trip.guestName}` : ""} · {TRIP_STATUS_LABELS[trip.status]}
            <br />
            {formatDateTime(trip.startAt, trip.timeZone)} →{" "}
            {formatDateTime(trip.endAt, trip.timeZone)}
            {loaderData.conversationId ? (
              <>
                {" · "}
                <Link
                  to={`/dashboard/inbox/${loaderData.conversationId}`}
                  className="font-medium text-brand-700 underline"
                >
                  Messages with the guest
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <CardSection id="estimates" title="Damage estimates">
        {loaderData.estimates.length === 0 ? (
          <p className="text-slate-700">No estimate is attached to this trip.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {loaderData.estimates.map((estimate) => (
              <li key={estimate.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link
                  to={`/analysis/${estimate.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  Estimate of {formatDay(estimate.createdAt, loaderData.accountTimeZone)}
                </Link>
                <ReportStatusBadge status={estimate.status} />
                <span className="text-sm text-slate-700">
                  Revision {estimate.revision}
                  {estimate.totalCents !== null ? ` · ${formatCents(estimate.totalCents)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
        {trip.vehicleId ? (
          <p className="mt-3 text-sm">
            <Link
              to={`/app?vehicleId=${trip.vehicleId}&tripId=${loaderData.tripId}`}
              className="text-brand-700 underline"
            >
              New estimate for this trip
            </Link>
          </p>
        ) : null}
      </CardSection>
      <CardSection id="edit-trip" title="Edit the trip">
        <TripForm
          lastResult={actionData?.result}
          defaultValue={loaderData.formValues}
          vehicles={loaderData.vehicles}
          accountTimeZone={loaderData.accountTimeZone}
          submitLabel="Save trip"
        />
      </CardSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that trip", [
  { to: "/dashboard/trips", label: "All trips" },
  { to: "/dashboard/trips/new", label: "Add a trip" },
]);
