import { Form, useNavigation } from "react-router";
import { describedBy, FieldNotes, FormAlert } from "~/components/form-field";
import { US_TIME_ZONES } from "~/domain/dates";
import type { TripCsvError } from "~/domain/trips/trip-csv";

/** Upload the marketplace's Trip Earnings CSV: a plain multipart post, so it works without JavaScript. */
export function TripImportForm({
  timeZone,
  ownsAccount,
  error,
  rowErrors = [],
}: {
  /** The account's zone; null until set, and then the form asks for it. */
  timeZone: string | null;
  ownsAccount: boolean;
  error?: string;
  rowErrors?: TripCsvError[];
}) {
  const busy = useNavigation().state === "submitting";
  const zones =
    timeZone === null || US_TIME_ZONES.some((zone) => zone.id === timeZone)
      ? US_TIME_ZONES
      : [{ id: timeZone, label: timeZone.replaceAll("_", " ") }, ...US_TIME_ZONES];
  const zoneHint =
    timeZone !== null
      ? "Your account's time zone, unless you choose another. A Time zone column in the file wins."
      : ownsAccount
        ? "The export's times have no zone. Asked once: this becomes your account's time zone (change it under Account)."
        : "The export's times have no zone, and the account owner hasn't set one yet.";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value="import" />
      {error ? <FormAlert message={error} tone="error" id="import-error" /> : null}
      {rowErrors.length > 1 ? (
        <ul
          className="list-disc space-y-1 pl-5 text-sm text-red-800"
          aria-label="Problems in the file"
        >
          {rowErrors.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="trip-file" className="label">
            Trip Earnings CSV
          </label>
          <input
            id="trip-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="input"
            aria-describedby={describedBy("trip-file", { hint: true })}
          />
          <FieldNotes
            id="trip-file"
            hint="On the marketplace's website: Business › Earnings › Export. Importing the same file again updates trips, never duplicates them."
          />
        </div>
        <div>
          <label htmlFor="trip-zone" className="label">
            {timeZone === null ? "Which time zone are your trips in?" : "Times in the file are in"}
          </label>
          <select
            id="trip-zone"
            name="timeZone"
            defaultValue={timeZone ?? ""}
            required
            className="input"
            aria-describedby={describedBy("trip-zone", { hint: true })}
          >
            {timeZone === null ? (
              <option value="" disabled>
                Choose a time zone
              </option>
            ) : null}
            {zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.label}
              </option>
            ))}
          </select>
          <FieldNotes id="trip-zone" hint={zoneHint} />
        </div>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        Import trips
      </button>
    </Form>
  );
}
