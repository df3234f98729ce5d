import { getFormProps, type Submission } from "@conform-to/react";
import { requireVehicleRoom } from "~/lib/billing/gates.server";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/app";
import { HomeStateStep } from "~/components/estimates/home-state-step";
import { PhotoUploadForm } from "~/components/estimates/photo-upload-form";
import { VehicleFields } from "~/components/vehicle-fields";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession, type SessionPost } from "~/lib/auth/guards.server";
import {
  discardStagedPhoto,
  MAX_PHOTOS_PER_REPORT,
  photoJson,
  stagedPhotos,
  stageFiles,
  TOO_MANY_PHOTOS_MESSAGE,
} from "~/lib/estimates/photos.server";
import {
  HOME_STATE_MESSAGE,
  needsHomeState,
  parseHomeState,
  saveHomeState,
} from "~/lib/estimates/home-state.server";
import { resolveTripChoice, tripChoices } from "~/lib/estimates/report-trip.server";
import { aiAvailable, createReport } from "~/lib/estimates/reports.server";
import { catchInputError } from "~/lib/http/input-error";
import { intentSchema, postedFields, postedTexts, type IntentHandlers } from "~/lib/http/intent";
import {
  CHOOSE_VEHICLE_MESSAGE,
  uploadFormSchema,
  type NewEstimateIntent,
  type NewEstimateReply,
} from "~/lib/estimates/upload-form";
import { VehicleFormSchema, vehicleFormForBrowser } from "~/lib/vehicles/vehicle-form";
import {
  createVehicle,
  getVehicle,
  listVehicles,
  vehicleLabel,
} from "~/lib/vehicles/vehicles.server";
import { errorsOf, parseSubmission, useSchemaForm, type FormResult } from "~/lib/http/form";
import { formReply } from "~/lib/http/form.server";
import { filesOf, readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("New damage estimate", "/app", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicles = listVehicles(session.accountId).filter(
    (vehicle) => vehicle.status !== "inactive",
  );
  const url = new URL(request.url);
  const wanted = url.searchParams.get("vehicleId");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicles: vehicles.map((vehicle) => ({ id: vehicle.id, label: vehicleLabel(vehicle) })),
    trips: tripChoices(
      session.accountId,
      vehicles.map((vehicle) => vehicle.id),
    ).map((choice) => ({
      ...choice,
      vehicleLabel: vehicleLabel(vehicles.find((vehicle) => vehicle.id === choice.vehicleId)!),
    })),
    selectedVehicleId:
      vehicles.find((vehicle) => vehicle.id === wanted)?.id ?? vehicles.at(-1)?.id ?? null,
    /** "New estimate for this trip" from a trip page. */
    selectedTripId: url.searchParams.get("tripId") ?? undefined,
    aiAvailable: aiAvailable(),
    maxPhotos: MAX_PHOTOS_PER_REPORT,
    // The owner is asked once; team members and VAs price with whatever the owner chose.
    askHomeState: session.role === "primary" && needsHomeState(session.accountId),
  };
}

const VEHICLE_FORM_ERROR = "The car couldn't be added. Check its details.";
/** Staged photos' ids are never sent back as values: the staged list carries them. */
const STAGED_FIELDS = ["photoId", "removePhoto"];

/** A refused upload: the form contract's reply plus the photos staged so far and the refusals. */
function uploadReply(
  submission: Submission<unknown>,
  options: { status?: number; formError?: string; photos?: string; vehicleId?: string },
  extra: Pick<NewEstimateReply, "staged" | "rejections"> = {},
) {
  const reply = formReply<NewEstimateIntent>(submission, {
    intent: "upload",
    status: options.status,
    formError: options.formError,
    fieldErrors:
      options.photos || options.vehicleId
        ? { photos: options.photos, vehicleId: options.vehicleId }
        : undefined,
    hideFields: STAGED_FIELDS,
  });
  return data<NewEstimateReply>({ ...reply.data, ...extra }, reply.init ?? undefined);
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const owner = { accountId: session.accountId, userId: session.user.id };
  const form = await readMultipartForm(request);
  if (form instanceof UploadTooLargeError) {
    return formReply<NewEstimateIntent>(null, { formError: form.message, status: 413 });
  }
  if (!form) {
    return formReply<NewEstimateIntent>(null, {
      formError: "We couldn't read that form. Try again.",
      status: 400,
    });
  }
  const { intent } = postedFields(form, newEstimatePostSchema);
  return newEstimateIntents[intent]({ form, session, owner });
}

/** The page's forms: the home state, a new car, or the photos (the main form, no intent). */
const newEstimatePostSchema = intentSchema(["home-state", "add-vehicle", "upload"], {
  fallback: "upload",
});

/** One posted form of the page, for its intent's handler. */
interface NewEstimatePost extends SessionPost {
  owner: { accountId: string; userId: string };
}

const newEstimateIntents = {
  "home-state": ({ form, session }) => homeState(form, session),
  "add-vehicle": ({ form, session }) => addVehicle(form, session),
  upload: ({ form, owner }) => uploadPhotos(form, owner),
} satisfies IntentHandlers<NewEstimateIntent, NewEstimatePost>;

/** The photos already staged that the host keeps or removes (hidden fields and buttons). */
const stagedChoiceSchema = z.object({ removePhoto: postedTexts, photoId: postedTexts });

