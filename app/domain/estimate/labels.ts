/**
 * The words a report uses for its parts, shared by the web report, the PDF and the uploader so
 * an adjuster reads the same label on every copy.
 */
import type { LineCategory, RateType } from "./engine";
import type { PhotoPhase } from "./taxonomy";

export const PHOTO_PHASE_LABELS: Readonly<Record<PhotoPhase, string>> = {
  pre_trip: "Pre-trip",
  post_trip: "Post-trip",
};

/** Subtotal names, in the order the subtotals are listed. */
export const LINE_CATEGORY_LABELS: Readonly<Record<LineCategory, string>> = {
  labor: "Body and mechanical labor",
  paint: "Paint labor",
  parts: "Parts",
  materials: "Paint materials",
  sublet: "Sublet (specialist work)",
  tax: "Sales tax",
};

export const RATE_TYPE_LABELS: Readonly<Record<RateType, string>> = {
  body: "Body labor",
  refinish: "Paint (refinish) labor",
  mechanical: "Mechanical labor",
};
