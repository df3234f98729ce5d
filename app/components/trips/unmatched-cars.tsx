import { Form } from "react-router";

/**
 * The matching step: cars the file names that aren't matched to one of the account's vehicles
 * (an unfamiliar name, or a name two cars share). One small form per name.
 */
export function UnmatchedCars({
  names,
  vehicles,
}: {
  names: { vehicleName: string; trips: number }[];
  vehicles: { id: string; label: string }[];
}) {
  if (names.length === 0) return null;
  return (
    <section
      aria-labelledby="unmatched-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="unmatched-title" className="font-semibold text-amber-950">
        Which car is it?
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        These names from the file don&apos;t match one of your cars by VIN or name. Choose the car
        for each; its trips are matched at once, and again the next time you import.
      </p>
      <ul className="mt-3 space-y-3">
        {names.map(({ vehicleName, trips }, index) => (
          <li key={vehicleName}>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="match" />
              <input type="hidden" name="vehicleName" value={vehicleName} />
              <div className="min-w-0 flex-1">
                <label htmlFor={`match-${index}`} className="label">
                  “{vehicleName}” ({trips === 1 ? "1 trip" : `${trips} trips`})
                </label>
                <select
                  id={`match-${index}`}
                  name="vehicleId"
                  required
                  defaultValue=""
                  className="input bg-white"
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
              </div>
              <button type="submit" className="btn-outline bg-white">
                Match
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
