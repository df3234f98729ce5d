import { Form, Link } from "react-router";
import { FilterSelect } from "~/components/filter-select";

const FILTER_WIDTH = "w-full sm:w-auto sm:min-w-40 sm:flex-1";

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
  return (
    <Form
      key={`${filter.show ?? ""}:${filter.vehicleId ?? ""}`}
      method="get"
      action="/dashboard/inbox"
      aria-label="Filter conversations"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <FilterSelect
        id="inbox-filter-show"
        name="show"
        label="Show"
        value={filter.show}
        anyLabel={`All conversations (${counts.all})`}
        options={[
          { value: "needs-you", label: `Needs you (${counts.needsYou})` },
          { value: "awaiting-reply", label: `Awaiting a reply (${counts.awaitingReply})` },
        ]}
        className={FILTER_WIDTH}
      />
      {cars.length > 0 ? (
        <FilterSelect
          id="inbox-filter-car"
          name="car"
          label="Car"
          value={filter.vehicleId}
          anyLabel="All cars"
          options={cars.map((car) => ({ value: car.id, label: car.name }))}
          className={FILTER_WIDTH}
        />
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
