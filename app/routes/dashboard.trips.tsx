import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.trips";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { TripImportForm } from "~/components/trips/trip-import-form";
import { PageLinks, PageNotice } from "~/components/page-links";
import { TripFilters } from "~/components/trips/trip-filters";
import { TripList } from "~/components/trips/trip-list";
import { UnmatchedCars } from "~/components/trips/unmatched-cars";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import type { TripCsvError } from "~/domain/trips/trip-csv";
import { newCarFromFile } from "~/domain/trips/file-vehicle";
import { accountPreferences, setDetectedTimeZone } from "~/lib/accounts/preferences.server";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession, type SessionPost } from "~/lib/auth/guards.server";
import { getVehicle, listVehicles, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { errorsOf, parseSubmission, type FormReply } from "~/lib/http/form";
import { formReply, formResult, UNREADABLE_FORM_MESSAGE } from "~/lib/http/form.server";
import { readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { env } from "~/lib/runtime/env.server";
import {
  csvText,
  encodingNote,
  importTripCsv,
  MAX_TRIP_CSV_BYTES,
  TOO_LARGE_MESSAGE,
} from "~/lib/trips/trip-import.server";
import { matchTripsToVehicle, unmatchedCars } from "~/lib/trips/trips.server";
import { tripListPage } from "~/lib/trips/trip-list.server";
import { tripListItems } from "~/lib/trips/trip-view.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import {
  intentSchema,
  postedEntry,
  postedFields,
  postedText,
  type IntentHandlers,
  type IntentOf,
} from "~/lib/http/intent";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Trips", "/dashboard/trips", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicles = listVehicles(session.accountId);
  const labels = new Map(vehicles.map((vehicle) => [vehicle.id, vehicleLabel(vehicle)]));
  const timeZone = accountPreferences(session.accountId).timeZone;
  const list = tripListPage(session.accountId, new URL(request.url).searchParams, {
    now: Date.now(),
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
  });
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    trips: tripListItems(list.trips, vehicles),
    nextCursor: list.nextCursor,
    total: list.total,
    filters: list.filters,
    notice: list.notice,
    unmatched: unmatchedCars(session.accountId).map((car) => ({
      vehicle: { label: car.vehicle.label, title: car.vehicle.title, vin: car.vehicle.vin },
      trips: car.trips,
      candidates: car.candidates.map((id) => labels.get(id) ?? ""),
      newCar: newCarFromFile(car.vehicle),
    })),
    vehicles: vehicles.map((vehicle) => ({ id: vehicle.id, label: labels.get(vehicle.id)! })),
    // Null until the owner (or their browser) sets one: the import form asks for it then.
    timeZone,
    ownsAccount: session.role === "primary",
  };
}

const TRIPS_ORDER = "Trips not over yet first, the one ending soonest at the top; then past trips";

type TripsReply = FormReply<"import" | "match"> & { rowErrors?: TripCsvError[] };

function importFailed(status: number, message: string, rowErrors: TripCsvError[] = []) {
  return data<TripsReply>(
    { intent: "import", result: formResult(null, { formError: message }), rowErrors },
    { status },
  );
}

const fileName = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((value) => value || null);
/** The page's forms: matching a file's car, or importing a file (the main form, no intent). */
const tripsPostSchema = intentSchema(["match", "import"], { fallback: "import" });
const importSchema = z.object({ file: postedEntry, timeZone: postedText });

const matchSchema = z.object({
  vehicleName: fileName,
  vehicleTitle: fileName,
  vehicleVin: fileName,
  vehicleId: z.string({ error: "Choose the car." }).trim().min(1, "Choose the car."),
});

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readMultipartForm(request, MAX_TRIP_CSV_BYTES + 64 * 1024);
  if (form instanceof UploadTooLargeError) return importFailed(413, TOO_LARGE_MESSAGE);
  // Said where the import form shows its problems: a reply without an intent shows nowhere.
  if (!form) return importFailed(400, UNREADABLE_FORM_MESSAGE);

  const { intent } = postedFields(form, tripsPostSchema);
  return tripsIntents[intent]({ session, form });
}

