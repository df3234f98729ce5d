import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/app";
import { PhotoUploader } from "~/components/estimates/photo-uploader";
import { FormAlert } from "~/components/form-field";
import { VehicleFields } from "~/components/vehicle-fields";
import type { PhotoPhase } from "~/domain/estimate/taxonomy";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import {
  discardStagedPhoto,
  MAX_PHOTOS_PER_REPORT,
  photoJson,
  stagedPhotos,
  stageFiles,
  TOO_MANY_PHOTOS_MESSAGE,
  type PhotoJson,
  type UploadRejection,
} from "~/lib/estimates/photos.server";
import { aiAvailable, createReport, ReportInputError } from "~/lib/estimates/reports.server";
import { VehicleFormSchema } from "~/lib/estimates/vehicle-form";
import {
  createVehicle,
  getVehicle,
  listVehicles,
  vehicleLabel,
} from "~/lib/estimates/vehicles.server";
import { formValues, parseForm, type FieldErrors } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { filesOf, readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { env } from "~/lib/runtime/env.server";
import { useHydrated } from "~/lib/ui/use-hydrated";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "New damage estimate",
    path: "/app",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicles = listVehicles(session.accountId).filter(
    (vehicle) => vehicle.status !== "inactive",
  );
  const wanted = new URL(request.url).searchParams.get("vehicleId");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicles: vehicles.map((vehicle) => ({ id: vehicle.id, label: vehicleLabel(vehicle) })),
    selectedVehicleId:
      vehicles.find((vehicle) => vehicle.id === wanted)?.id ?? vehicles.at(-1)?.id ?? null,
    aiAvailable: aiAvailable(),
    maxPhotos: MAX_PHOTOS_PER_REPORT,
  };
}

interface ActionData {
  error?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Photos staged so far, shown again with their warnings (the no-JS check step). */
  staged?: PhotoJson[];
  rejections?: UploadRejection[];
}

const VEHICLE_FORM_ERROR = "The car couldn't be added. Check its details.";

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const owner = { accountId: session.accountId, userId: session.user.id };
  const form = await readMultipartForm(request);
  if (form instanceof UploadTooLargeError) {
    return data<ActionData>({ error: form.message }, { status: 413 });
  }
  if (!form)
    return data<ActionData>({ error: "We couldn't read that form. Try again." }, { status: 400 });

  if (form.get("intent") === "add-vehicle") {
    const parsed = parseForm(VehicleFormSchema, form);
    const saved = parsed.ok ? createVehicle(session.accountId, parsed.data) : parsed;
    if (!saved.ok) {
      // The summary shows even where the vehicle fields don't (the upload step of a host who
      // already has cars).
      return data<ActionData>(
        { error: VEHICLE_FORM_ERROR, fieldErrors: saved.fieldErrors, values: formValues(form) },
        { status: 400 },
      );
    }
    recordEvent("vehicle_added", { vehicleId: saved.vehicle.id }, session.user.id);
    return redirectWithToast(`/app?vehicleId=${saved.vehicle.id}`, {
      title: "Vehicle added",
      description: "Now add photos of the damage.",
    });
  }

  const vehicleId = String(form.get("vehicleId") ?? "");
  const values = formValues(form, ["photoId", "removePhoto"]);
  if (!getVehicle(session.accountId, vehicleId)) {
    return data<ActionData>(
      { fieldErrors: { vehicleId: "Choose one of your vehicles." }, values },
      { status: 400 },
    );
  }
  const phase = form.get("phase") === "pre_trip" ? "pre_trip" : "post_trip";
  const mode = form.get("mode") === "manual" ? "manual" : "ai";

  const removed = new Set(form.getAll("removePhoto").map(String));
  for (const id of removed) await discardStagedPhoto(session.accountId, id);
  const keptIds = form
    .getAll("photoId")
    .map(String)
    .filter((id) => !removed.has(id));
  const files = filesOf(form, "photos");
  if (keptIds.length + files.length > MAX_PHOTOS_PER_REPORT) {
    return data<ActionData>(
      {
        fieldErrors: {
          photos: TOO_MANY_PHOTOS_MESSAGE,
        },
        values,
        staged: stagedPhotos(session.accountId, keptIds).map((p, i) =>
          photoJson(p, i + 1, "/photos", true),
        ),
      },
      { status: 400 },
    );
  }
  const { staged, rejections } = await stageFiles(owner, files, phase);
  const photos = stagedPhotos(session.accountId, [...keptIds, ...staged.map((photo) => photo.id)]);
  const stagedJson = photos.map((photo, index) => photoJson(photo, index + 1, "/photos", true));
  const newWarnings = staged.some((photo) => photo.warnings !== "[]");
  const accepted = form.get("acceptWarnings") === "1";

  if (photos.length === 0) {
    return data<ActionData>(
      {
        fieldErrors: { photos: rejections.length ? "" : "Add at least one photo of the damage." },
        rejections,
        values,
      },
      { status: rejections[0]?.status ?? 400 },
    );
  }
  if (rejections.length > 0 || (newWarnings && !accepted)) {
    return data<ActionData>({ staged: stagedJson, rejections, values });
  }
  try {
    const report = createReport({
      ...owner,
      vehicleId,
      photoIds: photos.map((photo) => photo.id),
      mode,
    });
    return redirect(`/analysis/${report.id}`);
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    return data<ActionData>(
      { error: error.message, staged: stagedJson, values },
      { status: error.status },
    );
  }
}

