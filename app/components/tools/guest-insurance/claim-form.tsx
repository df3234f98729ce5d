import { Form } from "react-router";
import { ToolField } from "~/components/tool-fields";
import { marketplace } from "~/config/marketplace";
import type { EvidenceItem } from "~/domain/insurance-claim-letter";
import {
  chargeParams,
  CLAIM_TEXT_FIELDS,
  ESTIMATE_PARAM,
  EVIDENCE_PARAM,
  GUEST_PLAN_PARAM,
  MAX_CHARGE_ROWS,
  ROWS_PARAM,
  SUBMIT_PARAM,
  type ClaimFieldGroup,
  type ClaimLetterQuery,
} from "~/lib/tools/claim-letter-query";
import type { useLiveParams } from "~/lib/tools/live-form";
import { FormGroup, TextInput } from "./form-parts";

const GROUPS: Array<{ group: ClaimFieldGroup; legend: string }> = [
  { group: "host", legend: "You (the host)" },
  { group: "guest", legend: "The guest and their insurer" },
  { group: "trip", legend: "The car and the trip" },
  { group: "incident", legend: "What happened" },
];

/** "Your claim": the letter's facts, the charges, the evidence you have and the wording. */
export function ClaimForm({
  query,
  checklist,
  guestPlans,
  onChange,
}: {
  query: ClaimLetterQuery;
  checklist: EvidenceItem[];
  /** The guest plans to choose from (sent by the loader, so the rules stay on the server). */
  guestPlans: ReadonlyArray<{ id: string; name: string }>;
  onChange: ReturnType<typeof useLiveParams>["onChange"];
}) {
  const { values, errors, rows } = query;
  const shownError = (param: string, value: string) =>
    errors[param] && (query.submitted || value !== "") ? errors[param] : undefined;

  return (
    <Form
      method="get"
      onChange={onChange}
      className="no-print rounded-2xl border border-slate-200 p-5 sm:p-6"
      aria-labelledby="form-heading"
    >
      <h2 id="form-heading" className="text-lg font-semibold text-slate-900">
        Your claim
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked optional can be left blank. Nothing you type is stored.
      </p>

      {GROUPS.map(({ group, legend }) => (
        <FormGroup key={group} legend={legend}>
          {CLAIM_TEXT_FIELDS.filter((field) => field.group === group).map((field) => (
            <TextInput
              key={field.param}
              field={field}
              value={values[field.param] ?? ""}
              error={shownError(field.param, values[field.param] ?? "")}
            />
          ))}
          {group === "guest" ? (
            <GuestPlanSelect
              guestPlans={guestPlans}
              chosen={query.guestPlan}
              error={errors[GUEST_PLAN_PARAM]}
            />
          ) : null}
        </FormGroup>
      ))}

      <FormGroup legend="What you're claiming">
        <ToolField
          id={ESTIMATE_PARAM}
          label="Repair estimate"
          kind="money"
          defaultValue={values[ESTIMATE_PARAM] ?? ""}
          error={shownError(ESTIMATE_PARAM, values[ESTIMATE_PARAM] ?? "")}
          min={0}
          hint="The total of the shop's itemized estimate."
        />
        {CLAIM_TEXT_FIELDS.filter((field) => field.group === "claim").map((field) => (
          <TextInput
            key={field.param}
            field={field}
            value={values[field.param] ?? ""}
            error={shownError(field.param, values[field.param] ?? "")}
          />
        ))}
        <ChargeRows rows={rows} errors={errors} />
      </FormGroup>

      <FormGroup legend="Evidence you have">
        <p className="-mt-1 text-sm text-slate-600">
          Ticked items are listed as enclosures in the letter.
        </p>
        <EvidenceChecklist checklist={checklist} />
      </FormGroup>

      <FormGroup legend="The letter">
        {CLAIM_TEXT_FIELDS.filter((field) => field.group === "letter").map((field) => (
          <TextInput
            key={field.param}
            field={field}
            value={values[field.param] ?? ""}
            error={shownError(field.param, values[field.param] ?? "")}
          />
        ))}
      </FormGroup>

      <button type="submit" name={SUBMIT_PARAM} value="1" className="btn-primary mt-6 w-full">
        Create letter
      </button>
    </Form>
  );
}

