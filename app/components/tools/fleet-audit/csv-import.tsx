import { Form, useActionData, useNavigation } from "react-router";
import { marketplace } from "~/config/marketplace";
import { EARNINGS_COLUMNS, MAX_EARNINGS_CSV_ROWS } from "~/domain/fleet-audit";
import { formatNumber } from "~/domain/money";
import { valuesOf, type FormReply } from "~/lib/http/form";
import { CSV_FIELDS } from "~/lib/tools/fleet-audit-query";
import { PlanOptions } from "./common";

/** The earnings CSV import: upload or paste, pick the plan; the route's action answers. */
export function CsvImport({ defaultPlan }: { defaultPlan: string }) {
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formMethod === "POST";
  // A file the import can't use: its problems are the form's errors, the pasted text comes back.
  const errors = reply?.result.error?.[""] ?? [];
  const columns = EARNINGS_COLUMNS;

  return (
    <details
      open={errors.length > 0 || undefined}
      className="mt-8 rounded-2xl border border-slate-200 p-4 sm:p-6"
    >
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">
        Prefill from your {marketplace.name} earnings export (CSV)
      </summary>
      <div className="mt-3 grid gap-2 text-sm text-slate-700">
        <p>
          On {marketplace.name}, open your <strong>earnings</strong> page and download your earnings
          export: a CSV file with one line per trip. Upload it here, or open it and paste its
          contents. We add one car per vehicle in the file, with its average daily price and
          utilization over the file&apos;s dates; you add each car&apos;s costs. This replaces the
          cars below.
        </p>
        <p>
          Columns we read: <strong>{columns.vehicle.label}</strong>,{" "}
          <strong>{columns.tripStart.label}</strong>, <strong>{columns.tripEnd.label}</strong>, and{" "}
          <strong>{columns.tripPrice.label}</strong> or{" "}
          <strong>{columns.totalEarnings.label}</strong>. Optional:{" "}
          <strong>{columns.tripDays.label}</strong> and <strong>{columns.status.label}</strong>{" "}
          (canceled trips are skipped). Other columns are ignored. Up to 2 MB and{" "}
          {formatNumber(MAX_EARNINGS_CSV_ROWS)} trips. We don&apos;t keep the file; the car names go
          into this page&apos;s address so you can bookmark the result.
        </p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4"
        aria-label="Import your earnings export"
      >
        {errors.length > 0 ? (
          <div
            id="csv-errors"
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <p className="font-semibold">We couldn&apos;t use that file. Nothing was changed.</p>
            <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="csv-errors">
              {errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor={CSV_FIELDS.file} className="label">
              Earnings CSV file
            </label>
            <input
              id={CSV_FIELDS.file}
              name={CSV_FIELDS.file}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={errors.length > 0 ? "csv-errors" : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
          </div>
          <div>
            <label htmlFor={CSV_FIELDS.plan} className="label">
              Host plan for these cars
            </label>
            <select
              id={CSV_FIELDS.plan}
              name={CSV_FIELDS.plan}
              defaultValue={defaultPlan}
              className="input"
            >
              <PlanOptions />
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={CSV_FIELDS.text} className="label">
            Or paste the CSV text
          </label>
          <textarea
            id={CSV_FIELDS.text}
            name={CSV_FIELDS.text}
            rows={5}
            defaultValue={valuesOf(reply?.result)[CSV_FIELDS.text] ?? ""}
            spellCheck={false}
            placeholder={`${columns.vehicle.label},${columns.tripStart.label},${columns.tripEnd.label},${columns.tripPrice.label}\n2021 Tesla Model 3,2024-01-05 10:00,2024-01-08 10:00,$360.00`}
            aria-describedby={errors.length > 0 ? "csv-errors" : undefined}
            className="input font-mono text-sm"
          />
        </div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={importing}>
            {importing ? "Importing…" : "Import and prefill"}
          </button>
        </div>
      </Form>
    </details>
  );
}
