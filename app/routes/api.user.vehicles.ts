import type { Route } from "./+types/api.user.vehicles";
import { requireVehicleRoom } from "~/lib/billing/gates.server";
import { recordEvent } from "~/lib/analytics/server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { VehicleFormSchema, withVehicleDefaults } from "~/lib/vehicles/vehicle-form";
import {
  createVehicle,
  DUPLICATE_VIN_MESSAGE,
  vehicleJson,
  vehiclePage,
} from "~/lib/vehicles/vehicles.server";
import { fieldErrorsOf, readForm } from "~/lib/http/form.server";
import { jsonError, methodNotAllowed, readJsonObject, privateJson } from "~/lib/http/json";
import { readTimePageRequest, requirePage } from "~/lib/paging/paging";

/**
 * GET /api/user/vehicles[?limit=&cursor=]: this account's vehicles, oldest first, `limit` (50, at
 * most 200) a page; `nextCursor` (null on the last page) asks for the next one. A bad limit or
 * cursor is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const asked = requirePage(readTimePageRequest(new URL(request.url).searchParams));
  const page = vehiclePage(session.accountId, asked);
  return privateJson({ vehicles: page.items.map(vehicleJson), nextCursor: page.nextCursor });
}

/** The body as a plain object: JSON, or a form post (text fields only). */
async function readBody(
  request: Request,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; response: Response }> {
  if (request.headers.get("Content-Type")?.includes("application/json")) {
    return readJsonObject(request);
  }
  const form = await readForm(request);
  if (!form)
    return { ok: false, response: jsonError(400, "Send JSON or a form with the vehicle.") };
  return {
    ok: true,
    value: Object.fromEntries([...form].filter(([, value]) => typeof value === "string")),
  };
}

/**
 * POST /api/user/vehicles (JSON or form: nickname, vin, year, make, model, trim, bodyType,
 * priceClass, paintType, plate, status) → 201 { vehicle, assumed }; 400 { error, fieldErrors };
 * 409 for a VIN already in the fleet. A VIN (or year, make and model) and a body type are
 * enough: a missing price class or paint type is filled from the make and listed in `assumed`.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const session = await requireApiSession(request);
  requireVehicleRoom(session, "api");
  const body = await readBody(request);
  if (!body.ok) return body.response;
  const { input, assumed } = withVehicleDefaults(body.value);
  const parsed = VehicleFormSchema.safeParse(input);
  if (!parsed.success) {
    return jsonError(400, "Check the vehicle details.", {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  }
  const result = createVehicle(session.accountId, parsed.data);
  if (!result.ok) {
    return jsonError(409, DUPLICATE_VIN_MESSAGE, { fieldErrors: result.fieldErrors });
  }
  recordEvent("vehicle_added", { vehicleId: result.vehicle.id }, session.user.id);
  return privateJson({ vehicle: vehicleJson(result.vehicle), assumed }, { status: 201 });
}
