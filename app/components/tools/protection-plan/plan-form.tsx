import type { FormEvent } from "react";
import { Form } from "react-router";
import { ToolField } from "~/components/tool-fields";
import { marketplace } from "~/config/marketplace";
import {
  GUEST_PLAN_IDS,
  GUEST_PLANS,
  HOST_PLAN_COMMON,
  HOST_PLAN_IDS,
  HOST_PLANS,
  type HostPlanRule,
} from "~/domain/marketplace-rules";
import { PP_PARAMS } from "~/lib/tools/protection-plan-params";
import type { ProtectionPlanQuery } from "~/lib/tools/protection-plan-query";
import { money } from "./common";

function hostPlanExtras(plan: HostPlanRule): string {
  const extras: string[] = [];
  if (plan.lostHostingIncome) extras.push("lost income");
  if (plan.replacementVehicle) {
    extras.push(`${money(plan.replacementVehicle.dailyCents)}/day replacement car`);
  }
  return extras.length > 0 ? `; ${extras.join(" or ")}` : "";
}

/** The guest's plan, the host's plan, the estimate and the optional lost income. */
export function PlanForm({
  values,
  errors,
  onChange,
}: {
  values: ProtectionPlanQuery["values"];
  errors: ProtectionPlanQuery["errors"];
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="get"
      onChange={onChange}
      className="rounded-2xl border border-slate-200 p-5 sm:p-6"
      aria-label="Plans and damage"
    >
      <h2 className="text-lg font-semibold text-slate-900">Plans and damage</h2>
      <p className="mt-1 text-sm text-slate-600">
        Prefilled with an example. Change it to your claim.
      </p>

      <div className="mt-5 grid gap-6">
        <RadioGroup
          name={PP_PARAMS.guest}
          legend="Guest's protection plan"
          value={values.guest}
          error={errors.guest}
          options={GUEST_PLAN_IDS.map((id) => ({
            value: id,
            label: GUEST_PLANS[id].name,
            detail:
              GUEST_PLANS[id].maxOutOfPocketCents === 0
                ? "Owes nothing for eligible damage"
                : `Owes up to ${money(GUEST_PLANS[id].maxOutOfPocketCents)}`,
          }))}
        />
        <RadioGroup
          name={PP_PARAMS.host}
          legend="Your host protection plan"
          value={values.host}
          error={errors.host}
          options={HOST_PLAN_IDS.map((id) => ({
            value: String(id),
            label: HOST_PLANS[id].name,
            detail: `${money(HOST_PLANS[id].deductibleCents)} deductible${hostPlanExtras(HOST_PLANS[id])}`,
          }))}
        />

        <ToolField
          id={PP_PARAMS.estimate}
          label="Repair estimate"
          kind="money"
          defaultValue={values.estimate}
          error={errors.estimate}
          min={0}
          required
        />
        <ToolField
          id={PP_PARAMS.acv}
          label="Car's actual cash value (optional)"
          kind="money"
          defaultValue={values.acv}
          error={errors.acv}
          min={0}
          hint={`Host plans never pay more than this or ${money(HOST_PLAN_COMMON.physicalDamageCapCents)}.`}
        />

        <fieldset className="grid gap-3">
          <legend className="label">Damage from misuse</legend>
          <Checkbox
            name={PP_PARAMS.interior}
            checked={values.interior}
            label="Interior damage from misuse"
            detail="Tears, burns, stains, gouges inside the car"
          />
          <Checkbox
            name={PP_PARAMS.mechanical}
            checked={values.mechanical}
            label="Mechanical damage from misuse"
            detail="From negligence or improper driving"
          />
        </fieldset>

        <LostIncomeFields values={values} errors={errors} />
      </div>
      <button type="submit" className="btn-primary mt-6 w-full">
        Compare the routes
      </button>
    </Form>
  );
}

/** The lost income: an amount, or the marketplace's formula (hours and the car's earnings). */
function LostIncomeFields({
  values,
  errors,
}: {
  values: ProtectionPlanQuery["values"];
  errors: ProtectionPlanQuery["errors"];
}) {
  return (
    <div className="rounded-xl bg-slate-50 p-4">
      <fieldset className="grid gap-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900">
          Lost hosting income (optional)
        </legend>
        <ToolField
          id={PP_PARAMS.lostIncome}
          label="Lost income you're claiming"
          kind="money"
          defaultValue={values.lostIncome}
          error={errors.lostIncome}
          min={0}
        />
        <p className="text-sm text-slate-700">
          Or calculate it by {marketplace.name}&apos;s formula (used instead of the amount above):
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <ToolField
            id={PP_PARAMS.hours}
            label="Labor hours on the estimate"
            kind="number"
            defaultValue={values.hours}
            error={errors.hours}
            min={0}
          />
          <ToolField
            id={PP_PARAMS.earnings}
            label="Car's earnings, last 60 days"
            kind="money"
            defaultValue={values.earnings60}
            error={errors.earnings60}
            min={0}
          />
        </div>
        <Checkbox
          name={PP_PARAMS.replacement}
          checked={values.replacement}
          label="I'm taking the replacement-vehicle reimbursement instead"
          detail="Lost income is only paid if you decline it"
        />
      </fieldset>
    </div>
  );
}

function RadioGroup({
  name,
  legend,
  value,
  error,
  options,
}: {
  name: string;
  legend: string;
  value: string;
  error?: string;
  options: Array<{ value: string; label: string; detail: string }>;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={value === option.value}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Checkbox({
  name,
  checked,
  label,
  detail,
}: {
  name: string;
  checked: boolean;
  label: string;
  detail: string;
}) {
  const id = `${name}-check`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={checked}
        aria-describedby={`${id}-detail`}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-detail`} className="text-sm text-slate-600">
          {detail}
        </p>
      </div>
    </div>
  );
}
