import { Form, Link } from "react-router";
import { FilterSelect } from "~/components/filter-select";
import { TRIP_STATUS_LABELS, TRIP_STATUSES } from "~/domain/trips/trip";

export interface TripFilterValues {
  vehicleId: string | null;
  status: string | null;
  from: string | null;
  to: string | null;
}

/**
 * The trips list's filters: a plain GET form (it works with JavaScript off), so a filtered list
 * is a URL the host can bookmark, and its page links keep the filters.
 */
export function TripFilters({
  filters,
  vehicles,
}: {
  filters: TripFilterValues;
  vehicles: { id: string; label: string }[];
}) {
  const filtered = Object.values(filters).some((value) => value !== null);
  return (
    <Form
      method="get"
      // A new URL's values replace what was typed (back, "Clear filters").
      key={JSON.stringify(filters)}
      aria-label="Filter the trips"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <FilterSelect
        id="trip-filter-car"
        name="vehicleId"
        label="Car"
        value={filters.vehicleId}
        anyLabel="All cars"
        options={vehicles.map((vehicle) => ({ value: vehicle.id, label: vehicle.label }))}
        className="min-w-0"
      />
      <FilterSelect
        id="trip-filter-status"
        name="status"
        label="Status"
        value={filters.status}
        anyLabel="Any status"
        options={TRIP_STATUSES.map((status) => ({
          value: status,
          label: TRIP_STATUS_LABELS[status],
        }))}
      />
      <div>
        <label htmlFor="trip-filter-from" className="label">
          From
        </label>
        <input
          id="trip-filter-from"
          type="date"
          name="from"
          defaultValue={filters.from ?? ""}
          className="input py-2"
        />
      </div>
      <div>
        <label htmlFor="trip-filter-to" className="label">
          To
        </label>
        <input
          id="trip-filter-to"
          type="date"
          name="to"
          defaultValue={filters.to ?? ""}
          className="input py-2"
        />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-outline py-2">
          Show trips
        </button>
        {filtered ? (
          <Link to="/dashboard/trips" className="text-sm font-medium text-brand-700 underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
