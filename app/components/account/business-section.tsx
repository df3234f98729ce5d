import type { FieldMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { describedBy, FieldNotes, FormField } from "~/components/form-field";
import { US_TIME_ZONES } from "~/domain/dates";
import { businessSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { errorsOf } from "~/lib/http/form";
import { AccountForm, ResultAlert, SubmitButton, useAccountForm } from "./account-form";
import { CardSection } from "~/components/card-section";

export interface BusinessSettingsView {
  businessName: string | null;
  logoUrl: string | null;
  timeZone: string;
  units: "us" | "metric";
  /** Every zone the server knows, for the list after the US ones. */
  otherTimeZones: string[];
}

/** The business on the owner's reports, and how dates and sizes are written (owner only). */
export function BusinessSection({
  settings,
  reply,
}: {
  settings: BusinessSettingsView;
  reply?: AccountReply;
}) {
  const { form, fields, success } = useAccountForm(businessSchema, reply, "business", {
    defaultValue: {
      businessName: settings.businessName ?? "",
      timeZone: settings.timeZone,
      units: settings.units,
    },
  });
  return (
    <CardSection
      id="business-heading"
      title="Business and reports"
      description="Your reports, PDFs and share links carry your business name and logo. Dates and sizes are written the way you choose here."
    >
      <AccountForm form={form} intent="business" className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ResultAlert success={success} error={form.errors?.[0]} id={form.errorId} />
        </div>
        <div className="sm:col-span-2">
          <FormField
            field={fields.businessName}
            label="Business name"
            maxLength={100}
            autoComplete="organization"
            hint="Shown at the top of every report instead of your name. Leave it empty to use your name."
          />
        </div>
        <TimeZoneSelect field={fields.timeZone} otherZones={settings.otherTimeZones} />
        <UnitsSelect field={fields.units} />
        <div className="sm:col-span-2">
          <SubmitButton className="btn-primary">Save business settings</SubmitButton>
        </div>
      </AccountForm>
      <LogoForms logoUrl={settings.logoUrl} reply={reply} />
    </CardSection>
  );
}

function shownValue(field: FieldMetadata<unknown>) {
  return typeof field.initialValue === "string" ? field.initialValue : undefined;
}

function TimeZoneSelect({
  field,
  otherZones,
}: {
  field: FieldMetadata<unknown>;
  otherZones: string[];
}) {
  const error = field.errors?.[0];
  const usZones = new Set<string>(US_TIME_ZONES.map((zone) => zone.id));
  return (
    <div>
      <label htmlFor="timeZone" className="label">
        Time zone
      </label>
      <select
        key={field.key}
        id="timeZone"
        name={field.name}
        defaultValue={shownValue(field)}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("timeZone", { error })}
      >
        <optgroup label="United States">
          {US_TIME_ZONES.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Everywhere else">
          {otherZones
            .filter((zone) => !usZones.has(zone))
            .map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
        </optgroup>
      </select>
      <FieldNotes id="timeZone" error={error} />
    </div>
  );
}

function UnitsSelect({ field }: { field: FieldMetadata<unknown> }) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor="units" className="label">
        Damage sizes in
      </label>
      <select
        key={field.key}
        id="units"
        name={field.name}
        defaultValue={shownValue(field)}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("units", { error })}
      >
        <option value="us">Inches</option>
        <option value="metric">Centimeters</option>
      </select>
      <FieldNotes id="units" error={error} />
    </div>
  );
}

/** Upload (multipart) and remove: plain posts, so they work without JavaScript too. */
function LogoForms({ logoUrl, reply }: { logoUrl: string | null; reply?: AccountReply }) {
  const own = reply?.intent === "logo" || reply?.intent === "remove-logo" ? reply : undefined;
  const error = reply?.intent === "logo" ? errorsOf(reply.result).logo : undefined;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">Logo</h3>
      {own?.success ? (
        <div className="mt-2">
          <ResultAlert success={own.success} />
        </div>
      ) : null}
      {logoUrl ? (
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <img
            src={logoUrl}
            alt="Your logo"
            className="max-h-16 max-w-[240px] rounded border border-slate-200 bg-white p-1"
          />
          <Form method="post">
            <input type="hidden" name="intent" value="remove-logo" />
            <button type="submit" className="btn-outline">
              Remove logo
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No logo yet.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="logo" />
        <div className="min-w-0 flex-1">
          <label htmlFor="logo" className="label">
            {logoUrl ? "Replace the logo" : "Upload a logo"}
          </label>
          <input
            id="logo"
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            required
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy("logo", { hint: true, error })}
          />
          <FieldNotes
            id="logo"
            hint="PNG, JPEG or WebP, up to 1 MB. A wide logo on a transparent or white background prints best."
            error={error}
          />
        </div>
        <button type="submit" className="btn-primary">
          Upload logo
        </button>
      </Form>
    </div>
  );
}
