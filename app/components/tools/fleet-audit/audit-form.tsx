import type { FormEvent } from "react";
import { Form } from "react-router";
import { ToolField } from "~/components/tool-fields";
import { marketplace } from "~/config/marketplace";
import type { VehicleAudit } from "~/domain/fleet-audit";
import { formatCents } from "~/domain/money";
import {
  DAMAGE_RATE_PARAM,
  IMPORTED_PARAM,
  MAX_AUDIT_ROWS,
  REMOVE_PARAM,
  ROW_FIELDS,
  rowParamKey,
  ROWS_PARAM,
  type FleetAuditQuery,
  type FleetRowState,
  type RowFieldSpec,
} from "~/lib/tools/fleet-audit-query";
import { FLEET_AUDIT_PATH as PATH, LosingBadge, PlanOptions } from "./common";

/** "Your cars": one fieldset per car, Add a car, the fleet-wide damage rate and Calculate. */
export function AuditForm({
  parsed,
  auditByRow,
  onChange,
}: {
  parsed: FleetAuditQuery;
  auditByRow: Map<number, VehicleAudit>;
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="get"
      action={`${PATH}#results`}
      onChange={onChange}
      preventScrollReset
      className="mt-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
      aria-labelledby="your-cars"
      noValidate
    >
      {/* Enter in any field calculates (the first submit button is the form's default). */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        Calculate
      </button>
      {parsed.imported ? (
        <input
          type="hidden"
          name={IMPORTED_PARAM}
          value={`${parsed.imported.start}_${parsed.imported.end}`}
        />
      ) : null}

      <h2 id="your-cars" className="text-lg font-semibold text-slate-900">
        Your cars
      </h2>
      <FormIntro parsed={parsed} />

      <div className="mt-5 grid gap-5">
        {parsed.rows.map((row) => (
          <VehicleRow
            key={row.index}
            row={row}
            audit={auditByRow.get(row.index)}
            isExample={parsed.isExample}
            canRemove={parsed.rows.length > 1}
            autoFocus={parsed.addedRowIndex === row.index}
          />
        ))}
      </div>

      <div className="mt-4">
        {parsed.canAddRow ? (
          <button
            type="submit"
            name={ROWS_PARAM}
            value={parsed.rows.length + 1}
            // No fragment: the new row's name field takes focus (autofocus skips fragment pages).
            formAction={PATH}
            className="btn-outline w-full sm:w-auto"
          >
            <span aria-hidden="true">+</span> Add a car
          </button>
        ) : (
          <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
            {MAX_AUDIT_ROWS} cars is the most one audit holds. Audit more cars on a second page.
          </p>
        )}
      </div>

      <fieldset className="mt-6 rounded-xl bg-slate-50 p-4">
        <legend className="sr-only">Fleet-wide assumption</legend>
        <div className="sm:max-w-xs">
          <ToolField
            id={DAMAGE_RATE_PARAM}
            label="Cars damaged per month"
            kind="percent"
            defaultValue={parsed.damageRate.value}
            error={parsed.damageRate.error}
            min={0}
            max={100}
            hint="Used for every car's expected damage cost. 10% is a planning figure; use your own history."
          />
        </div>
      </fieldset>

      <button type="submit" className="btn-primary mt-6 w-full sm:w-auto">
        Calculate
      </button>
    </Form>
  );
}

function FormIntro({ parsed }: { parsed: FleetAuditQuery }) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        One box per car, all amounts per month. <strong>Daily price</strong> is what guests pay per
        booked day, before {marketplace.name}&apos;s share. <strong>Utilization</strong> is the
        share of days the car is booked (15 of 30 days is 50%). A <strong>host plan</strong>&apos;s
        number is the share of the trip price you keep. Leave a cost blank if it&apos;s $0. Rows you
        leave empty are skipped.
      </p>
      {parsed.isExample ? (
        <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>This is an example car.</strong> Overwrite it with one of yours, add the rest with
          &ldquo;Add a car&rdquo;, or import your earnings export above.
        </p>
      ) : null}
      {parsed.imported ? (
        <p className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
          <strong>Prefilled from your earnings export</strong> ({parsed.imported.start} to{" "}
          {parsed.imported.end}): daily prices and utilization come from your trips. Add each
          car&apos;s monthly costs; they start at $0.
        </p>
      ) : null}
      {parsed.formErrors.length > 0 || parsed.notices.length > 0 ? (
        <div role="alert" className="mt-3 grid gap-2">
          {parsed.formErrors.map((message) => (
            <p key={message} className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {message}
            </p>
          ))}
          {parsed.notices.map((message) => (
            <p key={message} className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </>
  );
}

function fieldId(row: FleetRowState, field: RowFieldSpec) {
  return rowParamKey(row.index, field.param);
}

function VehicleRow({
  row,
  audit,
  isExample,
  canRemove,
  autoFocus,
}: {
  row: FleetRowState;
  audit: VehicleAudit | undefined;
  isExample: boolean;
  canRemove: boolean;
  autoFocus: boolean;
}) {
  const number = row.index + 1;
  const field = (param: RowFieldSpec["param"]) =>
    ROW_FIELDS.find((candidate) => candidate.param === param) as RowFieldSpec;
  const money = (spec: RowFieldSpec, extra?: { hint?: string }) => (
    <ToolField
      key={spec.param}
      id={fieldId(row, spec)}
      label={spec.label}
      kind={spec.kind === "percent" ? "percent" : "money"}
      defaultValue={row.values[spec.param]}
      error={row.errors[spec.param]}
      min={0}
      max={spec.kind === "percent" ? 100 : undefined}
      hint={extra?.hint}
    />
  );
  const nameSpec = field("name");
  const nameId = fieldId(row, nameSpec);

  return (
    <fieldset
      id={`car-${number}`}
      className="min-w-0 rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <legend className="px-1 text-base font-semibold text-slate-900">
        Car {number}{" "}
        {isExample ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Example
          </span>
        ) : null}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={nameId} className="label">
            {nameSpec.label}
          </label>
          <input
            id={nameId}
            name={nameId}
            type="text"
            defaultValue={row.values.name}
            placeholder="e.g. 2021 Tesla Model 3 (white)"
            autoComplete="off"
            maxLength={200}
            // A host who just pressed "Add a car" wants to type its name.
            autoFocus={autoFocus}
            aria-invalid={row.errors.name ? true : undefined}
            aria-describedby={row.errors.name ? `${nameId}-error` : undefined}
            className="input"
          />
          {row.errors.name ? (
            <p id={`${nameId}-error`} className="field-error" role="alert">
              {row.errors.name}
            </p>
          ) : null}
        </div>
        <PlanSelect row={row} spec={field("plan")} />
        {money(field("price"))}
        {money(field("util"))}
        <div className="sm:col-span-2">
          {money(field("repair"), {
            hint: "You pay the lesser of this and your plan's deductible when a car is damaged.",
          })}
        </div>
      </div>

      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Monthly costs</legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {ROW_FIELDS.filter((spec) => spec.monthlyCost).map((spec) => money(spec))}
        </div>
      </fieldset>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <RowSummary row={row} audit={audit} />
        {canRemove ? (
          <button
            type="submit"
            name={REMOVE_PARAM}
            value={row.index}
            formAction={`${PATH}#your-cars`}
            className="btn-ghost px-3 py-1.5 text-red-700 hover:bg-red-50"
          >
            Remove car {number}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The car's host protection plan, one of the marketplace's plans. */
function PlanSelect({ row, spec }: { row: FleetRowState; spec: RowFieldSpec }) {
  const planId = fieldId(row, spec);
  return (
    <div className="sm:col-span-2">
      <label htmlFor={planId} className="label">
        {spec.label}
      </label>
      <select
        id={planId}
        name={planId}
        defaultValue={row.values.plan}
        aria-invalid={row.errors.plan ? true : undefined}
        aria-describedby={row.errors.plan ? `${planId}-error` : undefined}
        className="input"
      >
        <PlanOptions />
      </select>
      {row.errors.plan ? (
        <p id={`${planId}-error`} className="field-error" role="alert">
          {row.errors.plan}
        </p>
      ) : null}
    </div>
  );
}

function RowSummary({ row, audit }: { row: FleetRowState; audit: VehicleAudit | undefined }) {
  if (row.blank) {
    return <p className="text-sm text-slate-600">Empty: skipped until you fill it in.</p>;
  }
  if (!audit) {
    return (
      <p className="text-sm text-slate-700">Fix the highlighted fields to include this car.</p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Net profit{" "}
      <strong className={audit.isLosingMoney ? "text-red-700" : "text-green-800"}>
        {formatCents(audit.netProfitCents)}
      </strong>{" "}
      a month
      {audit.isLosingMoney ? <LosingBadge className="ml-2" /> : null}
    </p>
  );
}
