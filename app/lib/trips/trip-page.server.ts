/**
 * The trip form's action, shared by "Add a trip" and a trip's own page: checks the form, then
 * creates or updates the trip, answering with the form contract's reply or a redirect.
 */
import { parseSubmission } from "~/lib/http/form";
import { formReply } from "~/lib/http/form.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";
import { checkFormTrip, tripFormSchema } from "./trip-form";
import { createTrip, TripConflictError, updateTrip } from "./trips.server";

const CHECK = "Check the trip's details.";

export function saveTripForm(accountId: string, form: FormData, tripId?: string) {
  const submission = parseSubmission(form, tripFormSchema);
  if (submission.status !== "success")
    return formReply(submission, { status: 400, formError: CHECK });
  const checked = checkFormTrip(submission.value, Date.now());
  if (!checked.ok) {
    return formReply(submission, {
      status: 400,
      formError: CHECK,
      fieldErrors: checked.fieldErrors,
    });
  }
  if (!getVehicle(accountId, checked.vehicleId)) {
    return formReply(submission, {
      status: 400,
      formError: CHECK,
      fieldErrors: { vehicleId: "Choose one of your cars." },
    });
  }
  try {
    const saved = tripId
      ? updateTrip(accountId, tripId, checked.trip, checked.vehicleId)
      : createTrip(accountId, checked.trip, checked.vehicleId, "manual");
    if (!saved) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(`/dashboard/trip/${saved.id}`, {
      title: tripId ? "Trip saved" : "Trip added",
      description: `Reservation ${saved.reservationId}.`,
    });
  } catch (error) {
    if (!(error instanceof TripConflictError)) throw error;
    return formReply(submission, {
      status: 409,
      formError: error.message,
      fieldErrors: { reservationId: error.message },
    });
  }
}