function GuestPlanSelect({
  guestPlans,
  chosen,
  error,
}: {
  guestPlans: ReadonlyArray<{ id: string; name: string }>;
  chosen: string;
  error: string | undefined;
}) {
  return (
    <div>
      <label htmlFor={GUEST_PLAN_PARAM} className="label">
        Protection plan the guest chose on {marketplace.name}
      </label>
      <select
        id={GUEST_PLAN_PARAM}
        name={GUEST_PLAN_PARAM}
        defaultValue={chosen}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${GUEST_PLAN_PARAM}-error` : undefined}
        className="input"
      >
        <option value="">Not known / leave out</option>
        {guestPlans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${GUEST_PLAN_PARAM}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The other charges, one row each, with a button that adds a row (a GET round trip). */
function ChargeRows({
  rows,
  errors,
}: {
  rows: ClaimLetterQuery["rows"];
  errors: ClaimLetterQuery["errors"];
}) {
  return (
    <div id="charges">
      <p className="text-sm font-medium text-slate-800">Other charges (optional)</p>
      <p className="text-sm text-slate-600">
        Towing, a rental car, loss of use, a diminished-value appraisal… one per row.
      </p>
      <ul className="mt-3 grid gap-3">
        {rows.map((row, index) => {
          const names = chargeParams(index);
          const hasValue = row.label !== "" || row.amount !== "";
          const labelError = hasValue ? errors[names.label] : undefined;
          const amountError = hasValue ? errors[names.amount] : undefined;
          return (
            <li
              key={names.label}
              className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2 rounded-xl bg-slate-50 p-3"
            >
              <div>
                <label htmlFor={names.label} className="label">
                  Charge {index + 1}
                </label>
                <input
                  id={names.label}
                  name={names.label}
                  defaultValue={row.label}
                  maxLength={200}
                  aria-invalid={labelError ? true : undefined}
                  aria-describedby={labelError ? `${names.label}-error` : undefined}
                  className="input"
                />
              </div>
              <div>
                <label htmlFor={names.amount} className="label">
                  <span className="sr-only">Charge {index + 1} </span>Amount
                </label>
                <div className="relative">
                  <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
                    $
                  </span>
                  <input
                    id={names.amount}
                    name={names.amount}
                    defaultValue={row.amount}
                    inputMode="decimal"
                    maxLength={20}
                    aria-invalid={amountError ? true : undefined}
                    aria-describedby={amountError ? `${names.amount}-error` : undefined}
                    className="input pl-7"
                  />
                </div>
              </div>
              {labelError || amountError ? (
                <div className="col-span-2">
                  {labelError ? (
                    <p id={`${names.label}-error`} className="field-error" role="alert">
                      {labelError}
                    </p>
                  ) : null}
                  {amountError ? (
                    <p id={`${names.amount}-error`} className="field-error" role="alert">
                      {amountError}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <input type="hidden" name={ROWS_PARAM} value={rows.length} />
      {rows.length < MAX_CHARGE_ROWS ? (
        <button
          type="submit"
          name={ROWS_PARAM}
          value={rows.length + 1}
          formNoValidate
          className="btn-outline mt-3"
        >
          Add charge
        </button>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          That&apos;s the most this letter lists ({MAX_CHARGE_ROWS}); combine smaller items.
        </p>
      )}
    </div>
  );
}

function EvidenceChecklist({ checklist }: { checklist: EvidenceItem[] }) {
  return (
    <div className="grid gap-2">
      {checklist.map((item) => {
        const id = `${EVIDENCE_PARAM}-${item.id}`;
        return (
          <div key={item.id} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              name={EVIDENCE_PARAM}
              value={item.id}
              defaultChecked={item.provided}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <label htmlFor={id} className="text-slate-800">
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
