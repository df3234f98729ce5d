import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ComponentProps } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-field";
import type { PhotoPhase } from "~/domain/estimate/taxonomy";
import { uploadFormSchema, type NewEstimateReply } from "~/lib/estimates/upload-form";
import { useSchemaForm } from "~/lib/http/form";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { TripSelect } from "~/components/trips/trip-select";
import { PhotoUploader } from "./photo-uploader";

/**
 * The /app upload form: which car, the photos (uploaded one by one with JavaScript, posted with
 * the form without) and how to find the damage. After a refused post it shows the staged photos
 * again with their warnings, so the host can go on with them.
 */
export function PhotoUploadForm({
  vehicles,
  trips,
  selectedVehicleId,
  selectedTripId,
  aiAvailable,
  maxPhotos,
  reply,
}: {
  vehicles: { id: string; label: string }[];
  /** Each car's latest trips, for the trip chooser. */
  trips: ComponentProps<typeof TripSelect>["choices"];
  selectedVehicleId: string | null;
  selectedTripId?: string;
  aiAvailable: boolean;
  maxPhotos: number;
  reply?: NewEstimateReply;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useSchemaForm(
    uploadFormSchema,
    reply?.intent === "upload" ? reply.result : undefined,
    { id: "upload" },
  );
  const initial = (name: keyof typeof fields) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  // Any refusal shows here, the car form's too (a host who already has cars has no car form).
  const error = reply?.result.error?.[""]?.[0];
  const photosError = reply?.intent === "upload" ? reply.result.error?.photos?.[0] : undefined;
  const staged = reply?.staged ?? [];
  const phase = initial("phase") === "pre_trip" ? "pre_trip" : "post_trip";
  const [currentPhase, setCurrentPhase] = useState<PhotoPhase>(phase);
  const [vehicleId, setVehicleId] = useState(initial("vehicleId") ?? selectedVehicleId);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-8 space-y-8"
      {...getFormProps(form)}
      aria-describedby={error ? "upload-error" : undefined}
    >
      <div id="upload-error">
        <FormAlert message={error} />
      </div>

      <CarFieldset
        vehicles={vehicles}
        trips={trips}
        vehicleField={fields.vehicleId}
        tripField={fields.tripId}
        initialVehicleId={initial("vehicleId") ?? selectedVehicleId ?? undefined}
        initialTripId={initial("tripId") ?? selectedTripId}
        vehicleId={vehicleId}
        onVehicleChange={setVehicleId}
      />

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">2. Photos of the damage</legend>
        <PhaseChoice name={fields.phase.name} initial={phase} onChange={setCurrentPhase} />
        <p className="text-sm text-slate-600">
          Up to {maxPhotos} photos. Take one wide shot of each damaged side, then close-ups in good
          light. Pre-trip photos show what was already there.
        </p>
        <PhotoUploader
          initial={staged}
          phase={currentPhase}
          maxPhotos={maxPhotos}
          onBusyChange={setUploading}
        />
        {photosError ? <p className="field-error">{photosError}</p> : null}
        <FileRejections rejections={reply?.rejections ?? []} />
        {staged.some((photo) => photo.warnings.length > 0) ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Some photos may weaken a claim (see the warnings). Remove or retake them, or continue if
            they still show the damage.
          </p>
        ) : null}
      </fieldset>

      <FindModeFieldset
        aiAvailable={aiAvailable}
        name={fields.mode.name}
        initialMode={initial("mode")}
      />

      {/* Warnings already shown (beside each photo with JS, or on this check step) count as
          seen: submitting means "use these photos anyway". */}
      {hydrated || staged.length > 0 ? (
        <input type="hidden" name={fields.acceptWarnings.name} value="1" />
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
  );
}

/** Step 1: the car and the trip (the trip chooser lists the chosen car's trips). */
function CarFieldset({
  vehicles,
  trips,
  vehicleField,
  tripField,
  initialVehicleId,
  initialTripId,
  vehicleId,
  onVehicleChange,
}: {
  vehicles: { id: string; label: string }[];
  trips: ComponentProps<typeof TripSelect>["choices"];
  vehicleField: FieldMetadata<unknown>;
  tripField: FieldMetadata<unknown>;
  initialVehicleId: string | undefined;
  initialTripId: string | undefined;
  vehicleId: string | null;
  onVehicleChange: (vehicleId: string) => void;
}) {
  const vehicleError = vehicleField.errors?.[0];
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">1. Which car?</legend>
      <label htmlFor="vehicleId" className="label">
        Vehicle
      </label>
      <select
        key={vehicleField.key}
        id="vehicleId"
        name={vehicleField.name}
        className="input"
        defaultValue={initialVehicleId}
        onChange={(event) => onVehicleChange(event.target.value)}
        aria-invalid={vehicleError ? true : undefined}
        aria-describedby={vehicleError ? "vehicleId-error" : undefined}
      >
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.label}
          </option>
        ))}
      </select>
      {vehicleError ? (
        <p id="vehicleId-error" className="field-error">
          {vehicleError}
        </p>
      ) : null}
      <p className="text-sm">
        <Link to="/dashboard/vehicles/new" className="text-brand-600 underline">
          Add another vehicle
        </Link>
      </p>
      <label htmlFor="tripId" className="label pt-2">
        Trip
      </label>
      <TripSelect
        id="tripId"
        name={tripField.name}
        choices={trips}
        vehicleId={vehicleId}
        defaultValue={initialTripId}
        offerFind
        error={tripField.errors?.[0]}
      />
      <p className="text-sm text-slate-600">
        A claim needs the trip. Left to the photos, the trip whose dates their capture times fall in
        is chosen; you can change it on the report.
      </p>
    </fieldset>
  );
}

