import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { useActionData, useFetcher } from "react-router";
import { marketplace } from "~/config/marketplace";
import { HONEYPOT_FIELD, MIN_DEMO_VEHICLES, PROFILE_FIELD } from "~/lib/demo/demo-lead-fields";
import type { DemoFormId, DemoFormState } from "~/lib/demo/demo-form.server";
import { errorsOf, valuesOf } from "~/lib/http/form-result";

interface DemoFormProps {
  formId: DemoFormId;
  /** Dark backgrounds need light labels. */
  tone?: "light" | "dark";
}

/**
 * The two-step demo form: email first, then the full form with the email
 * read-only. A real form post to the page's action, so it works with JavaScript off; with
 * JavaScript it submits through a fetcher and never reloads until the final redirect.
 */
export function DemoForm({ formId, tone = "light" }: DemoFormProps) {
  const fetcher = useFetcher<DemoFormState>({ key: `demo-${formId}` });
  const actionData = useActionData<DemoFormState>();
  const state = fetcher.data ?? (actionData?.intent === formId ? actionData : undefined);
  const step = state?.step ?? 1;
  const values = valuesOf(state?.result);
  const { form: formError, ...errors } = errorsOf(state?.result);
  const busy = fetcher.state !== "idle";
  const firstNameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 2 && fetcher.data) firstNameRef.current?.focus();
  }, [step, fetcher.data]);

  const labelClass = tone === "dark" ? "label text-white" : "label";
  const errorId = (name: string) => `${formId}-${name}-error`;
  const field = (name: string) => ({
    id: `${formId}-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? errorId(name) : undefined,
    className: "input",
  });
  const fieldError = (name: string) =>
    errors[name] ? (
      <p
        id={errorId(name)}
        className={tone === "dark" ? "mt-1 text-sm font-medium text-red-100" : "field-error"}
      >
        {errors[name]}
      </p>
    ) : null;

  return (
    <fetcher.Form method="post" className="w-full" aria-label="Book a concierge demo">
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="intent" value={step === 1 ? "start" : "book"} />
      <Honeypot formId={formId} />

      {formError ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}

      {step === 1 ? (
        // Keyed steps: without keys React would reuse step 1's email input as First Name and
        // keep the typed address in it.
        <EmailStep key="step-1" formId={formId} field={field} fieldError={fieldError} busy={busy} />
      ) : (
        <div key="step-2" className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${formId}-firstName`} className={labelClass}>
              First Name*
            </label>
            <input {...field("firstName")} ref={firstNameRef} required autoComplete="given-name" />
            {fieldError("firstName")}
          </div>
          <div>
            <label htmlFor={`${formId}-lastName`} className={labelClass}>
              Last Name*
            </label>
            <input {...field("lastName")} required autoComplete="family-name" />
            {fieldError("lastName")}
          </div>
          <div>
            <label htmlFor={`${formId}-email`} className={labelClass}>
              Email*
            </label>
            <input {...field("email")} type="email" required readOnly />
            {fieldError("email")}
          </div>
          <div>
            <label htmlFor={`${formId}-phone`} className={labelClass}>
              Phone*
            </label>
            <input {...field("phone")} type="tel" required autoComplete="tel" />
            {fieldError("phone")}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${formId}-${PROFILE_FIELD}`} className={labelClass}>
              {marketplace.name} Profile Link or Fleet Website*
            </label>
            <input
              {...field(PROFILE_FIELD)}
              required
              inputMode="url"
              autoComplete="url"
              placeholder={marketplace.profileExample}
            />
            {fieldError(PROFILE_FIELD)}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${formId}-vehicleCount`} className={labelClass}>
              Number of Vehicles* (min {MIN_DEMO_VEHICLES})
            </label>
            <input
              {...field("vehicleCount")}
              type="number"
              inputMode="numeric"
              min={MIN_DEMO_VEHICLES}
              step={1}
              required
            />
            {fieldError("vehicleCount")}
          </div>
          <button
            type="submit"
            className="btn-primary py-3 text-base sm:col-span-2"
            disabled={busy}
          >
            {busy ? "Redirecting..." : "Schedule My Demo"}
          </button>
        </div>
      )}
    </fetcher.Form>
  );
}

/** A field bots fill in and people never see: a post with it filled is dropped. */
function Honeypot({ formId }: { formId: string }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        id={`${formId}-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

/** Step 1: the email alone, beside the button. */
function EmailStep({
  formId,
  field,
  fieldError,
  busy,
}: {
  formId: string;
  field: (name: string) => InputHTMLAttributes<HTMLInputElement>;
  fieldError: (name: string) => ReactNode;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <label htmlFor={`${formId}-email`} className="sr-only">
          Email
        </label>
        <input
          {...field("email")}
          type="email"
          required
          autoComplete="email"
          placeholder="you@yourfleet.com"
        />
        {fieldError("email")}
      </div>
      <button type="submit" className="btn-primary py-3 text-base sm:py-2.5" disabled={busy}>
        {busy ? "One moment..." : "Book a Free Demo"}
      </button>
    </div>
  );
}
