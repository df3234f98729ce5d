import { CopyTextButton } from "./copy-text-button";

/**
 * A value to paste elsewhere (an address, a URL, a filter), shown whole and wrapped, so a phone
 * shows all of it. Once JavaScript runs a Copy button sits beside it; without JavaScript the text
 * is selected and copied by hand.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
}: {
  id: string;
  label: string;
  value: string;
  /** The button's accessible name, e.g. "Copy the address". */
  copyLabel: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <textarea
          id={id}
          readOnly
          value={value}
          // Long values (a 43-character token) wrap instead of hiding past the field's edge.
          rows={Math.max(1, Math.ceil(value.length / 34))}
          className="input min-w-0 flex-[1_1_16rem] resize-none font-mono text-sm break-all [field-sizing:content]"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyTextButton fieldId={id} label={copyLabel} />
      </div>
    </div>
  );
}
