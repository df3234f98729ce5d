/**
 * How the marketplace's export names a car, and which of the host's cars that is.
 *
 * The export names a car four ways: "VIN"; "Vehicle", the listing's nickname with its plate
 * ("Silver Benz (VA #UXR4412)"); "Vehicle name", make, model and year ("Mercedes-Benz C-Class
 * 2019"); and "Vehicle id", the marketplace's listing id. A car is matched by VIN, then by a
 * match the host made before, then by plate, by nickname, and by make/model/year, in that
 * order. At each step one car is a match; two or more stop the search (the host is asked, never
 * guessed for); none goes on to the next step. A car whose own VIN differs from the file's is
 * never matched by a weaker name.
 */
import { normalizeVin } from "~/domain/vin";

/** The car of one export row, as the file names it. */
export interface FileVehicle {
  /** The "Vehicle" cell as written (nickname and plate), or null. */
  label: string | null;
  /** The "Vehicle name" cell as written (make, model, year), or null. */
  title: string | null;
  vin: string | null;
  /** The marketplace's listing id ("Vehicle id"), or null. */
  listingId: string | null;
}

/** The parts of the "Vehicle" cell: "Silver Benz (VA #UXR4412)" → Silver Benz, VA, UXR4412. */
export interface VehicleLabelParts {
  nickname: string;
  state: string | null;
  plate: string | null;
}

const PLATE_SUFFIX =
  /^(.*?)\s*\(\s*(?:([A-Za-z]{2})\s*)?#\s*([A-Za-z0-9][A-Za-z0-9 -]{0,11})\s*\)\s*$/;

/** Plates compared without case, spaces or dashes ("uxr-4412" is "UXR4412"). */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export function labelParts(label: string): VehicleLabelParts {
  const match = PLATE_SUFFIX.exec(label.trim());
  if (!match) return { nickname: label.trim(), state: null, plate: null };
  const plate = normalizePlate(match[3] ?? "");
  return {
    nickname: (match[1] ?? "").trim(),
    state: match[2] ? match[2].toUpperCase() : null,
    plate: plate === "" ? null : plate,
  };
}

/** Makes of more than one word; any other make is the first word ("Mercedes-Benz" is one). */
const MULTI_WORD_MAKES = ["Alfa Romeo", "Aston Martin", "Land Rover"];

/**
 * Year, make and model from a "Vehicle name": the year may come last ("Mercedes-Benz C-Class
 * 2019") or first ("2024 Tesla Model 3"). Null when there is no four-digit year at either end.
 */
export function titleParts(title: string): { year: number; make: string; model: string } | null {
  const words = title.trim().split(/\s+/);
  let year: number | null = null;
  if (words.length >= 3 && /^(19|20)\d{2}$/.test(words.at(-1)!)) year = Number(words.pop());
  else if (words.length >= 3 && /^(19|20)\d{2}$/.test(words[0]!)) year = Number(words.shift());
  if (year === null) return null;
  const rest = words.join(" ");
  const multi = MULTI_WORD_MAKES.find((make) =>
    rest.toLowerCase().startsWith(`${make.toLowerCase()} `),
  );
  const make = multi ?? words[0]!;
  const model = rest.slice(make.length).trim();
  return model === "" ? null : { year, make: multi ?? make, model };
}

/** Words compared without case, punctuation or order ("2019 Toyota Corolla" ≈ "toyota corolla 2019"). */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((word) => word !== "")
    .sort()
    .join(" ");
}

/** A host's car, as much of it as matching reads. */
export interface MatchableVehicle {
  id: string;
  vin: string | null;
  plate: string | null;
  nickname: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
}

export type MatchBasis = "vin" | "remembered" | "plate" | "nickname" | "model";

export type VehicleMatch =
  | { kind: "matched"; vehicleId: string; by: MatchBasis }
  | { kind: "ambiguous"; vehicleIds: string[]; by: MatchBasis }
  | { kind: "none" };

/**
 * The keys a host's match is remembered under, most specific first. Make/model/year is kept only
 * when the file names the car no better way: two cars of one model would otherwise share it.
 */
