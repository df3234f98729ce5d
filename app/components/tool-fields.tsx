import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: ReactNode;
  /** "money" shows a $ prefix and a decimal keypad; "percent" a % suffix. */
  kind?: "number" | "money" | "percent" | "text";
  min?: number;
  max?: number;
  step?: number | "any";
  required?: boolean;
}

/** One labeled input of a free tool's GET form, with its hint and error wired for screen readers. */
export function ToolField({
  id,
  label,
  defaultValue,
  error,
  hint,
  kind = "number",
  min,
  max,
  step,
  required,
}: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const numeric = kind === "number" || kind === "percent";
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        {kind === "money" ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
            $
          </span>
        ) : null}
        <input
          id={id}
          name={id}
          defaultValue={defaultValue}
          type={numeric ? "number" : "text"}
          inputMode={kind === "money" ? "decimal" : numeric ? "decimal" : undefined}
          min={numeric ? min : undefined}
          max={numeric ? max : undefined}
          step={numeric ? (step ?? "any") : undefined}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`input ${kind === "money" ? "pl-7" : ""} ${kind === "percent" ? "pr-8" : ""}`}
        />
        {kind === "percent" ? (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600">
            %
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The arithmetic behind a result, one line per step. */
export function CalculationSteps({
  steps,
}: {
  steps: ReadonlyArray<{ id: string; label: string; formula: string; display: string }>;
}) {
  return (
    <ol className="divide-y divide-slate-100">
      {steps.map((step) => (
        <li key={step.id} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
          <div>
            <p className="font-medium text-slate-900">{step.label}</p>
            <p className="text-sm text-slate-600">{step.formula}</p>
          </div>
          <p className="font-semibold text-slate-900 tabular-nums sm:text-right">{step.display}</p>
        </li>
      ))}
    </ol>
  );
}
