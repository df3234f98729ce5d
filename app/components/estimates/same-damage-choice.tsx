import type { FieldMetadata } from "@conform-to/react";
import { formatDay } from "~/domain/dates";
import type { OpenDamage } from "~/lib/estimates/open-damage";
import { usePreferences } from "~/lib/ui/preferences";

/**
 * Asked when the chosen panel already has this kind of damage from an earlier report: the same
 * damage (shown, not charged again) or new. With JavaScript it appears as soon as panel and damage
 * match; without it, after the first post, which saves nothing until it is answered.
 */
export function SameDamageChoice({
  matches,
  field,
  idPrefix,
  chosen,
}: {
  matches: OpenDamage[];
  field: FieldMetadata<unknown>;
  idPrefix: string;
  chosen?: string;
}) {
  const { timeZone } = usePreferences();
  if (matches.length === 0) return null;
  const error = field.errors?.[0];
  return (
    <fieldset
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 sm:col-span-2"
      aria-describedby={error ? `${idPrefix}sameAs-error` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-amber-950">
        This panel already has this damage. Is it the same?
      </legend>
      <div className="mt-1 space-y-2 text-sm">
        {matches.map((match) => (
          <label key={match.findingId} className="flex items-start gap-2">
            <input
              type="radio"
              name={field.name}
              value={match.findingId}
              required
              defaultChecked={chosen === match.findingId}
              className="mt-1"
            />
            <span>
              Same damage as the report of {formatDay(match.reportDate, timeZone)} (
              {match.label.toLowerCase()}): <strong>not charged again</strong>
            </span>
          </label>
        ))}
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name={field.name}
            value="new"
            required
            defaultChecked={chosen === "new"}
            className="mt-1"
          />
          <span>New damage from this trip</span>
        </label>
      </div>
      {error ? (
        <p id={`${idPrefix}sameAs-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
