import { useState, type ReactNode } from "react";
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  PAINT_TYPE_LABELS,
  PAINT_TYPES,
  PRICE_CLASS_LABELS,
  PRICE_CLASSES,
  VEHICLE_STATUS_LABELS,
  VEHICLE_STATUSES,
} from "~/domain/estimate/taxonomy";
import type { FieldErrors } from "~/domain/validation";
import { decodeVin, normalizeVin, validateVin, VIN_LENGTH } from "~/domain/vin";
import { FormField } from "./form-field";

export interface VehicleFieldsProps {
  /** The form's values as posted (or the saved vehicle's, as strings). */
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** Prefix for ids when one page has two vehicle forms. */
  idPrefix?: string;
  /** The fleet status select (editing a vehicle; a new car starts active). */
  showStatus?: boolean;
}

type VinNote = { tone: "ok" | "warn"; text: string } | null;

/**
 * What a complete VIN tells us, shown under the field. Pure, so the server renders the same
 * note after a post (JavaScript off) that the browser shows while typing.
 */
export function vinNote(input: string): VinNote {
  const vin = normalizeVin(input);
  if (vin.length !== VIN_LENGTH) return null;
  const checked = validateVin(vin);
  if (!checked.ok) return { tone: "warn", text: checked.error };
  const decoded = decodeVin(vin);
  if (!decoded) return null;
  const parts = [decoded.modelYear, decoded.manufacturer].filter((part) => part !== null);
  if (parts.length === 0) {
    return {
      tone: "warn",
      text: "This VIN checks out, but it doesn't tell us the year or make: enter them below.",
    };
  }
  return { tone: "ok", text: `Decoded from the VIN: ${parts.join(" · ")}` };
}

function SelectField({
  id,
  name,
  label,
  value,
  error,
  hint,
  placeholder,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  /** The empty first option ("Choose…") when the host must pick one. */
  placeholder?: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        required={placeholder !== undefined}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const entries = <K extends string>(keys: readonly K[], labels: Readonly<Record<K, string>>) =>
  keys.map((key) => [key, labels[key]] as const);

/**
 * The vehicle's fields for adding or editing a car (the /dashboard pages and the /app page when a
 * host has no vehicle yet). Field names match `VehicleFormSchema`. With JavaScript, a complete VIN
 * is decoded as it is typed and fills an empty year and make; without, the server fills them.
 */
export function VehicleFields({
  values = {},
  errors = {},
  idPrefix = "",
  showStatus = false,
}: VehicleFieldsProps) {
  const id = (name: string) => `${idPrefix}${name}`;
  const initialVin = values.vin ?? "";
  const [vin, setVin] = useState(initialVin);
  // The server's error for this VIN already says the same: don't show it twice.
  const decodedNote = vinNote(vin);
  const note = decodedNote && decodedNote.text === errors.vin ? null : decodedNote;

  const onVinInput = (input: HTMLInputElement) => {
    setVin(input.value);
    const checked = validateVin(input.value);
    const decoded = checked.ok ? decodeVin(checked.vin) : null;
    if (!decoded || !input.form) return;
    // Only fill what the host left empty: a typed year or make always wins.
    const fill = (name: string, value: string | number | null) => {
      const field = input.form?.elements.namedItem(name);
      if (value !== null && field instanceof HTMLInputElement && field.value.trim() === "") {
        field.value = String(value);
      }
    };
    fill("year", decoded.modelYear);
    fill("make", decoded.manufacturer);
  };

  const vinId = id("vin");
  const vinDescribedBy = [`${vinId}-hint`, `${vinId}-decoded`, errors.vin ? `${vinId}-error` : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor={vinId} className="label">
          VIN (optional)
        </label>
        <input
          id={vinId}
          name="vin"
          className="input font-mono uppercase placeholder:font-sans placeholder:normal-case"
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          defaultValue={initialVin}
          onChange={(event) => onVinInput(event.currentTarget)}
          aria-invalid={errors.vin ? true : undefined}
          aria-describedby={vinDescribedBy}
        />
        <p id={`${vinId}-hint`} className="mt-1 text-sm text-slate-600">
          17 characters, on the driver&apos;s side of the dashboard or the door frame. We check it
          and fill in the year and make for you.
        </p>
        <p
          id={`${vinId}-decoded`}
          aria-live="polite"
          className={`text-sm font-medium empty:hidden ${note?.tone === "warn" ? "mt-1 text-amber-800" : "mt-1 text-green-800"}`}
        >
          {note?.text ?? ""}
        </p>
        {errors.vin ? (
          <p id={`${vinId}-error`} className="field-error">
            {errors.vin}
          </p>
        ) : null}
      </div>

      <FormField
        name="year"
        idPrefix={idPrefix}
        label="Year"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        defaultValue={values.year ?? ""}
        error={errors.year}
        hint="Leave blank to use the year from the VIN."
      />
      <FormField
        name="make"
        idPrefix={idPrefix}
        label="Make"
        maxLength={60}
        autoComplete="off"
        defaultValue={values.make ?? ""}
        error={errors.make}
        hint="Leave blank to use the make from the VIN."
      />
      <FormField
        name="model"
        idPrefix={idPrefix}
        label="Model"
        required
        maxLength={80}
        autoComplete="off"
        defaultValue={values.model ?? ""}
        error={errors.model}
      />
      <FormField
        name="trim"
        idPrefix={idPrefix}
        label="Trim (optional)"
        maxLength={60}
        autoComplete="off"
        defaultValue={values.trim ?? ""}
        error={errors.trim}
        hint="E.g. SE or Limited."
      />

      <SelectField
        id={id("bodyType")}
        name="bodyType"
        label="Body type"
        value={values.bodyType ?? ""}
        placeholder="Choose the body type"
        options={entries(BODY_TYPES, BODY_TYPE_LABELS)}
        error={errors.bodyType}
        hint="Sets the diagram you tag damage on and which panels the car has."
      />
      <SelectField
        id={id("priceClass")}
        name="priceClass"
        label="Price class"
        value={values.priceClass ?? ""}
        placeholder="Choose the price class"
        options={entries(PRICE_CLASSES, PRICE_CLASS_LABELS)}
        error={errors.priceClass}
        hint="Drives the part prices: a luxury bumper cover costs several times an economy one."
      />
      <SelectField
        id={id("paintType")}
        name="paintType"
        label="Paint type"
        value={values.paintType ?? ""}
        placeholder="Choose the paint type"
        options={entries(PAINT_TYPES, PAINT_TYPE_LABELS)}
        error={errors.paintType}
        hint="Tri-coat paint (many pearl whites and deep reds) takes longer to refinish and costs more."
      />
      {showStatus ? (
        <SelectField
          id={id("status")}
          name="status"
          label="Status"
          value={values.status ?? "active"}
          options={entries(VEHICLE_STATUSES, VEHICLE_STATUS_LABELS)}
          error={errors.status}
        />
      ) : null}
      <div className="sm:col-start-1">
        <FormField
          name="nickname"
          idPrefix={idPrefix}
          label="Nickname (optional)"
          maxLength={60}
          defaultValue={values.nickname ?? ""}
          error={errors.nickname}
          hint="What you call the car, e.g. Blue Camry."
        />
      </div>
      <FormField
        name="plate"
        idPrefix={idPrefix}
        label="License plate (optional)"
        maxLength={15}
        autoCapitalize="characters"
        defaultValue={values.plate ?? ""}
        error={errors.plate}
      />
    </div>
  );
}
