/**
 * What the estimate assumes about a vehicle when the caller didn't say (the JSON API lets a
 * client add a car with just a VIN, or year, make and model, and a body type).
 *
 * - Price class by make: makes that sell only electric cars price as EV; makes sold only as
 *   luxury or premium brands price as such (parts and OEM list prices follow the badge); every
 *   other make prices as mid-range, the middle of the parts-price tiers, rather than guessing a
 *   trim. The host can correct it on the vehicle page.
 * - Paint: two-stage metallic or pearl (base coat and clear coat), the usual factory finish of
 *   current cars; solid is cheaper and tri-coat dearer to refinish.
 */
import type { PaintType, PriceClass } from "./taxonomy";

const EV_MAKES = ["tesla", "rivian", "lucid", "polestar", "fisker"];
const LUXURY_MAKES = [
  "aston martin",
  "bentley",
  "ferrari",
  "lamborghini",
  "land rover",
  "maserati",
  "mclaren",
  "porsche",
  "rolls-royce",
];
const PREMIUM_MAKES = [
  "acura",
  "alfa romeo",
  "audi",
  "bmw",
  "cadillac",
  "genesis",
  "infiniti",
  "jaguar",
  "lexus",
  "lincoln",
  "mercedes-benz",
  "volvo",
];

export const DEFAULT_PAINT_TYPE: PaintType = "metallic-pearl";

export function defaultPriceClass(make: string | null | undefined): PriceClass {
  const key = (make ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  const is = (makes: string[]) => makes.some((name) => key === name || key.startsWith(`${name} `));
  if (is(EV_MAKES)) return "ev-hybrid";
  if (is(LUXURY_MAKES)) return "luxury";
  if (is(PREMIUM_MAKES) || key === "mercedes" || key === "mercedes benz") return "premium";
  return "mid";
}
