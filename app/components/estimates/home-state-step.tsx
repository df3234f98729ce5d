import { Form, useNavigation } from "react-router";
import { describedBy, FieldNotes } from "~/components/form-field";
import { US_STATE_CODES, US_STATE_DEFAULTS } from "~/domain/estimate/rate-card";

/**
 * Before the first estimate: the state the cars are rented in, which sets the labor rates and
 * sales tax. A plain form post, so it works without JavaScript.
 */
export function HomeStateStep({ error }: { error?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-labelledby="home-state-title"
      className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <h2 id="home-state-title" className="text-lg font-semibold">
        Where do you rent out your cars?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Body-shop labor rates and sales tax differ by state, so your estimates are priced for yours.
        Until you choose, estimates use US national averages. You can change it later under Shop
        rates.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="home-state" />
        <div>
          <label htmlFor="home-state" className="label">
            State
          </label>
          <select
            id="home-state"
            name="state"
            required
            defaultValue=""
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy("home-state", { error })}
          >
            <option value="" disabled>
              Choose a state
            </option>
            {US_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {US_STATE_DEFAULTS[code].name}
              </option>
            ))}
          </select>
          <FieldNotes id="home-state" error={error} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            Save and continue
          </button>
          <button
            type="submit"
            name="national"
            value="1"
            formNoValidate
            className="btn-outline"
            disabled={busy}
          >
            Use the US national average
          </button>
        </div>
      </Form>
    </section>
  );
}
