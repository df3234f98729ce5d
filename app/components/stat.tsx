import type { ReactNode } from "react";

const SIZES = {
  /** Several to a row in a dense page (the estimate report, printed too). */
  small: {
    frame: "rounded-xl bg-white p-3 sm:p-4",
    label: "text-xs font-medium tracking-wide uppercase",
    value: "text-lg sm:text-xl",
    detail: "mt-0.5 text-xs",
  },
  /** A calculator's result. */
  medium: {
    frame: "rounded-2xl p-3 sm:p-4",
    label: "text-sm",
    value: "text-xl sm:text-2xl",
    detail: "mt-1 text-xs",
  },
  /** A page's headline figures (the dashboard's summary rows). */
  large: {
    frame: "rounded-2xl bg-white p-4 sm:p-5",
    label: "text-sm font-medium",
    value: "text-2xl tracking-tight sm:text-3xl",
    detail: "mt-1 text-sm",
  },
} as const;

const TONES = { plain: "text-slate-900", good: "text-green-800", bad: "text-red-700" } as const;

/**
 * One figure of a summary: its label, the value and an optional detail under it. Place it in a
 * `<dl>` (it is a `<dt>` and its `<dd>`s). `tone` colors a value that is good or bad news.
 */
export function Stat({
  label,
  value,
  detail,
  size = "medium",
  tone = "plain",
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  size?: keyof typeof SIZES;
  tone?: keyof typeof TONES;
  testId?: string;
}) {
  const style = SIZES[size];
  return (
    <div className={`min-w-0 border border-slate-200 ${style.frame}`}>
      <dt className={`text-slate-600 ${style.label}`}>{label}</dt>
      <dd
        className={`mt-1 font-bold break-words tabular-nums ${style.value} ${TONES[tone]}`}
        data-testid={testId}
      >
        {value}
      </dd>
      {detail ? <dd className={`text-slate-600 ${style.detail}`}>{detail}</dd> : null}
    </div>
  );
}
