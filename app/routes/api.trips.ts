import type { Route } from "./+types/api.trips";
import { requireApiSession } from "~/lib/auth/guards.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";
import { readJsonInput } from "~/lib/http/json-input.server";
import { jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";
import { checkApiTrip, tripApiSchema } from "~/lib/trips/trip-form";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { CURSOR_MESSAGE } from "~/lib/paging/paging";
import { readTripListRequest, tripPage } from "~/lib/trips/trip-list.server";
import { createTrip, tripJson, TripConflictError } from "~/lib/trips/trips.server";

/**
 * GET /api/trips[?vehicleId=&status=&from=&to=&limit=&cursor=]: this account's trips, the most
 * recently ended first, `limit` (50, at most 200) at a time; `nextCursor` (null on the last
 * page) asks for the next page. A bad limit, cursor or filter is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const list = readTripListRequest(new URL(request.url).searchParams);
  if (!list.ok) return jsonError(400, list.message);
  // The API's one order has no "not over yet" part: such a cursor is the page's, not ours.
  if (list.cursor?.part === "now") return jsonError(400, CURSOR_MESSAGE);
  const timeZone = accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE;
  const page = tripPage(session.accountId, list.filters, list, { now: null, timeZone });
  return privateJson({ trips: page.trips.map(tripJson), nextCursor: page.nextCursor });
}

/**
 * POST /api/trips (JSON: reservationId, vehicleId, guestName, startAt and endAt as ISO 8601 with
 * an offset (or local in timeZone), timeZone, and optional locations, odometer, distanceMiles,
 * earningsCents, status) → 201 { trip }; 400 { error, fieldErrors }; 409 for a reservation
 * already stored; 404 for a vehicle that isn't this account's.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const session = await requireApiSession(request);
  const input = await readJsonInput(request, tripApiSchema, "Check the trip details.");
  if (!input.ok) return input.response;
  const checked = checkApiTrip(input.data, Date.now());
  if (!checked.ok)
    return jsonError(400, "Check the trip details.", { fieldErrors: checked.fieldErrors });
  if (!getVehicle(session.accountId, checked.vehicleId)) {
    return jsonError(404, "No vehicle with that id in this account.", {
      fieldErrors: { vehicleId: "No vehicle with that id in this account." },
    });
  }
  try {
    const trip = createTrip(session.accountId, checked.trip, checked.vehicleId, "api");
    return privateJson({ trip: tripJson(trip) }, { status: 201 });
  } catch (error) {
    if (error instanceof TripConflictError) {
      return jsonError(409, error.message, { fieldErrors: { reservationId: error.message } });
    }
    throw error;
  }
}