function homeState(form: FormData, session: { accountId: string; role: string }) {
  if (session.role !== "primary") {
    return formReply<NewEstimateIntent>(null, {
      status: 403,
      intent: "home-state",
      formError: "Only the account owner can set the home state.",
    });
  }
  const state = parseHomeState(form);
  if (state === undefined) {
    return formReply<NewEstimateIntent>(null, {
      status: 400,
      intent: "home-state",
      formError: HOME_STATE_MESSAGE,
      fieldErrors: { state: HOME_STATE_MESSAGE },
    });
  }
  saveHomeState(session.accountId, state);
  return redirectWithToast("/app", {
    title: "Home state saved",
    description: state
      ? "Estimates use its labor rates and sales tax."
      : "Estimates use US averages.",
  });
}

async function addVehicle(form: FormData, session: { accountId: string; user: { id: string } }) {
  requireVehicleRoom(session, "page");
  const submission = parseSubmission(form, VehicleFormSchema);
  const saved =
    submission.status === "success" ? createVehicle(session.accountId, submission.value) : null;
  if (!saved?.ok) {
    // The summary shows even where the vehicle fields don't (the upload step of a host who
    // already has cars).
    return formReply<NewEstimateIntent>(submission, {
      status: 400,
      intent: "add-vehicle",
      formError: VEHICLE_FORM_ERROR,
      fieldErrors: saved?.fieldErrors,
    });
  }
  recordEvent("vehicle_added", { vehicleId: saved.vehicle.id }, session.user.id);
  return redirectWithToast(`/app?vehicleId=${saved.vehicle.id}`, {
    title: "Vehicle added",
    description: "Now add photos of the damage.",
  });
}

async function uploadPhotos(form: FormData, owner: { accountId: string; userId: string }) {
  const submission = parseSubmission(form, uploadFormSchema);
  const vehicleId = submission.status === "success" ? submission.value.vehicleId : "";
  if (submission.status !== "success" || !getVehicle(owner.accountId, vehicleId)) {
    return uploadReply(submission, { status: 400, vehicleId: CHOOSE_VEHICLE_MESSAGE });
  }
  const { phase, mode, acceptWarnings } = submission.value;

  const stagedChoice = postedFields(form, stagedChoiceSchema);
  const removed = new Set(stagedChoice.removePhoto);
  for (const id of removed) await discardStagedPhoto(owner.accountId, id);
  const keptIds = stagedChoice.photoId.filter((id) => !removed.has(id));
  const files = filesOf(form, "photos");
  if (keptIds.length + files.length > MAX_PHOTOS_PER_REPORT) {
    const staged = stagedPhotos(owner.accountId, keptIds).map((p, i) =>
      photoJson(p, i + 1, "/photos", true),
    );
    return uploadReply(submission, { status: 400, photos: TOO_MANY_PHOTOS_MESSAGE }, { staged });
  }
  const { staged, rejections } = await stageFiles(owner, files, phase);
  const photos = stagedPhotos(owner.accountId, [...keptIds, ...staged.map((photo) => photo.id)]);
  const stagedJson = photos.map((photo, index) => photoJson(photo, index + 1, "/photos", true));
  const newWarnings = staged.some((photo) => photo.warnings !== "[]");

  if (photos.length === 0) {
    return uploadReply(
      submission,
      {
        status: rejections[0]?.status ?? 400,
        photos: rejections.length ? undefined : "Add at least one photo of the damage.",
      },
      { rejections },
    );
  }
  if (rejections.length > 0 || (newWarnings && acceptWarnings !== "1")) {
    return uploadReply(submission, {}, { staged: stagedJson, rejections });
  }
  return catchInputError(
    () => {
      const report = createReport({
        ...owner,
        vehicleId,
        photoIds: photos.map((photo) => photo.id),
        mode,
        trip: resolveTripChoice(owner.accountId, vehicleId, submission.value.tripId, photos),
      });
      return redirect(`/analysis/${report.id}`);
    },
    (error) =>
      uploadReply(
        submission,
        { status: error.status, formError: error.message },
        { staged: stagedJson },
      ),
  );
}

export default function NewEstimate({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicles } = loaderData;
  const reply: NewEstimateReply | undefined = actionData;
  const vehicleResult = reply?.intent === "add-vehicle" ? reply.result : undefined;

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
        Damage estimate
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">New damage estimate</h1>
      <p className="mt-2 text-slate-700">
        Photograph the damage, and get a line-by-line repair estimate with a low–high range.
      </p>

      {loaderData.askHomeState ? (
        <HomeStateStep
          error={reply?.intent === "home-state" ? errorsOf(reply.result).state : undefined}
        />
      ) : null}
      {vehicles.length === 0 ? (
        <section
          aria-labelledby="first-vehicle"
          className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-6"
        >
          <h2 id="first-vehicle" className="text-lg font-semibold">
            First, add the car
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            The estimate prices parts and paint for this car, so we need its year, make, model and
            body. A VIN fills in the year and make for you.
          </p>
          <FirstVehicleForm lastResult={vehicleResult} />
        </section>
      ) : (
        <PhotoUploadForm
          vehicles={vehicles}
          trips={loaderData.trips}
          selectedVehicleId={loaderData.selectedVehicleId}
          selectedTripId={loaderData.selectedTripId}
          aiAvailable={loaderData.aiAvailable}
          maxPhotos={loaderData.maxPhotos}
          reply={reply}
        />
      )}
    </div>
  );
}

/** The car, before the first estimate: without it nothing can be priced. */
function FirstVehicleForm({ lastResult }: { lastResult?: FormResult }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(vehicleFormForBrowser, lastResult, { id: "add-vehicle" });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="add-vehicle" />
      <VehicleFields fields={fields} idPrefix="new-" />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Saving…" : "Add vehicle"}
      </button>
    </Form>
  );
}
