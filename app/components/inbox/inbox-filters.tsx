import { Form, Link } from "react-router";

/**
 * The inbox's filters: a plain GET form (it works with JavaScript off), so the filters are in the
 * URL and the page links keep them. Choosing a filter starts again from the first page.
 */
export function InboxFilters({
  filter,
  counts,
  cars,
}: {
  filter: { show: string | null; vehicleId: string | null };
  counts: { all: number; needsYou: number; awaitingReply: number };
  cars: { id: string; name: string }[];
}) {
  const filtered = Boolean(filter.show || filter.vehicleId);
  const selectClass =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
  return (
    <Form
      key={`${filter.show ?? ""}:${filter.vehicleId ?? ""}`}
      method="get"
      action="/dashboard/inbox"
      aria-label="Filter conversations"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <label className="w-full text-sm font-medium text-slate-800 sm:w-auto sm:min-w-40 sm:flex-1">
        Show
        <select name="show" defaultValue={filter.show ?? ""} className={selectClass}>
          <option value="">All conversations ({counts.all})</option>
          <option value="needs-you">Needs you ({counts.needsYou})</option>
          <option value="awaiting-reply">Awaiting a reply ({counts.awaitingReply})</option>
        </select>
      </label>
      {cars.length > 0 ? (
        <label className="w-full text-sm font-medium text-slate-800 sm:w-auto sm:min-w-40 sm:flex-1">
          Car
          <select name="car" defaultValue={filter.vehicleId ?? ""} className={selectClass}>
            <option value="">All cars</option>
            {cars.map((car) => (
              <option key={car.id} value={car.id}>
                {car.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="btn-outline px-4 py-2 text-sm">
        Filter
      </button>
      {filtered ? (
        <Link
          to="/dashboard/inbox"
          className="inline-block py-2 text-sm font-medium text-brand-700 underline"
        >
          Show all
        </Link>
      ) : null}
    </Form>
  );
}
