/**
 * The vehicle diagram's public types, colors and markers: what draws a layout (see diagram.ts for
 * the geometry that computes one). Pure and small, so a page can draw a layout its loader sent.
 */
import { PANELS, type BodyType, type PanelId, type PanelKind, type Severity } from "./taxonomy";

// ─── Public types ───────────────────────────────────────────────────────────────────────────────

export type DiagramView = "top" | "left" | "right" | "front" | "rear" | "interior";

export interface DiagramPoint {
  x: number;
  y: number;
}

export interface DiagramBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Non-interactive drawing. "body" and "shade" are filled and sit under the panels (the car's
 * silhouette; shade for tires, glass and lamps that are not tappable in that view); "line" (stroke
 * only) and "hub" (filled) sit over the panels and must not catch clicks.
 */
export type OutlineKind = "body" | "shade" | "line" | "hub";

export interface DiagramOutline {
  d: string;
  label: string;
  kind: OutlineKind;
}

export interface DiagramCaption {
  text: string;
  x: number;
  y: number;
}

export interface DiagramPanel {
  id: PanelId;
  label: string;
  view: DiagramView;
  d: string;
  /** Where a marker goes: inside the panel and not under a panel drawn after it. */
  anchor: DiagramPoint;
  /** Bounding box of the path. */
  box: DiagramBox;
}

export interface DiagramLayout {
  bodyType: BodyType;
  /** viewBox size. */
  width: number;
  height: number;
  outlines: readonly DiagramOutline[];
  captions: readonly DiagramCaption[];
  /** In drawing order: a panel listed later may overlap one listed earlier (a fog lamp on its bumper). */
  panels: readonly DiagramPanel[];
}

/** A damage marker on the diagram, as the report, history and PDF show it. */
export interface DiagramMarker {
  id: string;
  panel: PanelId;
  severity: Severity;
  /** What a screen reader says and the figure caption lists: "Moderate dent, left front door". */
  label: string;
  status?: "new" | "pre-existing" | "repaired";
  /** Shown inside the marker, matching a numbered list next to the diagram. */
  number?: number;
}

// ─── Shared drawing style (the React component and the PDF use the same colors) ───────────────

export const DIAGRAM_COLORS = {
  bodyFill: "#e2e8f0", // slate-200
  bodyStroke: "#94a3b8", // slate-400
  shadeFill: "#cbd5e1", // slate-300
  line: "#64748b", // slate-500
  hubFill: "#e2e8f0",
  panelStroke: "#475569", // slate-600
  caption: "#475569",
  selectedFill: "#c3cbf9", // brand-200
  selectedStroke: "#2a40ad", // brand-700
  highlightFill: "#fef08a", // yellow-200
  highlightStroke: "#a16207", // yellow-700
} as const;

/** Panel fill by what it is, so glass reads as glass and lamps as lamps. */
export function panelFill(id: PanelId): string {
  const kind: PanelKind = PANELS[id].kind;
  if (kind === "glass") return "#dbeafe"; // blue-100
  if (kind === "wheel") return "#475569"; // slate-600 tire; the rim is a "hub" outline on top
  if (kind === "trim") return "#cbd5e1"; // slate-300 grille
  if (kind === "interior") return "#f8fafc"; // slate-50
  if (kind === "lamp") return id.startsWith("taillamp") ? "#fecaca" : "#e0f2fe"; // red-200, sky-100
  return "#ffffff";
}

export type MarkerShape = "circle" | "diamond" | "square";

export interface MarkerStyle {
  shape: MarkerShape;
  fill: string;
  /** Border: at least 3:1 against every light panel fill, so the marker never relies on its fill. */
  stroke: string;
  /** The number inside: at least 4.5:1 against `fill`. */
  text: string;
  dashed: boolean;
  /** Repaired markers get a small check badge. */
  check: boolean;
}

const SEVERITY_STYLE: Record<Severity, Omit<MarkerStyle, "dashed" | "check">> = {
  minor: { shape: "circle", fill: "#fbbf24", stroke: "#92400e", text: "#1c1917" }, // amber
  moderate: { shape: "diamond", fill: "#f97316", stroke: "#7c2d12", text: "#1c1917" }, // orange
  severe: { shape: "square", fill: "#dc2626", stroke: "#7f1d1d", text: "#ffffff" }, // red
};