function FileRejections({
  rejections,
}: {
  rejections: NonNullable<NewEstimateReply["rejections"]>;
}) {
  return rejections.length ? (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Some files couldn't be used:</p>
      <ul className="mt-1 list-disc pl-5">
        {rejections.map((rejection, index) => (
          <li key={index}>
            <span className="font-medium">{rejection.fileName}:</span> {rejection.message}
          </li>
        ))}
      </ul>
    </div>
  ) : null;
}

/** Step 3: AI analysis or marking the damage by hand (only the latter without an AI key). */
function FindModeFieldset({
  aiAvailable,
  name,
  initialMode,
}: {
  aiAvailable: boolean;
  name: string;
  initialMode: string | undefined;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">3. Find the damage</legend>
      {aiAvailable ? (
        <div className="space-y-2 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value="ai"
              defaultChecked={initialMode !== "manual"}
              className="mt-1"
            />
            <span>
              <span className="font-medium">Analyze the photos with AI</span> — about a minute; you
              review every finding before the estimate is final.
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value="manual"
              defaultChecked={initialMode === "manual"}
              className="mt-1"
            />
            <span>
              <span className="font-medium">I'll mark the damage myself</span> on the car diagram.
            </span>
          </label>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          AI photo analysis isn't set up on this server. After the upload you'll mark the damage on
          the car diagram, and the same estimate engine prices it.
        </p>
      )}
    </fieldset>
  );
}

/** When the photos were taken: after the trip (damage to claim) or before it (already there). */
function PhaseChoice({
  name,
  initial,
  onChange,
}: {
  name: string;
  initial: PhotoPhase;
  onChange: (phase: PhotoPhase) => void;
}) {
  return (
    <div
      className="flex flex-wrap gap-4 text-sm"
      role="radiogroup"
      aria-label="When were these photos taken?"
    >
      {(["post_trip", "pre_trip"] as const).map((value) => (
        <label key={value} className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            value={value}
            defaultChecked={initial === value}
            onChange={() => onChange(value)}
          />
          {value === "post_trip" ? "After the trip (post-trip)" : "Before the trip (pre-trip)"}
        </label>
      ))}
    </div>
  );
}
