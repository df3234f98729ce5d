import { DEFAULT_SHARE_LINK_DAYS, SHARE_LINK_DAYS } from "~/lib/estimates/share-options";

/** "Link works for 7, 30 or 90 days": the choice of every read-only link form (field `days`). */
export function LinkDaysSelect({ id }: { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        Link works for
      </label>
      <select id={id} name="days" className="input" defaultValue={DEFAULT_SHARE_LINK_DAYS}>
        {SHARE_LINK_DAYS.map((days) => (
          <option key={days} value={days}>
            {days} days
          </option>
        ))}
      </select>
    </div>
  );
}