export function rememberKeys(vehicle: FileVehicle): string[] {
  const keys: string[] = [];
  if (vehicle.listingId) keys.push(`listing:${vehicle.listingId.trim()}`);
  if (vehicle.vin) keys.push(`vin:${normalizeVin(vehicle.vin)}`);
  const parts = vehicle.label ? labelParts(vehicle.label) : null;
  if (parts?.plate) keys.push(`plate:${parts.plate}`);
  if (parts && nameKey(parts.nickname) !== "") keys.push(`name:${nameKey(parts.nickname)}`);
  if (keys.length === 0 && vehicle.title && nameKey(vehicle.title) !== "") {
    keys.push(`title:${nameKey(vehicle.title)}`);
  }
  return keys;
}

/**
 * The host's car a file row means. `remembered` maps a remembered key (see `rememberKeys`) to the
 * car the host matched it to.
 */
export function matchFileVehicle(
  fleet: readonly MatchableVehicle[],
  remembered: ReadonlyMap<string, string>,
  file: FileVehicle,
): VehicleMatch {
  const fileVin = file.vin ? normalizeVin(file.vin) : null;
  if (fileVin) {
    const byVin = fleet.find((vehicle) => vehicle.vin === fileVin);
    if (byVin) return { kind: "matched", vehicleId: byVin.id, by: "vin" };
  }
  // A car with another VIN is another car, whatever its name.
  const candidates = fleet.filter((vehicle) => !fileVin || !vehicle.vin || vehicle.vin === fileVin);
  const known = new Set(candidates.map((vehicle) => vehicle.id));

  const keys = [...rememberKeys(file)];
  if (file.title && nameKey(file.title) !== "") keys.push(`title:${nameKey(file.title)}`);
  for (const key of keys) {
    const vehicleId = remembered.get(key);
    if (vehicleId && known.has(vehicleId)) return { kind: "matched", vehicleId, by: "remembered" };
  }

  const decide = (found: MatchableVehicle[], by: MatchBasis): VehicleMatch | null =>
    found.length === 1
      ? { kind: "matched", vehicleId: found[0]!.id, by }
      : found.length > 1
        ? { kind: "ambiguous", vehicleIds: found.map((vehicle) => vehicle.id), by }
        : null;

  // A file with only "Vehicle name" may hold the nickname there.
  const parts = file.label ? labelParts(file.label) : file.title ? labelParts(file.title) : null;
  if (parts?.plate) {
    const plate = parts.plate;
    const byPlate = decide(
      candidates.filter((vehicle) => vehicle.plate && normalizePlate(vehicle.plate) === plate),
      "plate",
    );
    if (byPlate) return byPlate;
  }
  const nickname = parts ? nameKey(parts.nickname) : "";
  if (nickname !== "") {
    const byNickname = decide(
      candidates.filter((vehicle) => vehicle.nickname && nameKey(vehicle.nickname) === nickname),
      "nickname",
    );
    if (byNickname) return byNickname;
  }
  // Make, model and year from "Vehicle name"; a file without it may write them in "Vehicle".
  const title = nameKey(file.title ?? (parts?.plate ? "" : (parts?.nickname ?? "")));
  if (title !== "") {
    const byModel = decide(
      candidates.filter((vehicle) =>
        [
          `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
          `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim ?? ""}`,
        ].some((name) => nameKey(name) === title),
      ),
      "model",
    );
    if (byModel) return byModel;
  }
  return { kind: "none" };
}

/** What "Add as a new car" fills in from the file. */
export function newCarFromFile(file: FileVehicle): {
  nickname: string | null;
  plate: string | null;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
} {
  const parts = file.label ? labelParts(file.label) : null;
  const title = file.title ? titleParts(file.title) : null;
  // Without a "Vehicle name", a "Vehicle" like "Honda Civic 2019" may be the make and model.
  const fromLabel = !title && parts && !parts.plate ? titleParts(parts.nickname) : null;
  const model = title ?? fromLabel;
  return {
    nickname: parts && !fromLabel && parts.nickname !== "" ? parts.nickname.slice(0, 60) : null,
    plate: parts?.plate ?? null,
    vin: file.vin ? normalizeVin(file.vin) : null,
    year: model?.year ?? null,
    make: model?.make ?? null,
    model: model?.model ?? null,
  };
}
