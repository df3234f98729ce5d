import { Form, Link } from "react-router";

export interface UnmatchedCarView {
  vehicle: { label: string | null; title: string | null; vin: string | null };
  trips: number;
  /** The host's cars it could equally be, by label (empty when none matched). */
  candidates: string[];
  /** What "Add as a new car" fills in from the file. */
  newCar: {
    nickname: string | null;
    plate: string | null;
    vin: string | null;
    year: number | null;
    make: string | null;
    model: string | null;
  };
}

/** The new-vehicle form, filled from the file, that attaches the car's trips once saved. */
export function newCarHref(car: UnmatchedCarView): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(car.newCar)) {
    if (value !== null) params.set(key, String(value));
  }
  if (car.vehicle.label !== null) params.set("fileVehicle", car.vehicle.label);
  if (car.vehicle.title !== null) params.set("fileTitle", car.vehicle.title);
  if (car.vehicle.vin !== null) params.set("fileVin", car.vehicle.vin);
  return `/dashboard/vehicles/new?${params}`;
}

function or(names: string[]): string {
  return names.length <= 2
    ? names.join(" or ")
    : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/**
 * The matching step: cars the file names that aren't matched to one of the account's vehicles
 * (an unfamiliar car, or one that could be several). One small form per car, and a way to add
 * it to the fleet from what the file says.
 */
export function UnmatchedCars({
  cars,
  vehicles,
}: {
  cars: UnmatchedCarView[];
  vehicles: { id: string; label: string }[];
}) {
  if (cars.length === 0) return null;
  return (
    <section
      aria-labelledby="unmatched-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="unmatched-title" className="font-semibold text-amber-950">
        Which car is it?
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {vehicles.length > 0
          ? "These cars from the file don't match one of yours by VIN, plate, nickname or model. Choose the car for each, or add it to your fleet; its trips are matched at once, and every later import remembers it."
          : "Add the cars from the file to your fleet: each one's trips are matched to it at once, and every later import remembers it."}
      </p>
      <ul className="mt-3 divide-y divide-amber-200">
        {cars.map((car, index) => {
          const name = car.vehicle.label ?? car.vehicle.title ?? car.vehicle.vin ?? "";
          const details = [
            car.vehicle.label !== null ? car.vehicle.title : null,
            car.vehicle.vin ? `VIN ${car.vehicle.vin}` : null,
          ].filter(Boolean);
          const tripCount = car.trips === 1 ? "1 trip" : `${car.trips} trips`;
          return (
            <li key={`${name}|${car.vehicle.title}|${car.vehicle.vin}`} className="py-3">
              {vehicles.length > 0 ? (
                <label
                  htmlFor={`match-${index}`}
                  className="font-medium break-words text-amber-950"
                >
                  “{name}” ({tripCount})
                </label>
              ) : (
                <p className="font-medium break-words text-amber-950">
                  “{name}” ({tripCount})
                </p>
              )}
              <div id={`match-${index}-notes`}>
                {details.length > 0 ? (
                  <p className="text-sm break-words text-amber-900">{details.join(" · ")}</p>
                ) : null}
                {car.candidates.length > 1 ? (
                  <p className="text-sm text-amber-950">
                    It could be {or(car.candidates)}: choose which.
                  </p>
                ) : null}
              </div>
              {vehicles.length > 0 ? (
                <Form method="post" className="mt-2 flex gap-3 sm:max-w-xl">
                  <input type="hidden" name="intent" value="match" />
                  <input type="hidden" name="vehicleName" value={car.vehicle.label ?? ""} />
                  <input type="hidden" name="vehicleTitle" value={car.vehicle.title ?? ""} />
                  <input type="hidden" name="vehicleVin" value={car.vehicle.vin ?? ""} />
                  <select
                    id={`match-${index}`}
                    name="vehicleId"
                    required
                    defaultValue=""
                    className="input min-w-0 flex-1 bg-white"
                    aria-describedby={`match-${index}-notes`}
                  >
                    <option value="" disabled>
                      Choose a car
                    </option>
                    {vehicles.map((vehicle) => (
                      <option key={vehicle.id} value={vehicle.id}>
                        {vehicle.label}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="btn-outline shrink-0 bg-white">
                    Match
                  </button>
                </Form>
              ) : null}
              <Link
                to={newCarHref(car)}
                className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
                aria-label={`Add “${name}” as a new car`}
              >
                Add as a new car
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
