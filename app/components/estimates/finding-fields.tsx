import {
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  PANEL_LIST,
  SEVERITIES,
  damageFitsPanel,
  isPanelId,
  panelExistsOn,
  type BodyType,
  type PanelId,
  type PanelKind,
} from "~/domain/estimate/taxonomy";
import { SEVERITY_LABELS } from "~/lib/estimates/finding-form";

const PANEL_GROUPS: { label: string; kinds: PanelKind[] }[] = [
  { label: "Body panels", kinds: ["bumper", "sheet-metal", "trim"] },
  { label: "Glass, lamps and mirrors", kinds: ["glass", "lamp", "mirror"] },
  { label: "Wheels and tires", kinds: ["wheel"] },
  { label: "Interior", kinds: ["interior"] },
];

export interface FindingValues {
  panel?: string;
  damageType?: string;
  severity?: string;
  sizeCm?: string | number | null;
  preExisting?: boolean | string;
  note?: string | null;
}

/**
 * Where, what and how bad: the fields of one finding (hand tagging and review). Plain selects so
 * it works without JavaScript; with it, the diagram sets the panel. `panel` may be controlled.
 */
export function FindingFields({
  idPrefix,
  bodyType,
  values = {},
  errors = {},
  panel,
  onPanelChange,
}: {
  idPrefix: string;
  bodyType: BodyType;
  values?: FindingValues;
  errors?: Partial<Record<string, string>>;
  panel?: PanelId | "";
  onPanelChange?: (panel: PanelId) => void;
}) {
  const id = (name: string) => `${idPrefix}${name}`;
  const described = (name: string) => (errors[name] ? `${id(name)}-error` : undefined);
  // Re-rendered values are whatever was posted: only a known panel may select one.
  const posted = panel ?? values.panel;
  const selectedPanel: PanelId | "" = isPanelId(posted) ? posted : "";
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={id("panel")} className="label">
          Where
        </label>
        <select
          id={id("panel")}
          name="panel"
          className="input"
          required
          {...(onPanelChange
            ? { value: selectedPanel, onChange: (e) => onPanelChange(e.target.value as PanelId) }
            : { defaultValue: selectedPanel })}
          aria-invalid={errors.panel ? true : undefined}
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
          id={id("damageType")}
          name="damageType"
          className="input"
          required
          defaultValue={values.damageType ?? ""}
          aria-invalid={errors.damageType ? true : undefined}
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
                type="radio"
                name="severity"
                value={severity}
                required
                defaultChecked={(values.severity ?? "moderate") === severity}
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
        <input
          id={id("sizeCm")}
          name="sizeCm"
          type="number"
          inputMode="decimal"
          min={1}
          max={600}
          step="any"
          className="input"
          defaultValue={values.sizeCm ?? ""}
          aria-invalid={errors.sizeCm ? true : undefined}
          aria-describedby={described("sizeCm")}
        />
        {error("sizeCm")}
      </div>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          name="preExisting"
          className="mt-1"
          defaultChecked={values.preExisting === true || values.preExisting === "on"}
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
          id={id("note")}
          name="note"
          maxLength={500}
          className="input"
          defaultValue={values.note ?? ""}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={described("note")}
        />
        {error("note")}
      </div>
    </div>
  );
}
