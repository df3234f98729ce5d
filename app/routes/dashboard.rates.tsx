import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.rates";
import { FleetPageHeader, useFocusFirstError } from "~/components/fleet";
import { FormAlert } from "~/components/form-field";
import {
  RATE_FIELDS,
  RATE_OVERRIDE_LIMITS,
  RATE_SOURCES,
  RATES_AS_OF,
  resolveRateCard,
  US_STATE_CODES,
  US_STATE_DEFAULTS,
  type RateField,
  type RateSource,
} from "~/domain/estimate/rate-card";
import { formatCents, formatNumber } from "~/domain/money";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { parseRateForm, saveRateSettings } from "~/lib/estimates/fleet.server";
import { accountRateSettings } from "~/lib/estimates/reports.server";
import { formValues, readForm, type FieldErrors } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

interface ActionData {
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  error?: string;
}

const OWNER_ONLY = "Only the account owner can change the shop rates.";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const settings = accountRateSettings(session.accountId);
  const values: Record<string, string> = { state: settings.state ?? "" };
  for (const field of RATE_FIELDS) {
    const value = settings.overrides[field];
    if (value === undefined) continue;
    values[field] =
      RATE_OVERRIDE_LIMITS[field].kind === "cents" ? (value / 100).toFixed(2) : String(value);
  }
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    isOwner: session.role === "primary",
    values,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const values = form ? formValues(form) : {};
  if (session.role !== "primary") {
    return data<ActionData>({ values, fieldErrors: {}, error: OWNER_ONLY }, { status: 403 });
  }
  if (!form) {
    return data<ActionData>(
      { values, fieldErrors: {}, error: "We couldn't read that form. Please try again." },
      { status: 400 },
    );
  }
  const parsed = parseRateForm(form);
  if (!parsed.ok) {
    return data<ActionData>(
      { values, fieldErrors: parsed.fieldErrors, error: "Check the highlighted rates." },
      { status: 400 },
    );
  }
  saveRateSettings(session.accountId, parsed.data);
  return redirectWithToast("/dashboard/rates", {
    title: "Shop rates saved",
    description: "Estimates that aren't final yet use them; final estimates keep their prices.",
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Shop rates",
    path: "/dashboard/rates",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

const FIELD_TEXT: Record<RateField, { unit: string; hint: string }> = {
  bodyLabourCentsPerHour: { unit: "$ per hour", hint: "Dent, panel and bumper repair." },
  refinishLabourCentsPerHour: { unit: "$ per hour", hint: "Painting and blending." },
  mechanicalLabourCentsPerHour: {
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

/** The sources behind the regional defaults shown on this page (labor rates and sales tax). */
const SOURCE_NOTES: readonly RateSource[] = [
  RATE_SOURCES.crashNetwork,
  RATE_SOURCES.mitchell2017,
  RATE_SOURCES.taxFoundation,
];

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { isOwner } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  const formRef = useFocusFirstError<HTMLFormElement>(actionData);
  // Placeholders follow the chosen state while the host picks one (the server renders the saved one).
  const [state, setState] = useState(values.state ?? "");
  const asOf = new Date(`${RATES_AS_OF}T00:00:00Z`).toLocaleDateString("en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  });

  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Shop rates"
        intro="Estimates use the regional default rates unless you enter your shop's own. Leave a field blank to keep the default shown in it."
      />

      <Form
        // A save re-renders the fields with the stored (normalised) values.
        key={JSON.stringify(loaderData.values)}
        ref={formRef}
        method="post"
        className="space-y-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
        aria-label="Shop rates"
      >
        <FormAlert message={actionData?.error} />
        {isOwner ? null : (
          <p role="note" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {OWNER_ONLY} You can see the rates your estimates use.
          </p>
        )}
        <fieldset disabled={!isOwner} className="space-y-5">
          <legend className="sr-only">Rates</legend>
          <div>
            <label htmlFor="state" className="label">
              Home state
            </label>
            <select
              id="state"
              name="state"
              value={state}
              onChange={(event) => setState(event.currentTarget.value)}
              className="input"
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={`state-hint${errors.state ? " state-error" : ""}`}
            >
              <option value="">US national average</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {US_STATE_DEFAULTS[code].name}
                </option>
              ))}
            </select>
            <p id="state-hint" className="mt-1 text-sm text-slate-600">
              Sets the default labor rates and sales tax of new estimates.
            </p>
            {errors.state ? (
              <p id="state-error" className="field-error">
                {errors.state}
              </p>
            ) : null}
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            {RATE_FIELDS.map((field) => {
              const money = RATE_OVERRIDE_LIMITS[field].kind === "cents";
              const error = errors[field];
              return (
                <div key={field}>
                  <label htmlFor={field} className="label">
                    {RATE_OVERRIDE_LIMITS[field].label} ({FIELD_TEXT[field].unit})
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
                      id={field}
                      name={field}
                      inputMode="decimal"
                      autoComplete="off"
                      maxLength={20}
                      defaultValue={values[field] ?? ""}
                      placeholder={defaultPlaceholder(state, field).replace(/^\$/, "")}
                      className={`input ${money ? "pl-7" : "pr-8"}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${field}-hint${error ? ` ${field}-error` : ""}`}
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
                  <p id={`${field}-hint`} className="mt-1 text-sm text-slate-600">
                    {FIELD_TEXT[field].hint} Default: {defaultPlaceholder(state, field)}.
                  </p>
                  {error ? (
                    <p id={`${field}-error`} className="field-error">
                      {error}
                    </p>
                  ) : null}
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

      <section aria-labelledby="sources-heading" className="text-sm text-slate-700">
        <h2 id="sources-heading" className="font-semibold text-slate-900">
          Where the defaults come from
        </h2>
        <p className="mt-1">
          Regional defaults checked on {asOf}. They are averages: your shop&apos;s own rates give a
          closer estimate.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {SOURCE_NOTES.map((source) => (
            <li key={source.title}>
              {source.url ? (
                <a
                  href={source.url}
                  className="text-brand-600 underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {source.title}
                </a>
              ) : (
                source.title
              )}{" "}
              ({source.published})
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
