import type { FieldMetadata } from "@conform-to/react";
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
import { decodeVin, normalizeVin, validateVin, VIN_LENGTH } from "~/domain/vin";
import { describedBy, FieldNotes, FormField } from "./form-field";
import { EquipmentFields } from "./vehicles/equipment-fields";
import type { EquipmentField } from "~/domain/estimate/vehicle-equipment";

type VehicleFieldName =
  | "nickname"
  | "vin"
  | "year"
  | "make"
  | "model"
  | "trim"
  | "bodyType"
  | "priceClass"
  | "paintType"
  | "plate"
  | "status"
  | EquipmentField
  | "headlampType"
  | "aluminumPanels"
  | "interiorMaterial";

/** Conform's metadata of the vehicle form's fields (`useSchemaForm(vehicleFormForBrowser, …)`). */
export type VehicleFieldsMetadata = Record<VehicleFieldName, FieldMetadata<unknown>>;

export interface VehicleFieldsProps {
  /** The form's fields: `useSchemaForm(vehicleFormForBrowser, …)`. */
  fields: VehicleFieldsMetadata;
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

/** The value a field shows again (posted, or saved), as text. */
const textOf = (field: FieldMetadata<unknown>) =>
  typeof field.initialValue === "string" ? field.initialValue : "";

function SelectField({
  field,
  id,
  label,
  hint,
  placeholder,
  fallback = "",
  options,
}: {
  field: FieldMetadata<unknown>;
  id: string;
  label: string;
  hint?: ReactNode;
  /** The empty first option ("Choose…") when the host must pick one. */
  placeholder?: string;
  /** The choice shown when there is no value yet. */
  fallback?: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        key={field.key}
        id={id}
        name={field.name}
        defaultValue={textOf(field) || fallback}
        required={field.required}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

const entries = <K extends string>(keys: readonly K[], labels: Readonly<Record<K, string>>) =>
  keys.map((key) => [key, labels[key]] as const);

/** The three choices that price the car, each with a "Choose…" placeholder. */
const PRICING_CHOICES = [
  {
    name: "bodyType",
    label: "Body type",
    options: entries(BODY_TYPES, BODY_TYPE_LABELS),
    hint: "Sets the diagram you tag damage on and which panels the car has.",
  },
  {
    name: "priceClass",
    label: "Price class",
    options: entries(PRICE_CLASSES, PRICE_CLASS_LABELS),
    hint: "Drives the part prices: a luxury bumper cover costs several times an economy one.",
  },
  {
    name: "paintType",
    label: "Paint type",
    options: entries(PAINT_TYPES, PAINT_TYPE_LABELS),
    hint: "Tri-coat paint (many pearl whites and deep reds) takes longer to refinish and costs more.",
  },
] as const;

/**
 * The vehicle's fields for adding or editing a car (the /dashboard pages and the /app page when a
 * host has no vehicle yet). Field names match `VehicleFormSchema`. With JavaScript, a complete VIN
 * is decoded as it is typed and fills an empty year and make; without, the server fills them.
 */
export function VehicleFields({ fields, idPrefix = "", showStatus = false }: VehicleFieldsProps) {
  const id = (name: string) => `${idPrefix}${name}`;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <VinField field={fields.vin} vinId={id("vin")} />

      <FormField
        field={fields.year}
        idPrefix={idPrefix}
        label="Year"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        hint="Leave blank to use the year from the VIN."
      />
      <FormField
        field={fields.make}
        idPrefix={idPrefix}
        label="Make"
        maxLength={60}
        autoComplete="off"
        hint="Leave blank to use the make from the VIN."
      />
      <FormField
        field={fields.model}
        idPrefix={idPrefix}
        label="Model"
        maxLength={80}
        autoComplete="off"
      />
      <FormField
        field={fields.trim}
        idPrefix={idPrefix}
        label="Trim (optional)"
        maxLength={60}
        autoComplete="off"
        hint="E.g. SE or Limited."
      />

      {PRICING_CHOICES.map((choice) => (
        <SelectField
          key={choice.name}
          field={fields[choice.name]}
          id={id(choice.name)}
          label={choice.label}
          placeholder={`Choose the ${choice.label.toLowerCase()}`}
          options={choice.options}
          hint={choice.hint}
        />
      ))}
      {showStatus ? (
        <SelectField
          field={fields.status}
          id={id("status")}
          label="Status"
          fallback="active"
          options={entries(VEHICLE_STATUSES, VEHICLE_STATUS_LABELS)}
        />
      ) : null}
      <div className="sm:col-start-1">
        <FormField
          field={fields.nickname}
          idPrefix={idPrefix}
          label="Nickname (optional)"
          maxLength={60}
          hint="What you call the car, e.g. Blue Camry."
        />
      </div>
      <FormField
        field={fields.plate}
        idPrefix={idPrefix}
        label="License plate (optional)"
        maxLength={15}
        autoCapitalize="characters"
      />
      <EquipmentFields fields={fields} idPrefix={idPrefix} />
    </div>
  );
}

/**
 * The VIN: with JavaScript, a complete VIN is decoded as it is typed, said under the field, and
 * fills an empty year and make.
 */
function VinField({ field, vinId }: { field: VehicleFieldsProps["fields"]["vin"]; vinId: string }) {
  const initialVin = textOf(field);
  const [vin, setVin] = useState(initialVin);
  const vinError = field.errors?.[0];
  // The VIN's error already says the same: don't show it twice.
  const decodedNote = vinNote(vin);
  const note = decodedNote && decodedNote.text === vinError ? null : decodedNote;

  const onVinInput = (input: HTMLInputElement) => {
    setVin(input.value);
    const checked = validateVin(input.value);
    const decoded = checked.ok ? decodeVin(checked.vin) : null;
    if (!decoded || !input.form) return;
    // Only fill what the host left empty: a typed year or make always wins.
    const fill = (name: string, value: string | number | null) => {
      const target = input.form?.elements.namedItem(name);
      if (value !== null && target instanceof HTMLInputElement && target.value.trim() === "") {
        target.value = String(value);
      }
    };
    fill("year", decoded.modelYear);
    fill("make", decoded.manufacturer);
  };

  return (
    <div className="sm:col-span-2">
      <label htmlFor={vinId} className="label">
        VIN (optional)
      </label>
      <input
        key={field.key}
        id={vinId}
        name={field.name}
        className="input font-mono uppercase placeholder:font-sans placeholder:normal-case"
        required={field.required}
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        defaultValue={initialVin}
        onChange={(event) => onVinInput(event.currentTarget)}
        aria-invalid={vinError ? true : undefined}
        aria-describedby={`${vinId}-hint ${vinId}-decoded${vinError ? ` ${vinId}-error` : ""}`}
      />
      <p id={`${vinId}-hint`} className="mt-1 text-sm text-slate-600">
        17 characters, on the driver&apos;s side of the dashboard or the door frame. We check it and
        fill in the year and make for you.
      </p>
      <p
        id={`${vinId}-decoded`}
        aria-live="polite"
        className={`text-sm font-medium empty:hidden ${note?.tone === "warn" ? "mt-1 text-amber-800" : "mt-1 text-green-800"}`}
      >
        {note?.text ?? ""}
      </p>
      <FieldNotes id={vinId} error={vinError} />
    </div>
  );
}
