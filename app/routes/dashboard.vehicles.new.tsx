import { getFormProps } from "@conform-to/react";
import { requireVehicleRoom } from "~/lib/billing/gates.server";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.vehicles.new";
import { FleetPageHeader } from "~/components/fleet";
import { FormErrors } from "~/components/form-field";
import { VehicleFields } from "~/components/vehicle-fields";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import {
  CHECK_VEHICLE_FIELDS,
  VehicleFormSchema,
  vehicleFormForBrowser,
} from "~/lib/estimates/vehicle-form";
import { createVehicle, vehicleLabel } from "~/lib/estimates/vehicles.server";
import { parseSubmission, useSchemaForm } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  requireVehicleRoom(session, "page");
  return { origin: new URL(env().PUBLIC_URL).origin };
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

export default function NewVehicle({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(vehicleFormForBrowser, actionData?.result, {
    id: "new-vehicle",
  });
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Add a vehicle"
        intro="The car's details set the part prices and paint costs in its estimates."
      />
      <Form
        method="post"
        className="space-y-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
        aria-label="New vehicle"
        {...getFormProps(form)}
      >
        <FormErrors form={form} />
        <VehicleFields fields={fields} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/dashboard" className="btn-ghost">
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
