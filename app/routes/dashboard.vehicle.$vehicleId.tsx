import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.vehicle.$vehicleId";
import {
  FleetPageHeader,
  FleetSection,
  formatDate,
  ReportListItem,
  useFocusFirstError,
  VehicleStatusBadge,
} from "~/components/fleet";
import { notFoundBoundary } from "~/components/error-boundary";
import { FormAlert } from "~/components/form-field";
import { VehicleFields } from "~/components/vehicle-fields";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import {
  markFindingRepaired,
  markVehicleRepaired,
  vehicleHistory,
  vehicleReports,
  type HistoryEntry,
} from "~/lib/estimates/fleet.server";
import { VehicleFormSchema } from "~/lib/estimates/vehicle-form";
import {
  getVehicle,
  updateVehicle,
  vehicleJson,
  vehicleLabel,
} from "~/lib/estimates/vehicles.server";
import { formValues, parseForm, readForm, type FieldErrors } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

type Intent = "update" | "repair" | "repair-all";

interface ActionData {
  intent: Intent | null;
  values?: Record<string, string>;
  fieldErrors?: FieldErrors;
  error?: string;
}

/** Unknown ids and another account's vehicles get the same answer. */
const VEHICLE_NOT_FOUND = "We couldn't find that vehicle in this account.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicle = getVehicle(session.accountId, params.vehicleId) ?? notFound(VEHICLE_NOT_FOUND);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicle: vehicleJson(vehicle),
    label: vehicleLabel(vehicle),
    history: vehicleHistory(session.accountId, vehicle.id) ?? [],
    reports: vehicleReports(session.accountId, vehicle.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const vehicle = getVehicle(session.accountId, params.vehicleId) ?? notFound(VEHICLE_NOT_FOUND);
  const form = await readForm(request);
  const rawIntent = String(form?.get("intent") ?? "");
  const intent = (["update", "repair", "repair-all"] as const).find((i) => i === rawIntent) ?? null;
  const reply = (status: number, result: Omit<ActionData, "intent">) =>
    data<ActionData>({ intent, ...result }, { status });
  if (!form) return reply(400, { error: "We couldn't read that form. Please try again." });
  const here = `/dashboard/vehicle/${vehicle.id}`;

  switch (intent) {
    case "update": {
      const values = formValues(form);
      const parsed = parseForm(VehicleFormSchema, form);
      if (!parsed.ok) {
        return reply(400, {
          values,
          fieldErrors: parsed.fieldErrors,
          error: "Check the highlighted fields.",
        });
      }
      const result = updateVehicle(session.accountId, vehicle.id, parsed.data);
      if (!result) notFound(VEHICLE_NOT_FOUND);
      if (!result.ok) {
        return reply(409, {
          values,
          fieldErrors: result.fieldErrors,
          error: "Check the highlighted fields.",
        });
      }
      return redirectWithToast(here, { title: "Vehicle saved" });
    }
    case "repair": {
      const findingId = String(form.get("findingId") ?? "");
      const repaired = form.get("repaired") !== "false";
      const result = markFindingRepaired(session.accountId, findingId, repaired, vehicle.id);
      if (!result.ok) return reply(result.status, { error: result.error });
      return redirectWithToast(here, {
        title: repaired ? "Marked repaired" : "Damage reopened",
      });
    }
    case "repair-all": {
      const result = markVehicleRepaired(session.accountId, vehicle.id);
      if (!result) notFound(VEHICLE_NOT_FOUND);
      return redirectWithToast(here, {
        title: "All damage marked repaired",
        description:
          result.count === 1
            ? "1 finding marked repaired."
            : `${result.count} findings marked repaired.`,
      });
    }
    default:
      return reply(400, { error: "Unknown action. Reload the page and try again." });
  }
}

