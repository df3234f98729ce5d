import { equipmentValues } from "~/lib/vehicles/vehicle-form";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.vehicle.$vehicleId";
import { tripListItems } from "~/lib/trips/trip-view.server";
import { countTrips, NO_TRIP_FILTERS, tripPage } from "~/lib/trips/trip-list.server";
import { PageLinks, PageNotice } from "~/components/page-links";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { pageOrFirst, readTimePageRequest } from "~/lib/paging/paging";
import { timeCursor } from "~/lib/paging/time-keyset.server";
import {
  FleetPageHeader,
  useFormatDate,
  ReportListItem,
  VehicleStatusBadge,
} from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { notFoundBoundary } from "~/components/error-boundary";
import { FormAlert } from "~/components/form-field";
import { DamageItem } from "~/components/vehicles/damage-item";
import { VehicleDetailsForm } from "~/components/vehicles/vehicle-details-form";
import { OpenDamageSection, VehicleTripsSection } from "~/components/vehicles/vehicle-sections";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import {
  markFindingRepaired,
  markVehicleRepaired,
  vehicleHistory,
  vehicleReports,
} from "~/lib/estimates/fleet.server";
import { CHECK_VEHICLE_FIELDS, VehicleFormSchema } from "~/lib/vehicles/vehicle-form";
import {
  getVehicle,
  updateVehicle,
  vehicleJson,
  vehicleLabel,
  type VehicleRow,
} from "~/lib/vehicles/vehicles.server";
import { errorsOf, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { z } from "zod";
import {
  intentSchema,
  postedFields,
  postedText,
  type IntentHandlers,
  type IntentOf,
} from "~/lib/http/intent";

const REPORTS_PER_PAGE = 20;
const TRIPS_SHOWN = 10;

/** The page's forms: the car's details, one finding repaired, or all of them. */
const vehiclePostSchema = intentSchema(["update", "repair", "repair-all"], {
  message: "Unknown action. Reload the page and try again.",
});
type Intent = IntentOf<typeof vehiclePostSchema>;

/** Unknown ids and another account's vehicles get the same answer. */
const VEHICLE_NOT_FOUND = "We couldn't find that vehicle in this account.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicle = getVehicle(session.accountId, params.vehicleId) ?? notFound(VEHICLE_NOT_FOUND);
  const asked = pageOrFirst(
    readTimePageRequest(new URL(request.url).searchParams, REPORTS_PER_PAGE),
    REPORTS_PER_PAGE,
  );
  const carTrips = { ...NO_TRIP_FILTERS, vehicleId: vehicle.id };
  const when = {
    now: Date.now(),
    timeZone: accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE,
  };
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicle: vehicleJson(vehicle),
    label: vehicleLabel(vehicle),
    history: vehicleHistory(session.accountId, vehicle.id) ?? [],
    // The page's `cursor` pages the car's reports; a stale one shows the first page.
    reports: vehicleReports(session.accountId, vehicle.id, {
      limit: asked.page.limit,
      cursor: timeCursor(asked.page.cursor),
    }),
    reportsNotice: asked.notice,
    // The car's next trips (then its latest past ones); the trips page lists them all.
    trips: tripListItems(
      tripPage(session.accountId, carTrips, { limit: TRIPS_SHOWN, cursor: null }, when).trips,
      [vehicle],
    ),
    tripCount: countTrips(session.accountId, carTrips, when.timeZone),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const vehicle = getVehicle(session.accountId, params.vehicleId) ?? notFound(VEHICLE_NOT_FOUND);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const posted = parseSubmission(form, vehiclePostSchema);
  if (posted.status !== "success") {
    return formReply(null, {
      status: 400,
      formError: "Unknown action. Reload the page and try again.",
    });
  }
  return vehicleIntents[posted.value.intent]({ accountId: session.accountId, vehicle, form });
}

interface Target {
  accountId: string;
  vehicle: VehicleRow;
  form: FormData;
}

const here = (vehicle: VehicleRow) => `/dashboard/vehicle/${vehicle.id}`;

function update({ accountId, vehicle, form }: Target) {
  const submission = parseSubmission(form, VehicleFormSchema);
  if (submission.status !== "success")
    return formReply<Intent>(submission, {
      status: 400,
      intent: "update",
      formError: CHECK_VEHICLE_FIELDS,
    });
  const result = updateVehicle(accountId, vehicle.id, submission.value);
  if (!result) notFound(VEHICLE_NOT_FOUND);
  if (!result.ok) {
    return formReply<Intent>(submission, {
      status: 409,
      intent: "update",
      formError: CHECK_VEHICLE_FIELDS,
      fieldErrors: result.fieldErrors,
    });
  }
  return redirectWithToast(here(vehicle), { title: "Vehicle saved" });
}

/** A finding's button: its id, and "false" to mark it not repaired again. */
const repairSchema = z.object({ findingId: postedText, repaired: postedText });

