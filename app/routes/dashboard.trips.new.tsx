import type { Route } from "./+types/dashboard.trips.new";
import { FleetPageHeader } from "~/components/fleet";
import { TripForm } from "~/components/trips/trip-form";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { requireSession } from "~/lib/auth/guards.server";
import { listVehicles, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { formReply, readForm } from "~/lib/http/form.server";
import { env } from "~/lib/runtime/env.server";
import { saveTripForm } from "~/lib/trips/trip-page.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Add a trip", "/dashboard/trips/new", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const wanted = new URL(request.url).searchParams.get("vehicleId") ?? "";
  const vehicles = listVehicles(session.accountId).map((vehicle) => ({
    id: vehicle.id,
    label: vehicleLabel(vehicle),
  }));
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicles,
    vehicleId: vehicles.some((vehicle) => vehicle.id === wanted) ? wanted : "",
    timeZone: accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  return saveTripForm(session.accountId, form);
}

export default function NewTrip({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/trips", label: "Trips" }}
        title="Add a trip"
        intro="Times are local to where the trip happened; claim deadlines are counted from them."
      />
      <TripForm
        lastResult={actionData?.result}
        defaultValue={{ vehicleId: loaderData.vehicleId, timeZone: loaderData.timeZone }}
        vehicles={loaderData.vehicles}
        accountTimeZone={loaderData.timeZone}
        submitLabel="Add trip"
      />
    </div>
  );
}