export const meta: Route.MetaFunction = ({ data, params }) =>
  pageMeta({
    title: data ? data.label : "Vehicle",
    path: `/dashboard/vehicle/${params.vehicleId}`,
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

function vehicleValues(vehicle: ReturnType<typeof vehicleJson>): Record<string, string> {
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
  };
}

function DamageItem({ entry, busy }: { entry: HistoryEntry; busy: boolean }) {
  const repaired = entry.state === "repaired";
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <span className="mr-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
            <span className="sr-only">Number </span>
            {entry.number}
          </span>
          {entry.label} · {entry.panelLabel}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {entry.preExisting ? "Pre-existing, seen " : "Found "}
          {formatDate(entry.reportDate)} ·{" "}
          <Link to={`/analysis/${entry.reportId}`} className="text-brand-600 underline">
            report
          </Link>
          {repaired ? ` · repaired ${formatDate(entry.repairedAt)}` : ""}
        </p>
      </div>
      <Form method="post" preventScrollReset className="shrink-0">
        <input type="hidden" name="intent" value="repair" />
        <input type="hidden" name="findingId" value={entry.id} />
        <input type="hidden" name="repaired" value={repaired ? "false" : "true"} />
        <button
          type="submit"
          className={repaired ? "btn-ghost border border-slate-200 py-2" : "btn-outline py-2"}
          disabled={busy}
          aria-label={`${repaired ? "Reopen" : "Mark repaired"}: ${entry.label}, ${entry.panelLabel.toLowerCase()} (number ${entry.number})`}
        >
          {repaired ? "Reopen" : "Mark repaired"}
        </button>
      </Form>
    </li>
  );
}

export default function VehiclePage({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicle, label, history, reports } = loaderData;
  const busy = useNavigation().state === "submitting";
  const open = history.filter((entry) => entry.state === "open");
  const repaired = history.filter((entry) => entry.state === "repaired");
  const inReview = history.filter((entry) => entry.state === "in-review").length;
  const updateResult = actionData?.intent === "update" ? actionData : undefined;
  const formRef = useFocusFirstError<HTMLFormElement>(updateResult);
  const otherError = actionData && actionData.intent !== "update" ? actionData.error : undefined;
  const editValues = updateResult?.values ?? vehicleValues(vehicle);
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

      <FleetSection
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
      </FleetSection>

      {repaired.length > 0 ? (
        <FleetSection id="repaired-heading" title="Repaired">
          <ul className="divide-y divide-slate-100">
            {repaired.map((entry) => (
              <DamageItem key={entry.id} entry={entry} busy={busy} />
            ))}
          </ul>
        </FleetSection>
      ) : null}

      <FleetSection id="reports-heading" title="Reports">
        {reports.length === 0 ? (
          <p className="text-sm text-slate-600">
            No reports for this car yet.{" "}
            <Link to={newEstimate} className="font-medium text-brand-600 underline">
              Start an estimate
            </Link>{" "}
            with photos of the damage.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {reports.map((report) => (
              <ReportListItem
                key={report.id}
                report={report}
                title={`Report of ${formatDate(report.createdAt)}`}
                showDate={false}
              />
            ))}
          </ul>
        )}
      </FleetSection>

      <FleetSection
        id="details-heading"
        title="Vehicle details"
        description="The body type, price class and paint type set the prices of this car's estimates."
      >
        <Form
          // A save re-renders the fields with the stored (normalised) values.
          key={JSON.stringify(vehicleValues(vehicle))}
          ref={formRef}
          method="post"
          className="space-y-4"
          aria-labelledby="details-heading"
        >
          <input type="hidden" name="intent" value="update" />
          <FormAlert message={updateResult?.error} />
          <VehicleFields
            values={editValues}
            errors={updateResult?.fieldErrors}
            idPrefix="edit-"
            showStatus
          />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              Save changes
            </button>
          </div>
        </Form>
      </FleetSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that vehicle", [
  { to: "/dashboard", label: "Back to the dashboard" },
  { to: "/dashboard/vehicles/new", label: "Add a vehicle" },
]);
