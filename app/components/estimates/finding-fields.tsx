import type { FieldMetadata } from "@conform-to/react";
import {
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  MAX_FINDING_SIZE_CM,
  PANEL_LIST,
  SEVERITIES,
  damageFitsPanel,
  isPanelId,
  panelExistsOn,
  type BodyType,
  type PanelId,
  type PanelKind,
} from "~/domain/estimate/taxonomy";
import { FINDING_NOTE_MAX_LENGTH, SEVERITY_LABELS } from "~/lib/estimates/finding-form";

const PANEL_GROUPS: { label: string; kinds: PanelKind[] }[] = [
  { label: "Body panels", kinds: ["bumper", "sheet-metal", "trim"] },
  { label: "Glass, lamps and mirrors", kinds: ["glass", "lamp", "mirror"] },
  { label: "Wheels and tires", kinds: ["wheel"] },
  { label: "Interior", kinds: ["interior"] },
];

type FindingField = "panel" | "damageType" | "severity" | "sizeCm" | "preExisting" | "note";

/** A saved finding's values, shown in its edit form until a post comes back. */
export interface FindingValues {
  panel?: string;
  damageType?: string;
  severity?: string;
  sizeCm?: string | number | null;
  preExisting?: boolean | string;
  note?: string | null;
}

/**
 * Where, what and how bad: the fields of one finding (hand tagging and review), for a Conform
 * form over `FindingFormSchema`. Plain selects so it works without JavaScript; with it, the
 * diagram sets the panel. `panel` may be controlled.
 */
export function FindingFields({
  idPrefix,
  bodyType,
  fields,
  saved = {},
  panel,
  onPanelChange,
}: {
  idPrefix: string;
  bodyType: BodyType;
  fields: Record<FindingField, FieldMetadata<unknown>>;
  /** The saved finding (edit forms); the posted values win once a reply came back. */
  saved?: FindingValues;
  panel?: PanelId | "";
  onPanelChange?: (panel: PanelId) => void;
}) {
  const id = (name: FindingField) => `${idPrefix}${name}`;
  const errorOf = (name: FindingField) => fields[name].errors?.[0];
  const described = (name: FindingField) => (errorOf(name) ? `${id(name)}-error` : undefined);
  /** What the field shows: the posted value after a reply, else the saved one. */
  const shown = (name: FindingField): string | undefined => {
    const posted = fields[name].initialValue;
    if (typeof posted === "string") return posted;
    const value = saved[name];
    return value === null || value === undefined ? undefined : String(value);
  };
  // Re-rendered values are whatever was posted: only a known panel may select one.
  const posted = panel ?? shown("panel");
  const selectedPanel: PanelId | "" = isPanelId(posted) ? posted : "";
  const error = (name: FindingField) => {
    const message = errorOf(name);
    return message ? (
      <p id={`${id(name)}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  const preExisting = shown("preExisting");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={id("panel")} className="label">
          Where
        </label>
        <select
          key={onPanelChange ? undefined : fields.panel.key}
          id={id("panel")}
          name={fields.panel.name}
          className="input"
          required={fields.panel.required}
          {...(onPanelChange
            ? { value: selectedPanel, onChange: (e) => onPanelChange(e.target.value as PanelId) }
            : { defaultValue: selectedPanel })}
          aria-invalid={errorOf("panel") ? true : undefined}
          aria-describedby={described("panel")}
        >
          <option value="" disabled>
            Choose a panel
          </option>
          {PANEL_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {PANEL_LIST.filter(
                (info) => group.kinds.includes(info.kind) && panelExistsOn(info.id, bodyType),
              ).map((info) => (
                <option key={info.id} value={info.id}>
                  {info.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {error("panel")}
      </div>
      <div>
        <label htmlFor={id("damageType")} className="label">
          Damage
        </label>
        <select
          key={fields.damageType.key}
          id={id("damageType")}
          name={fields.damageType.name}
          className="input"
          required={fields.damageType.required}
          defaultValue={shown("damageType") ?? ""}
          aria-invalid={errorOf("damageType") ? true : undefined}
          aria-describedby={described("damageType")}
        >
          <option value="" disabled>
            Choose the damage
          </option>
          {DAMAGE_TYPE_IDS.map((type) => (
            <option
              key={type}
              value={type}
              // With a panel chosen, damage that can't be on it is grayed out (the server checks too).
              disabled={selectedPanel ? !damageFitsPanel(type, selectedPanel) : false}
            >
              {DAMAGE_TYPES[type].label}
            </option>
          ))}
        </select>
        {error("damageType")}
      </div>
      <fieldset>
        <legend className="label">Severity</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {SEVERITIES.map((severity) => (
            <label key={severity} className="flex items-center gap-1.5 text-sm">
              <input
                key={fields.severity.key}
                type="radio"
                name={fields.severity.name}
                value={severity}
                required={fields.severity.required}
                defaultChecked={(shown("severity") ?? "moderate") === severity}
              />
              {SEVERITY_LABELS[severity]}
            </label>
          ))}
        </div>
        {error("severity")}
      </fieldset>
      <div>
        <label htmlFor={id("sizeCm")} className="label">
          Size in cm <span className="font-normal text-slate-600">(optional)</span>
        </label>
        {/* The schema's size rule is a transform, so the native limits are stated here. */}
        <input
          key={fields.sizeCm.key}
          id={id("sizeCm")}
          name={fields.sizeCm.name}
          type="number"
          inputMode="decimal"
          min={1}
          max={MAX_FINDING_SIZE_CM}
          step="any"
          className="input"
          defaultValue={shown("sizeCm") ?? ""}
          aria-invalid={errorOf("sizeCm") ? true : undefined}
          aria-describedby={described("sizeCm")}
        />
        {error("sizeCm")}
      </div>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input
          key={fields.preExisting.key}
          type="checkbox"
          name={fields.preExisting.name}
          className="mt-1"
          defaultChecked={preExisting === "true" || preExisting === "on"}
        />
        <span>
          Already there before this trip{" "}
          <span className="text-slate-600">(shown on the report, not charged)</span>
        </span>
      </label>
      <div className="sm:col-span-2">
        <label htmlFor={id("note")} className="label">
          Note <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          key={fields.note.key}
          id={id("note")}
          name={fields.note.name}
          maxLength={FINDING_NOTE_MAX_LENGTH}
          className="input"
          defaultValue={shown("note") ?? ""}
          aria-invalid={errorOf("note") ? true : undefined}
          aria-describedby={described("note")}
        />
        {error("note")}
      </div>
    </div>
  );
}
