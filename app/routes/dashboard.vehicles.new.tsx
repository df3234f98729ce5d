import { getFormProps } from "@conform-to/react";
import { requireVehicleRoom } from "~/lib/billing/gates.server";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.vehicles.new";
import { FleetPageHeader } from "~/components/fleet";
import { FormErrors } from "~/components/form-field";
import { VehicleFields } from "~/components/vehicle-fields";
import { DEFAULT_PAINT_TYPE, defaultPriceClass } from "~/domain/estimate/vehicle-defaults";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import {
  CHECK_VEHICLE_FIELDS,
  VehicleFormSchema,
  vehicleFormForBrowser,
} from "~/lib/vehicles/vehicle-form";
import { createVehicle, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { matchTripsToVehicle } from "~/lib/trips/trips.server";
import { parseSubmission, useSchemaForm } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { z } from "zod";
import { postedFields, postedText } from "~/lib/http/intent";

/** "Add as a new car" from the trips page: the fields the export filled, and the file's car. */
const PREFILLED = ["nickname", "vin", "year", "make", "model", "plate"] as const;
const FILE_CAR = ["fileVehicle", "fileTitle", "fileVin"] as const;

/** The file's car, posted in hidden fields ("" when missing, as an empty field). */
const fileCarSchema = z.object({
  fileVehicle: postedText,
  fileTitle: postedText,
  fileVin: postedText,
});

function fileCar(read: (name: string) => string | null) {
  const [label = null, title = null, vin = null] = FILE_CAR.map(
    (name) => read(name)?.trim().slice(0, 500) || null,
  );
  return label || title || vin ? { label, title, vin } : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  requireVehicleRoom(session, "page");
  const params = new URL(request.url).searchParams;
  const prefill: Record<string, string> = Object.fromEntries(
    PREFILLED.flatMap((name) => {
      const value = params.get(name)?.trim().slice(0, 60);
      return value ? [[name, value]] : [];
    }),
  );
  const fromFile = fileCar((name) => params.get(name));
  // From a file, the usual price class of the make and the usual paint, as the API assumes.
  if (fromFile) {
    prefill.priceClass = defaultPriceClass(prefill.make ?? null);
    prefill.paintType = DEFAULT_PAINT_TYPE;
  }
  return { origin: new URL(env().PUBLIC_URL).origin, prefill, fileCar: fromFile };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireVehicleRoom(session, "page");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, VehicleFormSchema);
  if (submission.status !== "success")
    return formReply(submission, { status: 400, formError: CHECK_VEHICLE_FIELDS });
  const result = createVehicle(session.accountId, submission.value);
  if (!result.ok) {
    return formReply(submission, {
      status: 409,
      formError: CHECK_VEHICLE_FIELDS,
      fieldErrors: result.fieldErrors,
    });
  }
  recordEvent("vehicle_added", { vehicleId: result.vehicle.id }, session.user.id);
  const posted = postedFields(form, fileCarSchema);
  const fromTrips = fileCar((name) => posted[name as (typeof FILE_CAR)[number]]);
  if (fromTrips) {
    const matched = matchTripsToVehicle(session.accountId, fromTrips, result.vehicle.id);
    return redirectWithToast("/dashboard/trips", {
      title: "Vehicle added",
      description: `${vehicleLabel(result.vehicle)} is in your fleet; ${matched === 1 ? "1 trip belongs" : `${matched} trips belong`} to it.`,
    });
  }
  return redirectWithToast(`/dashboard/vehicle/${result.vehicle.id}`, {
    title: "Vehicle added",
    description: `${vehicleLabel(result.vehicle)} is in your fleet.`,
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Add a vehicle",
    path: "/dashboard/vehicles/new",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function NewVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(vehicleFormForBrowser, actionData?.result, {
    id: "new-vehicle",
    defaultValue: loaderData.prefill,
  });
  const { fileCar } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Add a vehicle"
        intro={
          fileCar
            ? "Filled in from your trip export: check the details and add what the file doesn't say. The car's trips are matched to it once it's saved."
            : "The car's details set the part prices and paint costs in its estimates."
        }
      />
      <Form
        method="post"
        className="space-y-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
        aria-label="New vehicle"
        {...getFormProps(form)}
      >
        <FormErrors form={form} />
        {fileCar ? (
          <>
            <input type="hidden" name="fileVehicle" value={fileCar.label ?? ""} />
            <input type="hidden" name="fileTitle" value={fileCar.title ?? ""} />
            <input type="hidden" name="fileVin" value={fileCar.vin ?? ""} />
          </>
        ) : null}
        <VehicleFields fields={fields} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={fileCar ? "/dashboard/trips" : "/dashboard"} className="btn-ghost">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Adding…" : "Add vehicle"}
          </button>
        </div>
      </Form>
    </div>
  );
}
