import type { FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { matchingOpenDamage, type OpenDamage } from "~/lib/estimates/open-damage";
import { FindingPhotoBox, type ChoosablePhoto } from "./finding-photo-box";
import { SameDamageChoice } from "./same-damage-choice";
import { lengthUnit, sizeInUnit, type MeasurementUnits } from "~/domain/units";
import { usePreferences } from "~/lib/ui/preferences";
import { useHydrated } from "~/lib/ui/use-hydrated";
import {
  ADAS_SENSOR_LABELS,
  ADAS_SENSORS,
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  PANELS,
  PANEL_LIST,
  SEVERITIES,
  damageFitsPanel,
  isPanelId,
  panelExistsOn,
  type BodyType,
  type BoundingBox,
  type DamageType,
  type HailDentSize,
  type HailDetail,
  type PanelId,
  type PanelKind,
} from "~/domain/estimate/taxonomy";
import { FINDING_NOTE_MAX_LENGTH, SEVERITY_LABELS } from "~/lib/estimates/finding-form";

/** Coin sizes with their diameter in inches, as US hosts measure them. */
const HAIL_DENT_SIZE_CHOICES: Record<HailDentSize, string> = {
  dime: "Dime (about 3/4 in)",
  nickel: "Nickel (about 13/16 in)",
  quarter: "Quarter (about 1 in)",
  "half-dollar": "Half dollar (about 1 1/4 in)",
};

const PANEL_GROUPS: { label: string; kinds: PanelKind[] }[] = [
  { label: "Body panels", kinds: ["bumper", "sheet-metal", "trim"] },
  { label: "Glass, lamps and mirrors", kinds: ["glass", "lamp", "mirror"] },
  { label: "Wheels and tires", kinds: ["wheel"] },
  { label: "Interior", kinds: ["interior"] },
];

type FindingField =
  | "panel"
  | "damageType"
  | "severity"
  | "size"
  | "sizeUnit"
  | "preExisting"
  | "note"
  | "hailDentCount"
  | "hailDentSize"
  | "hailOversize"
  | "sensor"
  | "paintCracked"
  | "sameAs"
  | "photoId"
  | "boxPhotoId"
  | "boxX"
  | "boxY"
  | "boxW"
  | "boxH";

/** A saved finding's values, shown in its edit form until a post comes back. */
export interface FindingValues {
  panel?: string;
  damageType?: string;
  severity?: string;
  sizeCm?: string | number | null;
  preExisting?: boolean | string;
  note?: string | null;
  hail?: HailDetail | null;
  sensor?: string | null;
  paintCracked?: boolean;
  sameAs?: string;
  photoId?: string | null;
  box?: BoundingBox | null;
}

/** What every finding field needs: its id, its first error and the value it shows. */
interface FieldKit {
  fields: Record<FindingField, FieldMetadata<unknown>>;
  id: (name: FindingField) => string;
  errorOf: (name: FindingField) => string | undefined;
  described: (name: FindingField) => string | undefined;
  shown: (name: FindingField) => string | undefined;
  error: (name: FindingField) => ReactNode;
}

function findingFieldKit(
  idPrefix: string,
  fields: Record<FindingField, FieldMetadata<unknown>>,
  saved: FindingValues,
  units: MeasurementUnits,
): FieldKit {
  const id = (name: FindingField) => `${idPrefix}${name}`;
  const errorOf = (name: FindingField) => fields[name].errors?.[0];
  const described = (name: FindingField) => (errorOf(name) ? `${id(name)}-error` : undefined);
  /** What the saved finding holds for a field (its size in the account's unit). */
  const savedValue = (name: FindingField): unknown => {
    if (name === "size") return saved.sizeCm ? sizeInUnit(Number(saved.sizeCm), units) : undefined;
    if (name === "hailDentCount") return saved.hail?.dentCount;
    if (name === "hailDentSize") return saved.hail?.dentSize;
    if (name === "hailOversize") return saved.hail?.oversizeDents;
    return saved[name as keyof FindingValues];
  };
  /** What the field shows: the posted value after a reply, else the saved one. */
  const shown = (name: FindingField): string | undefined => {
    const posted = fields[name].initialValue;
    if (typeof posted === "string") return posted;
    const value = savedValue(name);
    return value === null || value === undefined ? undefined : String(value);
  };
  const error = (name: FindingField) => {
    const message = errorOf(name);
    return message ? (
      <p id={`${id(name)}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  return { fields, id, errorOf, described, shown, error };
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
  openDamage = [],
  photos = [],
}: {
  idPrefix: string;
  bodyType: BodyType;
  fields: Record<FindingField, FieldMetadata<unknown>>;
  /** The saved finding (edit forms); the posted values win once a reply came back. */
  saved?: FindingValues;
  panel?: PanelId | "";
  onPanelChange?: (panel: PanelId) => void;
  /** Damage earlier reports found on this car and nobody repaired: the same/new question. */
  openDamage?: OpenDamage[];
  /** The report's photos, to say which one shows the damage and box it. */
  photos?: readonly ChoosablePhoto[];
}) {
  const { units } = usePreferences();
  const hydrated = useHydrated();
  const kit = findingFieldKit(idPrefix, fields, saved, units);
  // With JavaScript only the details of the chosen damage show; without it, all of them do.
  const [damageType, setDamageType] = useState(kit.shown("damageType") ?? "");
  const showDetail = (type: DamageType) => !hydrated || damageType === type;
  // Re-rendered values are whatever was posted: only a known panel may select one.
  const posted = panel ?? kit.shown("panel");
  const selectedPanel: PanelId | "" = isPanelId(posted) ? posted : "";
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PanelSelect
        kit={kit}
        bodyType={bodyType}
        selectedPanel={selectedPanel}
        onPanelChange={onPanelChange}
      />
      <DamageTypeSelect kit={kit} selectedPanel={selectedPanel} onChange={setDamageType} />
      <SeverityChoice kit={kit} />
      <SizeInput kit={kit} units={units} />
      {showDetail("hail") ? <HailDetails kit={kit} hydrated={hydrated} /> : null}
      {showDetail("sensor-damage") ? (
        <div className="sm:col-span-2">
          <DetailSelect
            kit={kit}
            name="sensor"
            label={<>Which camera or sensor{hydrated ? "" : " (damaged camera or sensor only)"}</>}
            notGiven="The panel's main one"
            choices={(selectedPanel ? PANELS[selectedPanel].adasSensors : ADAS_SENSORS).map(
              (sensor) => [sensor, ADAS_SENSOR_LABELS[sensor]] as const,
            )}
          />
        </div>
      ) : null}
      {showDetail("dent") ? <PaintCrackedCheckbox kit={kit} hydrated={hydrated} /> : null}
      <SameDamageChoice
        matches={matchingOpenDamage(openDamage, { panel: selectedPanel, damageType })}
        field={fields.sameAs}
        idPrefix={idPrefix}
        chosen={kit.shown("sameAs")}
      />
      <PreExistingCheckbox kit={kit} />
      {photos.length > 0 ? (
        <FindingPhotoBox idPrefix={idPrefix} photos={photos} fields={fields} saved={saved} />
      ) : null}
      <NoteInput kit={kit} />
    </div>
  );
}

function PanelSelect({
  kit: { fields, id, errorOf, described, error },
  bodyType,
  selectedPanel,
  onPanelChange,
}: {
  kit: FieldKit;
  bodyType: BodyType;
  selectedPanel: PanelId | "";
  onPanelChange?: (panel: PanelId) => void;
}) {
  return (
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
  );
}

function DamageTypeSelect({
  kit: { fields, id, errorOf, described, shown, error },
  selectedPanel,
  onChange,
}: {
  kit: FieldKit;
  selectedPanel: PanelId | "";
  onChange: (damageType: string) => void;
}) {
  return (
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
        onChange={(event) => onChange(event.target.value)}
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
  );
}

function SeverityChoice({ kit: { fields, shown, error } }: { kit: FieldKit }) {
  return (
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
  );
}

function SizeInput({
  kit: { fields, id, errorOf, described, shown, error },
  units,
}: {
  kit: FieldKit;
  units: MeasurementUnits;
}) {
  return (
    <div>
      <label htmlFor={id("size")} className="label">
        Size in {lengthUnit(units) === "in" ? "inches" : "cm"}{" "}
        <span className="font-normal text-slate-600">(optional, the longest side)</span>
      </label>
      <input type="hidden" name={fields.sizeUnit.name} value={lengthUnit(units)} />
      <input
        key={fields.size.key}
        id={id("size")}
        name={fields.size.name}
        type="number"
        inputMode="decimal"
        min={0.1}
        step="any"
        className="input"
        defaultValue={shown("size") ?? ""}
        aria-invalid={errorOf("size") ? true : undefined}
        aria-describedby={described("size")}
      />
      {error("size")}
    </div>
  );
}

/** A select of an optional detail: the "not given" choice first, then the detail's values. */
function DetailSelect({
  kit: { fields, id, errorOf, described, shown, error },
  name,
  label,
  notGiven,
  choices,
}: {
  kit: FieldKit;
  name: "hailDentCount" | "hailDentSize" | "sensor";
  label: ReactNode;
  notGiven: string;
  choices: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <>
      <label htmlFor={id(name)} className="label">
        {label}
      </label>
      <select
        key={fields[name].key}
        id={id(name)}
        name={fields[name].name}
        className="input"
        defaultValue={shown(name) ?? ""}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={described(name)}
      >
        <option value="">{notGiven}</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error(name)}
    </>
  );
}

function HailDetails({ kit, hydrated }: { kit: FieldKit; hydrated: boolean }) {
  const { fields, id, errorOf, described, shown, error } = kit;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        Hail{hydrated ? "" : " (for hail dents only)"}
      </legend>
      <div>
        <DetailSelect
          kit={kit}
          name="hailDentCount"
          label="Dents on this panel"
          notGiven="Not counted"
          choices={HAIL_DENT_COUNT_BANDS.map((band) => [band, band.replace("-", "–")] as const)}
        />
      </div>
      <div>
        <DetailSelect
          kit={kit}
          name="hailDentSize"
          label="Most dents are"
          notGiven="Not measured"
          choices={HAIL_DENT_SIZES.map((size) => [size, HAIL_DENT_SIZE_CHOICES[size]] as const)}
        />
      </div>
      <div>
        <label htmlFor={id("hailOversize")} className="label">
          Larger than a half dollar
        </label>
        <input
          key={fields.hailOversize.key}
          id={id("hailOversize")}
          name={fields.hailOversize.name}
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
          className="input"
          defaultValue={shown("hailOversize") ?? ""}
          aria-invalid={errorOf("hailOversize") ? true : undefined}
          aria-describedby={described("hailOversize")}
        />
        {error("hailOversize")}
      </div>
    </fieldset>
  );
}

function PaintCrackedCheckbox({
  kit: { fields, shown },
  hydrated,
}: {
  kit: FieldKit;
  hydrated: boolean;
}) {
  return (
    <label className="flex items-start gap-2 text-sm sm:col-span-2">
      <input
        key={fields.paintCracked.key}
        type="checkbox"
        name={fields.paintCracked.name}
        className="mt-1"
        defaultChecked={["true", "on"].includes(shown("paintCracked") ?? "")}
      />
      <span>
        The paint over the dent is cracked{hydrated ? "" : " (dents only)"}{" "}
        <span className="text-slate-600">(it can&apos;t be fixed paintlessly)</span>
      </span>
    </label>
  );
}

function PreExistingCheckbox({ kit: { fields, shown } }: { kit: FieldKit }) {
  const preExisting = shown("preExisting");
  return (
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
  );
}

function NoteInput({ kit: { fields, id, errorOf, described, shown, error } }: { kit: FieldKit }) {
  return (
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
  );
}