function repair({ accountId, vehicle, form }: Target) {
  const posted = postedFields(form, repairSchema);
  const findingId = posted.findingId;
  const repaired = posted.repaired !== "false";
  const result = markFindingRepaired(accountId, findingId, repaired, vehicle.id);
  if (!result.ok)
    return formReply<Intent>(null, {
      status: result.status,
      intent: "repair",
      formError: result.error,
    });
  return redirectWithToast(here(vehicle), {
    title: repaired ? "Marked repaired" : "Damage reopened",
  });
}

function repairAll({ accountId, vehicle }: Target) {
  const result = markVehicleRepaired(accountId, vehicle.id);
  if (!result) notFound(VEHICLE_NOT_FOUND);
  return redirectWithToast(here(vehicle), {
    title: "All damage marked repaired",
    description:
      result.count === 1
        ? "1 finding marked repaired."
        : `${result.count} findings marked repaired.`,
  });
}

const vehicleIntents = {
  update,
  repair,
  "repair-all": repairAll,
} satisfies IntentHandlers<Intent, Target>;

export const meta: Route.MetaFunction = ({ data, params }) =>
  privatePageMeta(data ? data.label : "Vehicle", `/dashboard/vehicle/${params.vehicleId}`, data);

function vehicleValues(vehicle: ReturnType<typeof vehicleJson>): Record<string, string | string[]> {
  return {
    nickname: vehicle.nickname ?? "",
    vin: vehicle.vin ?? "",
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim ?? "",
    bodyType: vehicle.bodyType,
    priceClass: vehicle.priceClass,
    paintType: vehicle.paintType,
    plate: vehicle.plate ?? "",
    status: vehicle.status,
    ...equipmentValues(vehicle),
  };
}

export default function VehiclePage({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicle, label, history, reports } = loaderData;
  const busy = useNavigation().state === "submitting";
  const formatDate = useFormatDate();
  const open = history.filter((entry) => entry.state === "open");
  const repaired = history.filter((entry) => entry.state === "repaired");
  const inReview = history.filter((entry) => entry.state === "in-review").length;
  const otherError =
    actionData?.intent === "update" ? undefined : errorsOf(actionData?.result).form;
  const saved = vehicleValues(vehicle);
  const newEstimate = `/app?${new URLSearchParams({ vehicleId: vehicle.id })}`;

  return (
    <div className="container-page max-w-4xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title={label}
        intro={
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <VehicleStatusBadge status={vehicle.status} />
            {vehicle.vin ? (
              <span>
                VIN <span className="font-mono">{vehicle.vin}</span>
              </span>
            ) : null}
            {vehicle.plate ? <span>Plate {vehicle.plate}</span> : null}
          </p>
        }
        actions={
          <>
            <Link to={newEstimate} className="btn-primary">
              New estimate for this car
            </Link>
            <Link to={`/diagram-dashboard/${vehicle.id}`} className="btn-outline">
              Damage history diagram
            </Link>
          </>
        }
      />

      {otherError ? <FormAlert message={otherError} /> : null}

      <OpenDamageSection open={open} inReview={inReview} busy={busy} />

      {repaired.length > 0 ? (
        <CardSection id="repaired-heading" title="Repaired">
          <ul className="divide-y divide-slate-100">
            {repaired.map((entry) => (
              <DamageItem key={entry.id} entry={entry} busy={busy} />
            ))}
          </ul>
        </CardSection>
      ) : null}

      <CardSection id="reports-heading" title={`Reports (${reports.total})`}>
        <PageNotice notice={loaderData.reportsNotice} />
        {reports.reports.length === 0 ? (
          <p className="text-sm text-slate-600">
            No reports for this car yet.{" "}
            <Link to={newEstimate} className="font-medium text-brand-600 underline">
              Start an estimate
            </Link>{" "}
            with photos of the damage.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {reports.reports.map((report) => (
              <ReportListItem
                key={report.id}
                report={report}
                title={`Report of ${formatDate(report.createdAt)}`}
                showDate={false}
              />
            ))}
          </ul>
        )}
        <PageLinks nextCursor={reports.nextCursor} label="Reports pages" />
      </CardSection>

      <VehicleTripsSection
        vehicleId={vehicle.id}
        trips={loaderData.trips}
        tripCount={loaderData.tripCount}
      />

      <CardSection
        id="details-heading"
        title="Vehicle details"
        description="The body type, price class and paint type set the prices of this car's estimates."
      >
        <VehicleDetailsForm
          // A save starts a fresh form with the stored (normalised) values.
          key={JSON.stringify(saved)}
          saved={saved}
          lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          busy={busy}
        />
      </CardSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that vehicle", [
  { to: "/dashboard", label: "Back to the dashboard" },
  { to: "/dashboard/vehicles/new", label: "Add a vehicle" },
]);