export default function NewEstimate({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicles, selectedVehicleId, maxPhotos } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const staged = actionData?.staged ?? [];
  const phase = values.phase === "pre_trip" ? "pre_trip" : "post_trip";
  const [currentPhase, setCurrentPhase] = useState<PhotoPhase>(phase);

  return (
    <main id="main" className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
        Damage estimate
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">New damage estimate</h1>
      <p className="mt-2 text-slate-700">
        Photograph the damage, and get a line-by-line repair estimate with a low–high range.
      </p>

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
          <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="add-vehicle" />
            <VehicleFields values={values} errors={errors} idPrefix="new-" />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
              {submitting ? "Saving…" : "Add vehicle"}
            </button>
          </Form>
        </section>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-8 space-y-8"
          aria-describedby={actionData?.error ? "upload-error" : undefined}
        >
          <div id="upload-error">
            <FormAlert message={actionData?.error} />
          </div>

          <fieldset className="space-y-2">
            <legend className="text-lg font-semibold">1. Which car?</legend>
            <label htmlFor="vehicleId" className="label">
              Vehicle
            </label>
            <select
              id="vehicleId"
              name="vehicleId"
              className="input"
              defaultValue={values.vehicleId ?? selectedVehicleId ?? undefined}
              aria-invalid={errors.vehicleId ? true : undefined}
              aria-describedby={errors.vehicleId ? "vehicleId-error" : undefined}
            >
              {vehicles.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.label}
                </option>
              ))}
            </select>
            {errors.vehicleId ? (
              <p id="vehicleId-error" className="field-error">
                {errors.vehicleId}
              </p>
            ) : null}
            <p className="text-sm">
              <Link to="/dashboard/vehicles/new" className="text-brand-600 underline">
                Add another vehicle
              </Link>
            </p>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold">2. Photos of the damage</legend>
            <div
              className="flex flex-wrap gap-4 text-sm"
              role="radiogroup"
              aria-label="When were these photos taken?"
            >
              {(["post_trip", "pre_trip"] as const).map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="phase"
                    value={value}
                    defaultChecked={phase === value}
                    onChange={() => setCurrentPhase(value)}
                  />
                  {value === "post_trip"
                    ? "After the trip (post-trip)"
                    : "Before the trip (pre-trip)"}
                </label>
              ))}
            </div>
            <p className="text-sm text-slate-600">
              Up to {maxPhotos} photos. Take one wide shot of each damaged side, then close-ups in
              good light. Pre-trip photos show what was already there.
            </p>
            <PhotoUploader
              initial={staged}
              phase={currentPhase}
              maxPhotos={maxPhotos}
              onBusyChange={setUploading}
            />
            {errors.photos ? <p className="field-error">{errors.photos}</p> : null}
            {actionData?.rejections?.length ? (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                <p className="font-semibold">Some files couldn't be used:</p>
                <ul className="mt-1 list-disc pl-5">
                  {actionData.rejections.map((rejection, index) => (
                    <li key={index}>
                      <span className="font-medium">{rejection.fileName}:</span> {rejection.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {staged.some((photo) => photo.warnings.length > 0) ? (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                Some photos may weaken a claim (see the warnings). Remove or retake them, or
                continue if they still show the damage.
              </p>
            ) : null}
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold">3. Find the damage</legend>
            {loaderData.aiAvailable ? (
              <div className="space-y-2 text-sm">
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="mode"
                    value="ai"
                    defaultChecked={values.mode !== "manual"}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium">Analyze the photos with AI</span> — about a
                    minute; you review every finding before the estimate is final.
                  </span>
                </label>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="mode"
                    value="manual"
                    defaultChecked={values.mode === "manual"}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium">I'll mark the damage myself</span> on the car
                    diagram.
                  </span>
                </label>
              </div>
            ) : (
              <p className="text-sm text-slate-700">
                AI photo analysis isn't set up on this server. After the upload you'll mark the
                damage on the car diagram, and the same estimate engine prices it.
              </p>
            )}
          </fieldset>

          {/* Warnings already shown (beside each photo with JS, or on this check step) count as
              seen: submitting means "use these photos anyway". */}
          {hydrated || staged.length > 0 ? (
            <input type="hidden" name="acceptWarnings" value="1" />
          ) : null}
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base sm:w-auto"
            disabled={submitting || uploading}
          >
            {submitting
              ? "Uploading…"
              : uploading
                ? "Waiting for uploads…"
                : staged.length
                  ? "Continue with these photos"
                  : "Get my estimate"}
          </button>
        </Form>
      )}
    </main>
  );
}