/** Shape by severity (never color alone), hollow and dashed when pre-existing, gray when repaired. */
export function markerStyle(severity: Severity, status?: DiagramMarker["status"]): MarkerStyle {
  const base = SEVERITY_STYLE[severity];
  if (status === "repaired") {
    return {
      shape: base.shape,
      fill: "#e5e7eb",
      stroke: "#4b5563",
      text: "#374151",
      dashed: false,
      check: true,
    };
  }
  if (status === "pre-existing") {
    return {
      shape: base.shape,
      fill: "#ffffff",
      stroke: base.stroke,
      text: base.stroke,
      dashed: true,
      check: false,
    };
  }
  return { ...base, dashed: false, check: false };
}

/** The white ring drawn under every marker, so it stands out on a dark tire too. */
export const MARKER_HALO = "#ffffff";
export const MARKER_RADIUS = 7.5;
const MARKER_SPACING = 17;

/** The marker outline centered on (x, y), in the layout's units. */
export function markerShapePath(shape: MarkerShape, x: number, y: number, radius = MARKER_RADIUS) {
  if (shape === "circle") return circleD(x, y, radius);
  if (shape === "diamond") {
    const r = radius * 1.22;
    return `M ${f(x)} ${f(y - r)} L ${f(x + r)} ${f(y)} L ${f(x)} ${f(y + r)} L ${f(x - r)} ${f(y)} Z`;
  }
  const h = radius * 0.9;
  return `M ${f(x - h)} ${f(y - h)} L ${f(x + h)} ${f(y - h)} L ${f(x + h)} ${f(y + h)} L ${f(x - h)} ${f(y + h)} Z`;
}

/** The repaired badge: a small circle at the marker's upper right and the check inside it. */
export function markerCheckBadge(x: number, y: number, radius = MARKER_RADIUS) {
  const cx = x + radius * 0.85;
  const cy = y - radius * 0.85;
  const r = radius * 0.55;
  return {
    circle: circleD(cx, cy, r),
    check: `M ${f(cx - r * 0.5)} ${f(cy)} L ${f(cx - r * 0.1)} ${f(cy + r * 0.42)} L ${f(cx + r * 0.55)} ${f(cy - r * 0.45)}`,
  };
}

/**
 * Where `count` markers on one panel go: a row along the panel's longer side, centered on its
 * anchor, wrapping into more rows when they don't fit; kept inside the viewBox.
 */
export function markerPositions(
  layout: Pick<DiagramLayout, "width" | "height">,
  panel: Pick<DiagramPanel, "anchor" | "box">,
  count: number,
): DiagramPoint[] {
  if (count <= 0) return [];
  const horizontal = panel.box.width >= panel.box.height;
  const long = horizontal ? panel.box.width : panel.box.height;
  const perRow = Math.max(1, Math.min(count, Math.floor(long / MARKER_SPACING)));
  const rows = Math.ceil(count / perRow);
  const margin = MARKER_RADIUS + 2;
  const points: DiagramPoint[] = [];
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / perRow);
    const inRow = row === rows - 1 ? count - row * perRow : perRow;
    const along = (index - row * perRow - (inRow - 1) / 2) * MARKER_SPACING;
    const across = (row - (rows - 1) / 2) * MARKER_SPACING;
    const x = panel.anchor.x + (horizontal ? along : across);
    const y = panel.anchor.y + (horizontal ? across : along);
    points.push({
      x: clamp(x, margin, layout.width - margin),
      y: clamp(y, margin, layout.height - margin),
    });
  }
  return points;
}

// ─── Path helpers (shared with the geometry) ─────────────────────────────────────────────────────

export function f(n: number): string {
  const rounded = Math.round(n * 100) / 100;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

export function clamp(n: number, min: number, max: number) {
  return Math.min(max, Math.max(min, n));
}

export function circleD(x: number, y: number, r: number): string {
  return (
    `M ${f(x - r)} ${f(y)} A ${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y - r)} ` +
    `A ${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)} A ${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y + r)} ` +
    `A ${f(r)} ${f(r)} 0 0 1 ${f(x - r)} ${f(y)} Z`
  );
}
