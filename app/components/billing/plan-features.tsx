/** Pieces the billing pages share: a plan's checklist and the alert of a failed billing form. */
import { FEATURE_LABELS, type Feature } from "~/domain/billing/plans";
import { errorsOf, type FormReply } from "~/lib/http/form-result";

export function PlanFeatureList({
  features,
  vehicleLimit,
  className = "",
}: {
  features: readonly Feature[];
  vehicleLimit: number | null;
  className?: string;
}) {
  const items = [
    ...features.map((feature) => FEATURE_LABELS[feature]),
    vehicleLimit === null ? "No vehicle limit" : `Up to ${vehicleLimit} vehicles`,
  ];
  return (
    <ul className={`space-y-1 text-slate-700 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-brand-600">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * A billing form's refusal, if the last post had one. Its fields are hidden inputs and buttons,
 * so a message about one of them is shown for the whole form.
 */
export function BillingAlert({ reply }: { reply: FormReply | undefined }) {
  const errors = errorsOf(reply?.result);
  const message = errors.form ?? Object.values(errors)[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      {message}
    </p>
  );
}