async function matchPosted({ session, form }: SessionPost) {
  const submission = parseSubmission(form, matchSchema);
  if (
    submission.status !== "success" ||
    !getVehicle(session.accountId, submission.value.vehicleId)
  ) {
    return formReply(submission, {
      status: 400,
      intent: "match",
      formError: "Choose one of your cars.",
    });
  }
  const { vehicleName, vehicleTitle, vehicleVin, vehicleId } = submission.value;
  const matched = matchTripsToVehicle(
    session.accountId,
    { label: vehicleName, title: vehicleTitle, vin: vehicleVin },
    vehicleId,
  );
  return redirectWithToast("/dashboard/trips", {
    title: "Trips matched",
    description:
      matched === 1
        ? "1 trip now belongs to that car. Later imports will remember it."
        : `${matched} trips now belong to that car. Later imports will remember it.`,
  });
}

async function importPosted({ session, form }: SessionPost) {
  const posted = postedFields(form, importSchema);
  const file = await csvText(posted.file ?? null);
  if (!file.ok) return importFailed(file.status, file.message);
  const result = importTripCsv(session.accountId, file, { timeZone: posted.timeZone });
  if (!result.ok) return importFailed(result.status, result.message, result.errors);
  // Asked once: an owner without a zone yet keeps the one they chose for the file.
  if (session.role === "primary") setDetectedTimeZone(session.accountId, result.timeZone);
  recordEvent("feature_usage", { feature: "trips", action: "import" }, session.user.id);
  const parts = [
    `${result.imported} new`,
    `${result.updated} updated`,
    `${result.skipped} unchanged`,
    ...(result.unmatched > 0 ? [`${result.unmatched} to match to a car`] : []),
  ];
  return redirectWithToast("/dashboard/trips", {
    title: "Trips imported",
    description: [`${parts.join(", ")}.`, encodingNote(result.encoding)].filter(Boolean).join(" "),
  });
}

const tripsIntents = {
  match: matchPosted,
  import: importPosted,
} satisfies IntentHandlers<IntentOf<typeof tripsPostSchema>, SessionPost>;

export default function Trips({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as TripsReply | undefined;
  const importReply = reply?.intent === "import" ? reply : undefined;
  const filtered = Object.values(loaderData.filters).some((value) => value !== null);
  const importSection = (
    <CardSection title="Import from the marketplace" id="import-title">
      <TripImportForm
        timeZone={loaderData.timeZone}
        ownsAccount={loaderData.ownsAccount}
        error={importReply ? errorsOf(importReply.result).form : undefined}
        rowErrors={importReply?.rowErrors}
      />
    </CardSection>
  );
  return (
    <div className="container-page max-w-5xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Trips"
        intro="Every reservation of your cars: claims count their deadlines from these times."
        actions={
          <Link to="/dashboard/trips/new" className="btn-outline">
            Add a trip
          </Link>
        }
      />
      {/* A refused file's problems come first, where the page opens after the post. */}
      {importReply ? importSection : null}
      <UnmatchedCars cars={loaderData.unmatched} vehicles={loaderData.vehicles} />
      {reply?.intent === "match" ? (
        <p role="alert" className="field-error">
          {errorsOf(reply.result).form}
        </p>
      ) : null}
      {importReply ? null : importSection}
      <CardSection
        title={`${filtered ? "Matching trips" : "All trips"} (${loaderData.total.toLocaleString("en-US")})`}
        id="trips-title"
        description={`${TRIPS_ORDER}.`}
      >
        <div className="mt-4 space-y-4">
          <TripFilters filters={loaderData.filters} vehicles={loaderData.vehicles} />
          <PageNotice notice={loaderData.notice} />
          {loaderData.trips.length > 0 ? (
            <TripList trips={loaderData.trips} caption={TRIPS_ORDER} />
          ) : filtered ? (
            <p className="text-slate-700">No trips match these filters.</p>
          ) : (
            <p className="text-slate-700">
              No trips yet. Import the marketplace&apos;s Trip Earnings CSV above, or{" "}
              <Link to="/dashboard/trips/new" className="font-medium text-brand-700 underline">
                add a trip by hand
              </Link>
              .
            </p>
          )}
          <PageLinks nextCursor={loaderData.nextCursor} label="Trips pages" />
        </div>
      </CardSection>
    </div>
  );
}
