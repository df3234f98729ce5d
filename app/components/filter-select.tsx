/** One choice of a list filter: the value in the URL and what the select shows. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labeled select in a list's GET filter form (trips, the inbox, the queue): the empty value is
 * "any" (`anyLabel`), so leaving it drops the filter from the URL.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  anyLabel: string;
  options: readonly FilterOption[];
  /** The wrapper's layout in its form. */
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="input py-2">
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
