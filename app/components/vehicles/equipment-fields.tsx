import type { FieldMetadata } from "@conform-to/react";
import { describedBy, FieldNotes } from "~/components/form-field";
import {
  HEADLAMP_TYPE_LABELS,
  HEADLAMP_TYPES,
  INTERIOR_MATERIAL_LABELS,
  INTERIOR_MATERIALS,
  PANEL_LIST,
  panelExistsOn,
  type BodyType,
} from "~/domain/estimate/taxonomy";
import {
  EQUIPMENT_FIELDS,
  EQUIPMENT_LABELS,
  type EquipmentField,
} from "~/domain/estimate/vehicle-equipment";
import { NO_ALUMINUM } from "~/lib/vehicles/vehicle-form";

export type EquipmentFieldsMetadata = Record<
  EquipmentField | "headlampType" | "aluminumPanels" | "interiorMaterial",
  FieldMetadata<unknown>
>;

function initial(field: FieldMetadata<unknown>): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/**
 * What the car is equipped with, each "yes", "no" or "not sure" (then the estimate assumes from
 * the year and class and says so on the report). Plain selects and checkboxes: no JavaScript needed.
 */
export function EquipmentFields({
  fields,
  idPrefix = "",
  bodyType,
}: {
  fields: EquipmentFieldsMetadata;
  idPrefix?: string;
  bodyType?: BodyType;
}) {
  const stated = EQUIPMENT_FIELDS.filter((name) => initial(fields[name]) !== "").length;
  return (
    <details className="rounded-lg border border-slate-200 p-3 sm:col-span-2" open={stated > 0}>
      <summary className="cursor-pointer font-medium text-slate-900">
        Driver assistance, headlamps, seats and aluminum panels (optional)
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        Cameras and sensors cost more to replace and need calibrating. What you leave on &ldquo;Not
        sure&rdquo; is assumed from the year and price class, and the report says so.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {EQUIPMENT_FIELDS.map((name) => {
          const field = fields[name];
          const id = `${idPrefix}${name}`;
          const error = field.errors?.[0];
          return (
            <div key={name}>
              <label htmlFor={id} className="label">
                {EQUIPMENT_LABELS[name]}
              </label>
              <select
                key={field.key}
                id={id}
                name={field.name}
                defaultValue={initial(field)}
                className="input"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { error })}
              >
                <option value="">Not sure</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
              <FieldNotes id={id} error={error} />
            </div>
          );
        })}
        <NotSureSelect
          field={fields.headlampType}
          id={`${idPrefix}headlampType`}
          label="Headlamps"
          options={HEADLAMP_TYPES.map((type) => [type, HEADLAMP_TYPE_LABELS[type]] as const)}
        />
        <NotSureSelect
          field={fields.interiorMaterial}
          id={`${idPrefix}interiorMaterial`}
          label="Seats"
          options={INTERIOR_MATERIALS.map(
            (material) => [material, INTERIOR_MATERIAL_LABELS[material]] as const,
          )}
        />
      </div>
      <AluminumPanels field={fields.aluminumPanels} idPrefix={idPrefix} bodyType={bodyType} />
    </details>
  );
}

/** A select whose first choice, "Not sure", leaves the estimate to assume. */
function NotSureSelect({
  field,
  id,
  label,
  options,
}: {
  field: FieldMetadata<unknown>;
  id: string;
  label: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        key={field.key}
        id={id}
        name={field.name}
        defaultValue={initial(field)}
        className="input"
      >
        <option value="">Not sure</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which sheet-metal panels are aluminum ("None", or leave all unchecked if not sure). */
function AluminumPanels({
  field,
  idPrefix,
  bodyType,
}: {
  field: FieldMetadata<unknown>;
  idPrefix: string;
  bodyType?: BodyType;
}) {
  const checked = Array.isArray(field.initialValue)
    ? (field.initialValue as string[])
    : typeof field.initialValue === "string"
      ? [field.initialValue]
      : [];
  return (
    <fieldset className="mt-3">
      <legend className="label">Aluminum panels (leave all unchecked if not sure)</legend>
      <div className="mt-1 grid gap-1 text-sm sm:grid-cols-3">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name={field.name}
            value={NO_ALUMINUM}
            defaultChecked={checked.includes(NO_ALUMINUM)}
          />
          None
        </label>
        {PANEL_LIST.filter(
          (panel) =>
            panel.kind === "sheet-metal" && (!bodyType || panelExistsOn(panel.id, bodyType)),
        ).map((panel) => (
          <label key={panel.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              name={field.name}
              value={panel.id}
              defaultChecked={checked.includes(panel.id)}
            />
            {panel.label}
          </label>
        ))}
      </div>
      <FieldNotes id={`${idPrefix}aluminumPanels`} error={field.errors?.[0]} />
    </fieldset>
  );
}
