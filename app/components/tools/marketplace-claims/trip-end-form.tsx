import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import type { ClaimDeadlines } from "~/domain/claim-deadlines";
import { listTimeZones } from "~/domain/zoned-time";
import {
  OTHER_TIME_ZONE,
  US_TIME_ZONES,
  type ClaimsQuery,
} from "~/lib/tools/marketplace-claims-query";
import { useHydrated } from "~/lib/ui/use-hydrated";

/** "When did the trip end?": date, time and time zone, and which one when the hour repeats. */
export function TripEndForm({
  values,
  errors,
  deadlines,
  onChange,
}: {
  values: ClaimsQuery["values"];
  errors: ClaimsQuery["errors"];
  deadlines: ClaimDeadlines | null;
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      onChange={onChange}
      className="self-start rounded-2xl border border-slate-200 p-5 sm:p-6"
      aria-label="When the trip ended"
    >
      <h3 className="text-lg font-semibold text-slate-900">When did the trip end?</h3>
      <p className="mt-1 text-sm text-slate-600">
        Use the scheduled end, or the actual return time if the car came back late.
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <InputField
          id="date"
          label="Trip-end date"
          type="date"
          defaultValue={values.date}
          error={errors.date}
        />
        <InputField
          id="time"
          label="Trip-end time"
          type="time"
          defaultValue={values.time}
          error={errors.time}
        />
      </div>
      <div className="mt-4">
        <label htmlFor="tz" className="label">
          Your time zone
        </label>
        <select
          id="tz"
          name="tz"
          defaultValue={values.tz}
          // Chrome matches a <select> as :read-only; keep it white like the other fields.
          className="input"
          aria-invalid={errors.tz ? true : undefined}
          aria-describedby={errors.tz ? "tz-error" : undefined}
        >
          {US_TIME_ZONES.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
          <option value={OTHER_TIME_ZONE}>Another time zone (type it below)</option>
        </select>
        {errors.tz ? (
          <p id="tz-error" className="field-error" role="alert">
            {errors.tz}
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        <label htmlFor="tzOther" className="label">
          Another time zone (IANA name)
        </label>
        <input
          id="tzOther"
          name="tzOther"
          type="text"
          defaultValue={values.tzOther}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Europe/London"
          list={hydrated ? "time-zone-names" : undefined}
          className="input"
          aria-invalid={errors.tzOther ? true : undefined}
          aria-describedby={`tzOther-hint${errors.tzOther ? " tzOther-error" : ""}`}
        />
        {hydrated ? <TimeZoneList /> : null}
        <p id="tzOther-hint" className="mt-1 text-sm text-slate-600">
          Used when you choose &ldquo;Another time zone&rdquo; above.
        </p>
        {errors.tzOther ? (
          <p id="tzOther-error" className="field-error" role="alert">
            {errors.tzOther}
          </p>
        ) : null}
      </div>
      {deadlines?.tripEnd.repeatedTime ? (
        <fieldset className="mt-4">
          <legend className="label">That time happened twice. Which one?</legend>
          <div className="flex flex-wrap gap-4">
            {(["earlier", "later"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name="repeated"
                  value={choice}
                  defaultChecked={values.repeated === choice}
                  className="size-4 accent-brand-600"
                />
                {choice === "earlier" ? "The first (earlier deadlines)" : "The second"}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <button type="submit" className="btn-primary mt-6 w-full">
        Show my deadlines
      </button>
    </Form>
  );
}

/** Every zone the browser knows, offered as suggestions (rendered after hydration only). */
function TimeZoneList() {
  const [zones] = useState(() => {
    try {
      return listTimeZones();
    } catch {
      return [];
    }
  });
  return (
    <datalist id="time-zone-names">
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

function InputField({
  id,
  label,
  type,
  defaultValue,
  error,
}: {
  id: string;
  label: string;
  type: "date" | "time";
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        defaultValue={defaultValue}
        required
        className="input min-w-0"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
