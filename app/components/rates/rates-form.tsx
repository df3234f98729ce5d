import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { describedBy, FieldNotes, FormErrors } from "~/components/form-field";
import {
  RATE_FIELDS,
  RATE_OVERRIDE_LIMITS,
  resolveRateCard,
  US_STATE_CODES,
  US_STATE_DEFAULTS,
  type RateField,
} from "~/domain/estimate/rate-card";
import { formatCents, formatNumber } from "~/domain/money";
import { rateFormSchema } from "~/lib/estimates/rate-form";
import { useSchemaForm, type FormResult } from "~/lib/http/form";

export const OWNER_ONLY = "Only the account owner can change the shop rates.";

const FIELD_TEXT: Record<RateField, { unit: string; hint: string }> = {
  bodyLaborCentsPerHour: { unit: "$ per hour", hint: "Dent, panel and bumper repair." },
  refinishLaborCentsPerHour: { unit: "$ per hour", hint: "Painting and blending." },
  mechanicalLaborCentsPerHour: {
    unit: "$ per hour",
    hint: "Wheels, tires, lamps and sensor work.",
  },
  paintMaterialsCentsPerRefinishHour: {
    unit: "$ per refinish hour",
    hint: "Paint and supplies, charged for each hour of painting.",
  },
  salesTaxPercent: {
    unit: "%",
    hint: "On parts and materials. Local sales taxes are not included.",
  },
};

/** "$63.67 (CA default)" or "6% (US average)". */
function defaultPlaceholder(state: string, field: RateField) {
  let card;
  try {
    card = resolveRateCard(state);
  } catch {
    card = resolveRateCard(null);
  }
  const value = card[field];
  const shown =
    RATE_OVERRIDE_LIMITS[field].kind === "cents"
      ? formatCents(value)
      : `${formatNumber(value, 3)}%`;
  return `${shown} (${card.region === "US" ? "US average" : `${card.region} default`})`;
}

/**
 * The shop-rates form of /dashboard/rates. Render it with a `key` of the saved values: a save
 * starts a fresh form showing the stored (normalized) rates.
 */
export function RatesForm({
  saved,
  lastResult,
  isOwner,
}: {
  saved: Record<string, string>;
  lastResult?: FormResult;
  isOwner: boolean;
}) {
  const [form, fields] = useSchemaForm(rateFormSchema, lastResult, {
    id: "rates",
    defaultValue: saved,
  });
  const busy = useNavigation().state === "submitting";
  // Placeholders follow the chosen state while the host picks one (the server renders the saved one).
  const [state, setState] = useState(
    typeof fields.state.initialValue === "string" ? fields.state.initialValue : "",
  );

  return (
    <Form
      method="post"
      className="space-y-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
      aria-label="Shop rates"
      {...getFormProps(form)}
    >
      <FormErrors form={form} />
      {isOwner ? null : (
        <p role="note" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {OWNER_ONLY} You can see the rates your estimates use.
        </p>
      )}
      <fieldset disabled={!isOwner} className="space-y-5">
        <legend className="sr-only">Rates</legend>
        <HomeStateSelect
          name={fields.state.name}
          value={state}
          onChange={setState}
          error={fields.state.errors?.[0]}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          {RATE_FIELDS.map((name) => {
            const field = fields[name];
            const money = RATE_OVERRIDE_LIMITS[name].kind === "cents";
            const error = field.errors?.[0];
            return (
              <div key={name}>
                <label htmlFor={name} className="label">
                  {RATE_OVERRIDE_LIMITS[name].label} ({FIELD_TEXT[name].unit})
                </label>
                <div className="relative">
                  {money ? (
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
                    >
                      $
                    </span>
                  ) : null}
                  <input
                    key={field.key}
                    id={name}
                    name={field.name}
                    inputMode="decimal"
                    autoComplete="off"
                    required={field.required}
                    maxLength={20}
                    defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
                    placeholder={defaultPlaceholder(state, name).replace(/^\$/, "")}
                    className={`input ${money ? "pl-7" : "pr-8"}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(name, { hint: true, error })}
                  />
                  {money ? null : (
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600"
                    >
                      %
                    </span>
                  )}
                </div>
                <FieldNotes
                  id={name}
                  hint={`${FIELD_TEXT[name].hint} Default: ${defaultPlaceholder(state, name)}.`}
                  error={error}
                />
              </div>
            );
          })}
        </div>
      </fieldset>
      {isOwner ? (
        <div className="flex justify-end">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Saving…" : "Save rates"}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

function HomeStateSelect({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange: (state: string) => void;
  error: string | undefined;
}) {
  return (
    <div>
      <label htmlFor="state" className="label">
        Home state
      </label>
      <select
        id="state"
        name={name}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("state", { hint: true, error: error })}
      >
        <option value="">US national average</option>
        {US_STATE_CODES.map((code) => (
          <option key={code} value={code}>
            {US_STATE_DEFAULTS[code].name}
          </option>
        ))}
      </select>
      <FieldNotes
        id="state"
        hint="Sets the default labor rates and sales tax of new estimates."
        error={error}
      />
    </div>
  );
}
