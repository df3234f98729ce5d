/**
 * The vehicle diagram every screen and the PDF draw: the classic rental-inspection sheet, laid
 * out for a phone held upright. The car points up the page, "unfolded": the left side view (turned
 * so the nose is at the top and the wheels face out) left of the top view, the right side view to
 * its right, and a row of small views below: the front (as you face the car, so its left headlamp
 * is on your right), the rear (as you stand behind it) and the interior.
 *
 * Geometry is built from a few real-world measurements per body type (meters) by one parametric
 * builder, so a pickup, a van and a coupe share code but not proportions. Every panel that exists
 * on the body is drawn exactly once, in the view where a host would look for it.
 *
 * Paths use only M, L, C, A and Z with absolute coordinates, so the same `d` renders the same in
 * a browser and in pdf-lib (whose `Q` is not a true quadratic curve, hence no `Q` here).
 *
 * Pure: no framework imports, no I/O. Layouts are computed once per body type and frozen.
 */
import { PANEL_IDS, PANELS, panelExistsOn, type BodyType, type PanelId } from "./taxonomy";

// The types and markers live in diagram-markers.ts, so a page drawing a layout its loader sent
// doesn't download the geometry.
import {
  clamp,
  f,
  type DiagramBox,
  type DiagramCaption,
  type DiagramLayout,
  type DiagramOutline,
  type DiagramPanel,
  type DiagramPoint,
  type DiagramView,
  type OutlineKind,
} from "./diagram-markers";
export {
  DIAGRAM_COLORS,
  panelFill,
  markerStyle,
  MARKER_HALO,
  MARKER_RADIUS,
  markerShapePath,
  markerCheckBadge,
  markerPositions,
  type DiagramView,
  type DiagramPoint,
  type DiagramBox,
  type OutlineKind,
  type DiagramOutline,
  type DiagramCaption,
  type DiagramPanel,
  type DiagramLayout,
  type DiagramMarker,
  type MarkerShape,
  type MarkerStyle,
} from "./diagram-markers";

// ─── Path building ──────────────────────────────────────────────────────────────────────────────

type Vec = readonly [number, number];
/** A vertex; `arc` is the center when the edge ending here is a circular arc (at most 90°). */
interface Vertex {
  p: Vec;
  arc?: Vec;
}
type LocalVertex = Vec | Vertex;

const isVec = (v: LocalVertex): v is Vec => Array.isArray(v);
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1]];
const len = (a: Vec) => Math.hypot(a[0], a[1]);
const lerp = (a: Vec, b: Vec, t: number): Vec => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** Arc vertices around `c` (local frame, degrees, counter-clockwise positive), in ≤ 90° steps. */
function arcTo(c: Vec, radius: number, from: number, to: number): Vertex[] {
  const steps = Math.max(1, Math.ceil(Math.abs(to - from) / 90 - 1e-9));
  const out: Vertex[] = [];
  for (let i = 1; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push({ p: [c[0] + radius * Math.cos(a), c[1] + radius * Math.sin(a)], arc: c });
  }
  return out;
}

function cubicAt(p0: Vec, p1: Vec, p2: Vec, p3: Vec, t: number): Vec {
  const m = 1 - t;
  const a = m * m * m;
  const b = 3 * m * m * t;
  const c = 3 * m * t * t;
  const d = t * t * t;
  return [
    a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
  ];
}

/** Maps a view's local frame to page coordinates. */
type ViewMap = (p: Vec) => Vec;

interface Built {
  d: string;
  box: DiagramBox;
}

/**
 * A closed path through `vertices` (mapped to the page), with straight corners rounded by
 * `round` page units (cubic curves), arcs kept as arcs.
 */
function build(map: ViewMap, vertices: readonly LocalVertex[], round = 0): Built {
  const verts: Vertex[] = [];
  for (const vertex of vertices) {
    const local = isVec(vertex) ? { p: vertex } : vertex;
    const p = map(local.p);
    const previous = verts[verts.length - 1];
    if (previous && len(sub(p, previous.p)) < 1e-6) continue;
    verts.push(local.arc ? { p, arc: map(local.arc) } : { p });
  }
  const first = verts[0];
  const last = verts[verts.length - 1];
  if (first && last && verts.length > 1 && len(sub(first.p, last.p)) < 1e-6 && !first.arc) {
    verts.shift();
  }
  const n = verts.length;
  const at = (i: number) => verts[((i % n) + n) % n] as Vertex;

  // Each vertex's entry and exit points (equal unless the corner is rounded).
  const corners = verts.map((v, i) => {
    const next = at(i + 1);
    const prev = at(i - 1);
    if (round <= 0 || v.arc || next.arc) return { entry: v.p, exit: v.p, rounded: false };
    const inLen = len(sub(v.p, prev.p));
    const outLen = len(sub(next.p, v.p));
    const r = Math.min(round, inLen / 2, outLen / 2);
    if (r < 0.01) return { entry: v.p, exit: v.p, rounded: false };
    return {
      entry: lerp(v.p, prev.p, r / inLen),
      exit: lerp(v.p, next.p, r / outLen),
      rounded: true,
    };
  });

  const xs: number[] = [];
  const ys: number[] = [];
  const track = (p: Vec) => {
    xs.push(p[0]);
    ys.push(p[1]);
  };
  const parts: string[] = [];
  const start = corners[0]?.exit ?? [0, 0];
  parts.push(`M ${f(start[0])} ${f(start[1])}`);
  track(start);
  let current = start;
  for (let step = 1; step <= n; step++) {
    const index = step % n;
    const v = at(index);
    const corner = corners[index] ?? { entry: v.p, exit: v.p, rounded: false };
    if (v.arc) {
      const radius = len(sub(v.p, v.arc));
      const a = sub(current, v.arc);
      const b = sub(v.p, v.arc);
      // SVG's y axis points down: a positive cross product turns clockwise on screen (sweep 1).
      const sweep = a[0] * b[1] - a[1] * b[0] > 0 ? 1 : 0;
      parts.push(`A ${f(radius)} ${f(radius)} 0 0 ${sweep} ${f(v.p[0])} ${f(v.p[1])}`);
      for (let k = 1; k <= 8; k++) {
        const t0 = Math.atan2(a[1], a[0]);
        let t1 = Math.atan2(b[1], b[0]);
        if (sweep === 1 && t1 < t0) t1 += 2 * Math.PI;
        if (sweep === 0 && t1 > t0) t1 -= 2 * Math.PI;
        const t = t0 + ((t1 - t0) * k) / 8;
        track([v.arc[0] + radius * Math.cos(t), v.arc[1] + radius * Math.sin(t)]);
      }
      current = v.p;
      continue;
    }
    if (step < n || corner.rounded || len(sub(corner.entry, start)) > 1e-6) {
      parts.push(`L ${f(corner.entry[0])} ${f(corner.entry[1])}`);
    }
    track(corner.entry);
    if (corner.rounded) {
      const c1 = lerp(corner.entry, v.p, 2 / 3);
      const c2 = lerp(corner.exit, v.p, 2 / 3);
      parts.push(
        `C ${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(corner.exit[0])} ${f(corner.exit[1])}`,
      );
      for (const t of [0.25, 0.5, 0.75, 1]) track(cubicAt(corner.entry, c1, c2, corner.exit, t));
    }
    current = corner.exit;
  }
  parts.push("Z");
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return {
    d: parts.join(" "),
    box: { x: minX, y: minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY },
  };
}

/** An open polyline (for "line" outlines). */
function polyline(map: ViewMap, points: readonly Vec[]): string {
  return points
    .map((point, index) => {
      const p = map(point);
      return `${index === 0 ? "M" : "L"} ${f(p[0])} ${f(p[1])}`;
    })
    .join(" ");
}

function circle(map: ViewMap, center: Vec, radius: number): Built {
  return build(map, [[center[0] + radius, center[1]], ...arcTo(center, radius, 0, 360)]);
}

/** A plan-view outline from half of it: `points` run nose to tail on the right (w > 0). */
function mirrored(points: readonly Vec[]): Vec[] {
  return [...points, ...points.toReversed().map(([u, w]): Vec => [u, -w])];
}

/** Rectangle in the local frame from corner (a0, b0) to (a1, b1). */
function rect(a0: number, b0: number, a1: number, b1: number): Vec[] {
  return [
    [a0, b0],
    [a1, b0],
    [a1, b1],
    [a0, b1],
  ];
}

// ─── Body types ─────────────────────────────────────────────────────────────────────────────────

type RearStyle = "notch" | "hatch" | "van" | "pickup";

/**
 * Measurements in meters. Side-view frame: u from the nose (0) to the tail (length), v up from
 * the ground. Plan frame: u along, w across (negative = the car's left).
 */
interface BodySpec {
  length: number;
  width: number;
  height: number;
  frontAxle: number;
  wheelbase: number;
  tire: number;
  /** Bottom of the body. */
  ground: number;
  /** Height of the hood's leading edge. */
  nose: number;
  /** Beltline (bottom of the side windows) at the A pillar and at the tail. */
  belt: readonly [number, number];
  /** Windshield base and front door's leading edge. */
  aPillar: number;
  roofFront: number;
  roofRear: number;
  /** Front door's trailing edge. */
  bPillar: number;
  /** Rear (or sliding) door's trailing edge; none on two-door bodies. */
  rearDoorEnd?: number;
  rear: RearStyle;
  /** Side-view profile from the back of the roof to the bottom of the tail. */
  tail: readonly Vec[];
  /** Bumper tops, front and rear, in the side view. */
  bumperTop: readonly [number, number];
  /** Rear glass seen from behind: bottom and top heights. */
  rearGlass: readonly [number, number];
  /** Notch bodies: where the rear glass meets the trunk lid. */
  deckStart?: number;
  /** Pickups: end of the cab and start of the bed. */
  cabEnd?: number;
  bedStart?: number;
  bedRail?: number;
  /** A third side window behind the rear door (wagons, SUVs, minivans). */
  quarterWindow?: boolean;
  /** Cargo van: no side windows behind the front doors; the sides are solid up to the roof. */
  solidRearSides?: boolean;
  /** Soft top: drawn with ribs. */
  softTop?: boolean;
  /** Half-width of the grille, meters. */
  grille: number;
  /** Seats per row, front first, for the interior sketch. */
  seats: readonly number[];
}

const BODIES: Record<BodyType, BodySpec> = {
  sedan: {
    length: 4.85,
    width: 1.84,
    height: 1.45,
    frontAxle: 0.95,
    wheelbase: 2.83,
    tire: 0.33,
    ground: 0.16,
    nose: 0.72,
    belt: [1.0, 1.05],
    aPillar: 1.6,
    roofFront: 2.3,
    roofRear: 3.3,
    bPillar: 2.62,
    rearDoorEnd: 3.36,
    rear: "notch",
    deckStart: 3.95,
    tail: [
      [3.95, 1.03],
      [4.74, 1.0],
      [4.85, 0.86],
      [4.85, 0.3],
      [4.74, 0.16],
    ],
    bumperTop: [0.55, 0.55],
    rearGlass: [1.07, 1.38],
    grille: 0.36,
    seats: [2, 3],
  },
  hatchback: {
    length: 4.3,
    width: 1.8,
    height: 1.46,
    frontAxle: 0.88,
    wheelbase: 2.62,
    tire: 0.32,
    ground: 0.15,
    nose: 0.72,
    belt: [1.0, 1.08],
    aPillar: 1.5,
    roofFront: 2.15,
    roofRear: 3.8,
    bPillar: 2.42,
    rearDoorEnd: 3.1,
    rear: "hatch",
    tail: [
      [4.22, 1.06],
      [4.3, 0.9],
      [4.3, 0.3],
      [4.2, 0.15],
    ],
    bumperTop: [0.54, 0.56],
    rearGlass: [1.08, 1.38],
    grille: 0.34,
    seats: [2, 3],
  },
  wagon: {
    length: 4.9,
    width: 1.84,
    height: 1.5,
    frontAxle: 0.95,
    wheelbase: 2.83,
    tire: 0.33,
    ground: 0.15,
    nose: 0.72,
    belt: [1.0, 1.06],
    aPillar: 1.62,
    roofFront: 2.3,
    roofRear: 4.62,
    bPillar: 2.65,
    rearDoorEnd: 3.36,
    rear: "hatch",
    tail: [
      [4.85, 1.08],
      [4.9, 0.92],
      [4.9, 0.3],
      [4.8, 0.15],
    ],
    bumperTop: [0.55, 0.56],
    rearGlass: [1.1, 1.42],
    quarterWindow: true,
    grille: 0.36,
    seats: [2, 3],
  },
  coupe: {
    length: 4.7,
    width: 1.85,
    height: 1.37,
    frontAxle: 0.95,
    wheelbase: 2.75,
    tire: 0.34,
    ground: 0.14,
    nose: 0.68,
    belt: [0.97, 1.02],
    aPillar: 1.65,
    roofFront: 2.4,
    roofRear: 3.1,
    bPillar: 2.95,
    rear: "notch",
    deckStart: 3.9,
    tail: [
      [3.9, 0.99],
      [4.6, 0.97],
      [4.7, 0.84],
      [4.7, 0.3],
      [4.6, 0.14],
    ],
    bumperTop: [0.52, 0.54],
    rearGlass: [1.03, 1.3],
    grille: 0.34,
    seats: [2, 2],
  },
  convertible: {
    length: 4.65,
    width: 1.85,
    height: 1.33,
    frontAxle: 0.95,
    wheelbase: 2.7,
    tire: 0.34,
    ground: 0.14,
    nose: 0.68,
    belt: [0.96, 1.0],
    aPillar: 1.65,
    roofFront: 2.45,
    roofRear: 3.1,
    bPillar: 2.9,
    rear: "notch",
    deckStart: 3.75,
    tail: [
      [3.75, 0.99],
      [4.56, 0.97],
      [4.65, 0.84],
      [4.65, 0.3],
      [4.55, 0.14],
    ],
    bumperTop: [0.52, 0.54],
    rearGlass: [1.03, 1.25],
    softTop: true,
    grille: 0.34,
    seats: [2, 2],
  },
  suv: {
    length: 4.75,
    width: 1.9,
    height: 1.72,
    frontAxle: 0.95,
    wheelbase: 2.8,
    tire: 0.38,
    ground: 0.22,
    nose: 0.95,
    belt: [1.14, 1.2],
    aPillar: 1.6,
    roofFront: 2.2,
    roofRear: 4.5,
    bPillar: 2.6,
    rearDoorEnd: 3.28,
    rear: "hatch",
    tail: [
      [4.7, 1.22],
      [4.75, 1.05],
      [4.75, 0.4],
      [4.65, 0.22],
    ],
    bumperTop: [0.72, 0.72],
    rearGlass: [1.25, 1.64],
    quarterWindow: true,
    grille: 0.44,
    seats: [2, 3],
  },
  minivan: {
    length: 5.15,
    width: 2.0,
    height: 1.78,
    frontAxle: 0.98,
    wheelbase: 3.05,
    tire: 0.36,
    ground: 0.17,
    nose: 0.9,
    belt: [1.08, 1.12],
    aPillar: 1.42,
    roofFront: 2.15,
    roofRear: 4.98,
    bPillar: 2.45,
    rearDoorEnd: 3.55,
    rear: "hatch",
    tail: [
      [5.1, 1.18],
      [5.15, 1.0],
      [5.15, 0.35],
      [5.05, 0.17],
    ],
    bumperTop: [0.62, 0.62],
    rearGlass: [1.2, 1.68],
    quarterWindow: true,
    grille: 0.4,
    seats: [2, 2, 3],
  },
  pickup: {
    length: 5.9,
    width: 2.03,
    height: 1.95,
    frontAxle: 1.0,
    wheelbase: 3.7,
    tire: 0.42,
    ground: 0.25,
    nose: 1.15,
    belt: [1.32, 1.36],
    aPillar: 1.95,
    roofFront: 2.5,
    roofRear: 3.55,
    bPillar: 2.8,
    rearDoorEnd: 3.6,
    rear: "pickup",
    cabEnd: 3.65,
    bedStart: 3.75,
    bedRail: 1.34,
    tail: [
      [3.64, 1.88],
      [3.66, 1.34],
      [5.88, 1.34],
      [5.9, 1.26],
      [5.9, 0.45],
      [5.8, 0.25],
    ],
    bumperTop: [0.78, 0.7],
    rearGlass: [1.5, 1.82],
    grille: 0.55,
    seats: [2, 3],
  },
  van: {
    length: 5.55,
    width: 2.05,
    height: 2.3,
    frontAxle: 0.95,
    wheelbase: 3.3,
    tire: 0.38,
    ground: 0.2,
    nose: 1.0,
    belt: [1.25, 1.25],
    aPillar: 1.15,
    roofFront: 1.7,
    roofRear: 5.47,
    bPillar: 2.2,
    rearDoorEnd: 3.45,
    rear: "van",
    tail: [
      [5.55, 2.18],
      [5.55, 0.4],
      [5.45, 0.2],
    ],
    bumperTop: [0.62, 0.62],
    rearGlass: [1.35, 1.85],
    solidRearSides: true,
    grille: 0.48,
    seats: [3],
  },
};

// ─── Layout constants (viewBox units) ───────────────────────────────────────────────────────────

const VIEW_WIDTH = 400;
const MARGIN = 10;
const GAP = 16;
const CAPTION_SPACE = 18;
const MAX_CAR_LENGTH = 318;
const ROW_GAP = 26;
/** Front and rear views, side by side under the car. */
const MAX_END_VIEW_HEIGHT = 140;
/** The interior strip at the bottom. */
const INTERIOR_HEIGHT = 62;
const INTERIOR_WIDTH = 250;
/** How far a mirror sticks out from the body, meters. */
const MIRROR = 0.16;

// ─── The builder ────────────────────────────────────────────────────────────────────────────────

interface Collected {
  outlines: DiagramOutline[];
  panels: Map<PanelId, Omit<DiagramPanel, "id" | "label">>;
  order: PanelId[];
}

function collector(): Collected {
  return { outlines: [], panels: new Map(), order: [] };
}

function addOutline(into: Collected, kind: OutlineKind, label: string, built: Built | string) {
  into.outlines.push({ kind, label, d: typeof built === "string" ? built : built.d });
}

function addPanel(
  into: Collected,
  id: PanelId,
  view: DiagramView,
  built: Built,
  anchor: DiagramPoint = {
    x: built.box.x + built.box.width / 2,
    y: built.box.y + built.box.height / 2,
  },
) {
  into.panels.set(id, {
    view,
    d: built.d,
    box: built.box,
    anchor: { x: round2(anchor.x), y: round2(anchor.y) },
  });
  into.order.push(id);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const point = (p: Vec): DiagramPoint => ({ x: p[0], y: p[1] });

/** Several closed shapes drawn as one path (side glass is one panel with several windows). */
function combine(parts: Built[]): Built {
  const minX = Math.min(...parts.map((p) => p.box.x));
  const minY = Math.min(...parts.map((p) => p.box.y));
  const maxX = Math.max(...parts.map((p) => p.box.x + p.box.width));
  const maxY = Math.max(...parts.map((p) => p.box.y + p.box.height));
  return {
    d: parts.map((p) => p.d).join(" "),
    box: { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
  };
}

/** Height of the side-view roof and tail profile at `u` (behind the roof). */
function profileHeightAt(spec: BodySpec, u: number): number {
  const points: Vec[] = [[spec.roofRear, spec.height], ...spec.tail];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Vec;
    const b = points[i] as Vec;
    if (u >= a[0] && u <= b[0] && b[0] > a[0])
      return a[1] + ((b[1] - a[1]) * (u - a[0])) / (b[0] - a[0]);
  }
  return spec.belt[1];
}

/** One side view's measurements and edges, shared by the helpers that draw its parts. */
interface SideFrame {
  spec: BodySpec;
  side: "left" | "right";
  map: ViewMap;
  scale: number;
  into: Collected;
  L: number;
  H: number;
  /** Tire radius and wheel arch radius (a small gap around the tire). */
  r: number;
  rA: number;
  /** Bottom of the body and top of the rocker panel. */
  vb: number;
  vSill: number;
  /** Bumper tops, front and rear. */
  vBTf: number;
  vBTr: number;
  belt0: number;
  belt1: number;
  /** Wheel centers, front and rear. */
  cF: Vec;
  cR: Vec;
  /** Where the lower edge leaves the front arch, and enters and leaves the rear one. */
  b2: number;
  b3: number;
  b4: number;
  /** Degrees below the axle where the arch meets the underside, and above it at the sill. */
  thetaB: number;
  thetaSill: number;
  archFrontBottom: Vec;
  hoodStart: Vec;
  cornerRound: number;
  rearDoor: boolean;
  /** The front door's and the last door's trailing edges. */
  uB: number;
  uC: number;
  /** Cargo van: no side windows behind the front doors. */
  solid: boolean;
  beltAt: (u: number) => number;
  hoodAt: (u: number) => number;
  upperRear: (u: number) => number;
  onArch: (c: Vec, angle: number) => Vec;
  /** A point on the lower edge of the body sides. */
  lowAt: (u: number) => Vec;
  /** The lower edge from u0 to u1 (u0 < u1), front to back. */
  lowerEdge: (u0: number, u1: number) => LocalVertex[];
}

function sideFrame(
  spec: BodySpec,
  side: "left" | "right",
  map: ViewMap,
  scale: number,
  into: Collected,
): SideFrame {
  const L = spec.length;
  const H = spec.height;
  const r = spec.tire;
  const rA = r + 0.055; // wheel arch radius: a small gap around the tire
  const uF = spec.frontAxle;
  const uR = spec.frontAxle + spec.wheelbase;
  const vSill = r + 0.07; // top of the rocker panel
  const [vBTf, vBTr] = spec.bumperTop;
  const [belt0, belt1] = spec.belt;
  const beltAt = (u: number) => belt0 + ((belt1 - belt0) * (u - spec.aPillar)) / (L - spec.aPillar);
  const hoodStart: Vec = [0.22, spec.nose];
  const hoodAt = (u: number) =>
    spec.nose + ((belt0 - spec.nose) * (u - hoodStart[0])) / (spec.aPillar - hoodStart[0]);
  const deg = (rad: number) => (rad * 180) / Math.PI;
  const crossAngle = (height: number) => deg(Math.asin(clamp((height - r) / rA, -1, 1)));

  // Lower edge of the body sides (where the fender, doors and quarter end): the bumper tops in
  // front of the front wheel and behind the rear one, the wheel arches, the sill between them.
  const aF0 = 180 - crossAngle(vBTf);
  const aF1 = crossAngle(vSill);
  const aR0 = 180 - crossAngle(vSill);
  const aR1 = crossAngle(vBTr);
  const cF: Vec = [uF, r];
  const cR: Vec = [uR, r];
  const onArch = (c: Vec, angle: number): Vec => [
    c[0] + rA * Math.cos((angle * Math.PI) / 180),
    c[1] + rA * Math.sin((angle * Math.PI) / 180),
  ];
  const b1 = onArch(cF, aF0)[0];
  const b2 = onArch(cF, aF1)[0];
  const b3 = onArch(cR, aR0)[0];
  const b4 = onArch(cR, aR1)[0];
  const archAngle = (c: Vec, u: number) => deg(Math.acos(clamp((u - c[0]) / rA, -1, 1)));
  const lowAt = (u: number): Vec => {
    if (u <= b1) return [u, vBTf];
    if (u < b2) return onArch(cF, archAngle(cF, u));
    if (u <= b3) return [u, vSill];
    if (u < b4) return onArch(cR, archAngle(cR, u));
    return [u, vBTr];
  };
  const lowerEdge = (u0: number, u1: number): LocalVertex[] => {
    const out: LocalVertex[] = [lowAt(u0)];
    const arches: [number, number, Vec][] = [
      [b1, b2, cF],
      [b3, b4, cR],
    ];
    let u = u0;
    for (const [start, end, c] of arches) {
      if (u1 <= start || u >= end) continue;
      if (u < start) {
        out.push(lowAt(start));
        u = start;
      }
      const stop = Math.min(u1, end);
      out.push(...arcTo(c, rA, archAngle(c, u), archAngle(c, stop)));
      u = stop;
    }
    if (u < u1) out.push(lowAt(u1));
    return out;
  };
  const thetaB = -crossAngle(spec.ground);
  const solid = spec.solidRearSides === true;
  return {
    spec,
    side,
    map,
    scale,
    into,
    L,
    H,
    r,
    rA,
    vb: spec.ground,
    vSill,
    vBTf,
    vBTr,
    belt0,
    belt1,
    cF,
    cR,
    b2,
    b3,
    b4,
    thetaB,
    thetaSill: aF1,
    archFrontBottom: onArch(cF, -thetaB),
    hoodStart,
    cornerRound: 0.06 * scale,
    rearDoor: spec.rearDoorEnd !== undefined,
    uB: spec.bPillar,
    uC: spec.rearDoorEnd ?? spec.bPillar,
    solid,
    beltAt,
    hoodAt,
    upperRear: (u: number) => (solid ? H - 0.12 : beltAt(u)),
    onArch,
    lowAt,
    lowerEdge,
  };
}

/** Side view, drawn for one side of the car with `map` placing it on the page. */
function sideView(
  spec: BodySpec,
  side: "left" | "right",
  map: ViewMap,
  scale: number,
  into: Collected,
) {
  const frame = sideFrame(spec, side, map, scale, into);
  sideSilhouette(frame);
  sideFenderAndDoors(frame);
  sideQuarterAndRocker(frame);
  sideGlass(frame);
  sideMirrorWheelsAndHandles(frame);
}

/**
 * The body's outline (nose, hood, windshield, roof, the body's own tail profile, then the
 * underside with both wheel arches) and the lamps seen from the side.
 */
function sideSilhouette(frame: SideFrame) {
  const { spec, side, map, into, L, H, rA, vb, belt0, belt1, cF, cR, thetaB } = frame;
  const silhouette: LocalVertex[] = [
    [0.08, vb],
    [0, vb + 0.14],
    [0, spec.nose - 0.12],
    [0.08, spec.nose - 0.02],
    frame.hoodStart,
    [spec.aPillar, belt0],
    [spec.roofFront, H],
    [spec.roofRear, H],
    ...spec.tail,
    frame.onArch(cR, -thetaB),
    ...arcTo(cR, rA, -thetaB, 180 + thetaB),
    frame.archFrontBottom,
    ...arcTo(cF, rA, -thetaB, 180 + thetaB),
  ];
  addOutline(into, "body", `Body, ${side} side`, build(map, silhouette, 0.07 * frame.scale));

  // Lamps seen from the side: not tappable here (they are in the front and rear views).
  addOutline(
    into,
    "shade",
    `Headlamp, ${side} side`,
    build(
      map,
      [
        [0.03, frame.vBTf + 0.05],
        [0.13, frame.vBTf + 0.05],
        [0.2, spec.nose - 0.03],
        [0.06, spec.nose - 0.04],
      ],
      frame.cornerRound,
    ),
  );
  const tailTop =
    spec.rear === "pickup"
      ? (spec.bedRail ?? belt1) - 0.06
      : Math.min(belt1, (spec.tail[0] ?? [0, belt1])[1]) - 0.04;
  const tailLampHeight = spec.rear === "van" || spec.rear === "pickup" ? 0.42 : 0.2;
  addOutline(
    into,
    "shade",
    `Taillamp, ${side} side`,
    build(
      map,
      [
        [L - 0.1, tailTop],
        [L - 0.015, tailTop - 0.02],
        [L - 0.015, tailTop - tailLampHeight],
        [L - 0.1, tailTop - tailLampHeight],
      ],
      frame.cornerRound,
    ),
  );
}

/** Fender, front door and rear (or sliding) door. */
function sideFenderAndDoors(frame: SideFrame) {
  const { spec, side, map, into, vSill, belt0, b2, uB, uC, cornerRound } = frame;
  const { lowerEdge, beltAt, upperRear } = frame;
  // Fender: from behind the headlamp to the front door, over the wheel arch.
  const fenderFront = 0.16;
  const fender = build(
    map,
    [
      ...lowerEdge(fenderFront, spec.aPillar),
      [spec.aPillar, belt0],
      frame.hoodStart,
      [fenderFront, spec.nose - 0.06],
    ],
    cornerRound,
  );
  const uF = frame.cF[0];
  const behindArch = spec.aPillar - b2;
  const fenderAnchor: Vec =
    behindArch > 0.2
      ? [(b2 + spec.aPillar) / 2, (vSill + belt0) / 2]
      : [uF, (frame.r + frame.rA + frame.hoodAt(uF)) / 2];
  addPanel(into, `front-fender-${side}`, side, fender, point(map(fenderAnchor)));

  // Doors: sill (or arch) to beltline; sliding and cargo-van doors go up to the roof rail.
  const frontDoor = build(
    map,
    [...lowerEdge(spec.aPillar, uB), [uB, beltAt(uB)], [spec.aPillar, belt0]],
    cornerRound,
  );
  const frontDoorAnchor: Vec = [
    (spec.aPillar + uB) / 2,
    (Math.max(vSill, frame.lowAt((spec.aPillar + uB) / 2)[1]) + beltAt(uB)) / 2,
  ];
  addPanel(into, `front-door-${side}`, side, frontDoor, point(map(frontDoorAnchor)));
  if (frame.rearDoor) {
    const door = build(
      map,
      [...lowerEdge(uB, uC), [uC, upperRear(uC)], [uB, upperRear(uB)]],
      cornerRound,
    );
    addPanel(
      into,
      `rear-door-${side}`,
      side,
      door,
      point(map([(uB + uC) / 2, (vSill + upperRear(uB)) / 2])),
    );
  }
}

/** Quarter panel (a pickup's bed side) and rocker. */
function sideQuarterAndRocker(frame: SideFrame) {
  const { spec, side, map, into, L, H, rA, vb, vSill, belt1, b2, b3, b4, uC } = frame;
  const { cF, cR, thetaB, thetaSill, cornerRound, lowAt } = frame;
  // Quarter panel from the last door to the tail, over the rear arch.
  const quarterStart = spec.rear === "pickup" ? (spec.bedStart ?? uC) : uC;
  const quarterEnd = L - 0.12;
  const quarterTopRear =
    spec.rear === "pickup"
      ? (spec.bedRail ?? belt1) - 0.03
      : spec.rear === "notch"
        ? (spec.tail[1] ?? [0, belt1])[1] - 0.05
        : frame.solid
          ? H - 0.14
          : Math.min(belt1, profileHeightAt(spec, L - 0.1) - 0.04);
  const quarterTopFront = spec.rear === "pickup" ? quarterTopRear : frame.upperRear(quarterStart);
  const quarter = build(
    map,
    [
      ...frame.lowerEdge(quarterStart, quarterEnd),
      [L - 0.06, quarterTopRear - 0.04],
      [L - 0.1, quarterTopRear],
      [quarterStart, quarterTopFront],
    ],
    cornerRound,
  );
  const quarterAnchorU = b4 + 0.6 < quarterEnd ? (b4 + quarterEnd) / 2 : (quarterStart + b3) / 2;
  const quarterAnchor: Vec =
    b3 - quarterStart > 0.35
      ? [(quarterStart + b3) / 2, (vSill + quarterTopFront) / 2]
      : [quarterAnchorU, (Math.max(frame.vBTr, lowAt(quarterAnchorU)[1]) + quarterTopRear) / 2];
  addPanel(into, `quarter-panel-${side}`, side, quarter, point(map(quarterAnchor)));

  // Rocker: between the wheel arches (under the cab on a pickup), ends following the arches.
  const rockerEnd = spec.rear === "pickup" ? (spec.cabEnd ?? b3) : null;
  const rocker = build(
    map,
    [
      frame.archFrontBottom,
      ...(rockerEnd === null
        ? [frame.onArch(cR, 180 + thetaB), ...arcTo(cR, rA, 180 + thetaB, 180 - thetaSill)]
        : [[rockerEnd, vb] as Vec, [rockerEnd, vSill] as Vec]),
      [b2, vSill],
      ...arcTo(cF, rA, thetaSill, -thetaB),
    ],
    cornerRound * 0.5,
  );
  addPanel(into, `rocker-${side}`, side, rocker);
}

/** Side glass: every side window of this side, one panel. */
function sideGlass(frame: SideFrame) {
  const { spec, side, map, into, L, H, belt0, belt1, uB, uC, rearDoor } = frame;
  const topIn = H - 0.08;
  const aLine = (v: number) =>
    spec.aPillar + ((v - belt0) / (H - belt0)) * (spec.roofFront - spec.aPillar) + 0.1;
  const tailPoint = spec.tail[0] ?? [L, belt1];
  const rearLine = (v: number) => {
    if (spec.rear === "pickup") return (spec.cabEnd ?? L) - 0.12;
    // Rear glass (notch) or liftgate (hatch) seen from the side, moved forward past the pillar.
    const [uEnd, vEnd] = spec.rear === "notch" ? [spec.deckStart ?? L, tailPoint[1]] : tailPoint;
    return (
      spec.roofRear +
      ((H - v) / (H - vEnd)) * (uEnd - spec.roofRear) -
      (spec.rear === "notch" ? 0.12 : 0.16)
    );
  };
  const windows: Built[] = [];
  const windowBottom = (u: number) => frame.beltAt(u) + 0.03;
  const window = (front: (v: number) => number, back: (v: number) => number) => {
    const v0 = windowBottom(spec.aPillar);
    const vFront = windowBottom(front(v0));
    const vBack = windowBottom(back(v0));
    return build(
      map,
      [
        [front(vFront), vFront],
        [back(vBack), vBack],
        [back(topIn), topIn],
        [front(topIn), topIn],
      ],
      0.05 * frame.scale,
    );
  };
  windows.push(window(aLine, () => uB - 0.05));
  if (!frame.solid) {
    if (rearDoor && spec.quarterWindow) {
      windows.push(
        window(
          () => uB + 0.05,
          () => uC - 0.03,
        ),
      );
      windows.push(window(() => uC + 0.07, rearLine));
    } else if (rearDoor) {
      windows.push(window(() => uB + 0.05, rearLine));
    } else if (rearLine(windowBottom(uB)) - (uB + 0.05) > 0.25) {
      windows.push(window(() => uB + 0.05, rearLine));
    }
  }
  const frontWindow = windows[0] as Built;
  addPanel(into, `side-glass-${side}`, side, combine(windows), {
    x: frontWindow.box.x + frontWindow.box.width / 2,
    y: frontWindow.box.y + frontWindow.box.height / 2,
  });
}

/** Mirror, wheels (with the rim drawn over them) and door handles. */
function sideMirrorWheelsAndHandles(frame: SideFrame) {
  const { spec, side, map, into, r, belt0 } = frame;
  // Mirror: on the door's upper front corner, a little larger than life so it can be tapped.
  const mirror = build(
    map,
    [
      [spec.aPillar + 0.02, belt0 - 0.03],
      [spec.aPillar + 0.34, belt0 - 0.01],
      [spec.aPillar + 0.34, belt0 + 0.19],
      [spec.aPillar + 0.08, belt0 + 0.21],
    ],
    0.06 * frame.scale,
  );
  addPanel(into, `mirror-${side}`, side, mirror);

  for (const [position, center] of [
    ["front", frame.cF],
    ["rear", frame.cR],
  ] as const) {
    addPanel(into, `wheel-${position}-${side}`, side, circle(map, center, r), point(map(center)));
    addOutline(into, "hub", `Rim, ${side} ${position}`, circle(map, center, r * 0.62));
    addOutline(into, "line", `Hub, ${side} ${position}`, circle(map, center, r * 0.16));
  }

  const handle = (u: number) =>
    addOutline(
      into,
      "line",
      `Door handle, ${side}`,
      polyline(map, [
        [u - 0.2, frame.beltAt(u) - 0.12],
        [u - 0.06, frame.beltAt(u) - 0.12],
      ]),
    );
  handle(frame.uB);
  if (frame.rearDoor && !frame.solid) handle(frame.uC);
}

/** Top view: hood, windshield, roof, and rear glass and trunk lid on notch bodies. */
function topView(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  topOutlines(spec, map, scale, into);
  topCabin(spec, map, scale, into);
  topRear(spec, map, scale, into);
}

/** What the top view shows but a host taps elsewhere: mirrors, tires, the body's outline. */
function topOutlines(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  const L = spec.length;
  const w2 = spec.width / 2;
  const mirrorU = spec.aPillar + 0.05;
  // Mirrors stick out past the body: shaded, they are tapped in the side views.
  for (const sign of [-1, 1]) {
    addOutline(
      into,
      "shade",
      sign < 0 ? "Left mirror, from above" : "Right mirror, from above",
      build(
        map,
        [
          [mirrorU, sign * (w2 - 0.04)],
          [mirrorU + 0.08, sign * (w2 + MIRROR)],
          [mirrorU + 0.3, sign * (w2 + MIRROR)],
          [mirrorU + 0.3, sign * (w2 - 0.04)],
        ],
        0.05 * scale,
      ),
    );
  }
  // Tires peek out past the body a little, which makes the plan read as a car.
  for (const axle of [spec.frontAxle, spec.frontAxle + spec.wheelbase]) {
    for (const sign of [-1, 1]) {
      const tire = rect(
        axle - spec.tire * 0.9,
        sign * (w2 - 0.25),
        axle + spec.tire * 0.9,
        sign * (w2 + 0.05),
      );
      addOutline(into, "shade", "Tire, from above", build(map, tire, 0.05 * scale));
    }
  }
  // Nose and tail taper in; the sides are straight.
  const body = mirrored([
    [0, w2 - 0.34],
    [0.12, w2 - 0.08],
    [0.6, w2],
    [L - 0.55, w2],
    [L - 0.06, w2 - 0.08],
    [L, w2 - 0.3],
  ]);
  addOutline(into, "body", "Body, from above", build(map, body, 0.22 * scale));
}

/** Hood, windshield and roof (with a soft top's ribs). */
function topCabin(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  const w2 = spec.width / 2;
  const round = 0.1 * scale;
  const roofW = w2 - 0.3;
  addPanel(
    into,
    "hood",
    "top",
    build(
      map,
      mirrored([
        [0.15, w2 - 0.42],
        [0.34, w2 - 0.18],
        [spec.aPillar - 0.03, w2 - 0.15],
      ]),
      round * 1.2,
    ),
  );
  addPanel(
    into,
    "windshield",
    "top",
    build(
      map,
      [
        [spec.aPillar, -(w2 - 0.17)],
        [spec.aPillar, w2 - 0.17],
        [spec.roofFront, roofW],
        [spec.roofFront, -roofW],
      ],
      round * 0.6,
    ),
  );
  const roofEnd =
    spec.rear === "notch" || spec.rear === "pickup" ? spec.roofRear : spec.roofRear - 0.02;
  const roof = build(map, rect(spec.roofFront + 0.03, -roofW, roofEnd, roofW), round);
  addPanel(into, "roof", "top", roof);
  if (spec.softTop) {
    for (let i = 1; i <= 3; i++) {
      const u = spec.roofFront + ((roofEnd - spec.roofFront) * i) / 4;
      addOutline(
        into,
        "line",
        "Soft-top rib",
        polyline(map, [
          [u, -roofW + 0.05],
          [u, roofW - 0.05],
        ]),
      );
    }
  }
}

/** Behind the roof: rear glass and trunk lid on notch bodies, the bed on pickups. */
function topRear(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  const L = spec.length;
  const w2 = spec.width / 2;
  const round = 0.1 * scale;
  const roofW = w2 - 0.3;
  if (spec.rear === "notch") {
    const deck = spec.deckStart ?? L - 0.9;
    addPanel(
      into,
      "rear-glass",
      "top",
      build(
        map,
        [
          [spec.roofRear + 0.03, -roofW],
          [spec.roofRear + 0.03, roofW],
          [deck, w2 - 0.18],
          [deck, -(w2 - 0.18)],
        ],
        round * 0.6,
      ),
    );
    addPanel(
      into,
      "trunk-liftgate",
      "top",
      build(map, rect(deck + 0.03, -(w2 - 0.18), L - 0.12, w2 - 0.18), round * 1.6),
    );
  }
  if (spec.rear === "pickup") {
    const bed0 = spec.bedStart ?? spec.roofRear + 0.2;
    addOutline(
      into,
      "shade",
      "Pickup bed",
      build(map, rect(bed0, -(w2 - 0.07), L - 0.07, w2 - 0.07), round),
    );
    addOutline(
      into,
      "line",
      "Bed floor",
      build(map, rect(bed0 + 0.08, -(w2 - 0.17), L - 0.15, w2 - 0.17), round * 0.5).d,
    );
    for (const w of [-0.3, 0, 0.3]) {
      addOutline(
        into,
        "line",
        "Bed rib",
        polyline(map, [
          [bed0 + 0.16, w],
          [L - 0.23, w],
        ]),
      );
    }
  }
}

/** Front view as you face the car: the car's left is on your right. */
function frontView(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  endViewBody(spec, "front", map, scale, into);
  const w2 = spec.width / 2;
  const nose = spec.nose;
  const bumperTop = Math.min(spec.bumperTop[0], nose - 0.25);
  const vb = spec.ground;
  const round = 0.05 * scale;
  addOutline(
    into,
    "line",
    "Hood edge",
    polyline(map, [
      [-(w2 - 0.08), nose],
      [w2 - 0.08, nose],
    ]),
  );

  endViewBumper(spec, "front", bumperTop, map, scale, into);
  for (const [sign, side] of END_VIEW_SIDES) {
    // A little larger than life, so the lamp is a fair tap target.
    const center = w2 - 0.3;
    const v = vb + 0.15;
    const half = Math.max(0.09, 5.5 / scale);
    const fog = build(
      map,
      rect(sign * (center - 0.17), v - half, sign * (center + 0.17), v + half),
      half * scale,
    );
    addPanel(into, `fog-lamp-${side}`, "front", fog);
  }
  const gw = Math.min(spec.grille, w2 - 0.5);
  const grille = build(
    map,
    [
      [-gw, bumperTop + 0.03],
      [gw, bumperTop + 0.03],
      [gw + 0.03, nose - 0.05],
      [-(gw + 0.03), nose - 0.05],
    ],
    round,
  );
  addPanel(into, "grille", "front", grille);
  for (let i = 1; i <= 2; i++) {
    const v = bumperTop + 0.03 + ((nose - 0.08 - bumperTop) * i) / 3;
    addOutline(
      into,
      "line",
      "Grille slat",
      polyline(map, [
        [-(gw - 0.04), v],
        [gw - 0.04, v],
      ]),
    );
  }
  for (const [sign, side] of END_VIEW_SIDES) {
    const outer = w2 - 0.04;
    const inner = gw + 0.07;
    const lamp = build(
      map,
      [
        [sign * outer, nose - 0.05],
        [sign * inner, nose - 0.06],
        [sign * inner, nose - 0.2],
        [sign * (outer - 0.04), nose - 0.22],
      ],
      round,
    );
    addPanel(into, `headlamp-${side}`, "front", lamp);
  }
}

/** Rear view as you stand behind the car: its left is on your left. */
function rearView(spec: BodySpec, map: ViewMap, scale: number, into: Collected) {
  endViewBody(spec, "rear", map, scale, into);
  const w2 = spec.width / 2;
  const round = 0.05 * scale;
  const [glassBottom, glassTop] = spec.rearGlass;
  const glassShape = (inset: number): Vec[] => [
    [-(w2 - 0.22 - inset), glassBottom],
    [w2 - 0.22 - inset, glassBottom],
    [w2 * 0.72 - 0.05 - inset, glassTop],
    [-(w2 * 0.72 - 0.05 - inset), glassTop],
  ];

  // Taillamps: wide corner lamps on cars, tall ones on vans and pickups.
  const tall = spec.rear === "van" || spec.rear === "pickup";
  const lampTop =
    spec.rear === "pickup"
      ? (spec.bedRail ?? spec.belt[1]) - 0.06
      : spec.rear === "van"
        ? glassBottom + 0.1
        : spec.rear === "notch"
          ? (spec.tail[0] ?? [0, spec.belt[1]])[1] - 0.06
          : glassBottom - 0.04;
  const lampBottom = lampTop - (tall ? 0.5 : 0.24);
  const lampInner = tall ? w2 - 0.22 : w2 - 0.4;
  const bumperTop = Math.min(spec.bumperTop[1], lampBottom - 0.04);
  const gateTop =
    spec.rear === "pickup" ? (spec.bedRail ?? spec.belt[1]) - 0.04 : glassBottom - 0.04;

  // Liftgate or tailgate first, glass over it, lamps and bumper last.
  if (spec.rear === "hatch" || spec.rear === "van" || spec.rear === "pickup") {
    const half = lampInner - 0.03;
    const gate = build(map, rect(-half, bumperTop + 0.03, half, gateTop), 0.06 * scale);
    const anchor: Vec = [0, bumperTop + 0.03 + (gateTop - bumperTop - 0.03) * 0.62];
    addPanel(into, "trunk-liftgate", "rear", gate, point(map(anchor)));
    licensePlate(bumperTop, map, round, into);
    if (spec.rear === "van") {
      addOutline(
        into,
        "line",
        "Rear door split",
        polyline(map, [
          [0, bumperTop + 0.03],
          [0, spec.height - 0.1],
        ]),
      );
    }
  }
  if (spec.rear === "notch") {
    addOutline(into, "shade", "Rear glass, from behind", build(map, glassShape(0), round));
    const deck = (spec.tail[0] ?? [0, spec.belt[1]])[1];
    addOutline(
      into,
      "line",
      "Trunk lid edge",
      polyline(map, [
        [-(w2 - 0.1), deck],
        [w2 - 0.1, deck],
      ]),
    );
    licensePlate(bumperTop, map, round, into);
  } else if (spec.rear === "van") {
    const windows = [-1, 1].map((sign) =>
      build(map, rect(sign * 0.05, glassBottom, sign * (w2 - 0.2), glassTop), round),
    );
    addPanel(
      into,
      "rear-glass",
      "rear",
      combine(windows),
      point(map([-(w2 - 0.2 + 0.05) / 2, (glassBottom + glassTop) / 2])),
    );
  } else {
    addPanel(
      into,
      "rear-glass",
      "rear",
      build(map, glassShape(spec.rear === "pickup" ? 0.12 : 0), round),
    );
  }

  for (const [sign, side] of END_VIEW_SIDES) {
    const lamp = build(
      map,
      [
        [sign * (w2 - 0.03), lampTop],
        [sign * lampInner, lampTop],
        [sign * lampInner, lampBottom + (tall ? 0 : 0.06)],
        [sign * (w2 - 0.05), lampBottom],
      ],
      round,
    );
    addPanel(into, `taillamp-${side}`, "rear", lamp);
  }
  endViewBumper(spec, "rear", bumperTop, map, scale, into);
}

/** The car's left and right in the end views, with the sign of `w` each is drawn at. */
const END_VIEW_SIDES = [
  [-1, "left"],
  [1, "right"],
] as const;

/** The bumper across the bottom of the front or rear view, up to `bumperTop`. */
function endViewBumper(
  spec: BodySpec,
  end: "front" | "rear",
  bumperTop: number,
  map: ViewMap,
  scale: number,
  into: Collected,
) {
  const w2 = spec.width / 2;
  const vb = spec.ground;
  const bumper = build(
    map,
    [
      [-(w2 - 0.14), vb + 0.02],
      [w2 - 0.14, vb + 0.02],
      [w2 - 0.02, vb + 0.14],
      [w2 - 0.02, bumperTop],
      [-(w2 - 0.02), bumperTop],
      [-(w2 - 0.02), vb + 0.14],
    ],
    0.08 * scale,
  );
  addPanel(into, `${end}-bumper`, end, bumper, point(map([0, (vb + bumperTop) / 2 - 0.02])));
}

/** The license plate just above the rear bumper. */
function licensePlate(bumperTop: number, map: ViewMap, round: number, into: Collected) {
  addOutline(
    into,
    "line",
    "License plate",
    build(map, rect(-0.2, bumperTop + 0.06, 0.2, bumperTop + 0.2), round * 0.5).d,
  );
}

/** The silhouette shared by the front and rear views: tires, body, greenhouse, mirrors. */
function endViewBody(
  spec: BodySpec,
  end: "front" | "rear",
  map: ViewMap,
  scale: number,
  into: Collected,
) {
  const w2 = spec.width / 2;
  const H = spec.height;
  const vb = spec.ground;
  const shoulder =
    spec.rear === "pickup" && end === "rear"
      ? (spec.bedRail ?? spec.belt[1])
      : spec.belt[end === "front" ? 0 : 1];
  for (const sign of [-1, 1]) {
    addOutline(
      into,
      "shade",
      `Tire, ${end}`,
      build(map, rect(sign * (w2 - 0.34), 0, sign * (w2 - 0.08), vb + 0.2), 0.05 * scale),
    );
    addOutline(
      into,
      "shade",
      `Mirror, ${end}`,
      build(
        map,
        [
          [sign * (w2 - 0.1), shoulder - 0.02],
          [sign * (w2 + MIRROR), shoulder],
          [sign * (w2 + MIRROR), shoulder + 0.16],
          [sign * (w2 - 0.1), shoulder + 0.16],
        ],
        0.05 * scale,
      ),
    );
  }
  const cabin = spec.rear === "pickup" && end === "rear" ? 0.1 : 0;
  addOutline(
    into,
    "body",
    `Body, ${end}`,
    build(
      map,
      [
        [-(w2 - 0.12), vb],
        [w2 - 0.12, vb],
        [w2, vb + 0.14],
        [w2, shoulder - 0.08],
        [w2 - 0.08 - cabin, shoulder + 0.02],
        [w2 * 0.72 - cabin, H],
        [-(w2 * 0.72 - cabin), H],
        [-(w2 - 0.08 - cabin), shoulder + 0.02],
        [-w2, shoulder - 0.08],
        [-w2, vb + 0.14],
      ],
      0.1 * scale,
    ),
  );
  if (end === "front") {
    addOutline(
      into,
      "shade",
      "Windshield, from the front",
      build(
        map,
        [
          [-(w2 - 0.22), shoulder + 0.06],
          [w2 - 0.22, shoulder + 0.06],
          [w2 * 0.72 - 0.06, H - 0.07],
          [-(w2 * 0.72 - 0.06), H - 0.07],
        ],
        0.05 * scale,
      ),
    );
  }
}

/**
 * Interior: the cabin from above in a wide strip, nose to the left (so the driver's seat, on the
 * car's left, is at the bottom), seats sketched over it.
 */
function interiorView(spec: BodySpec, box: DiagramBox, into: Collected) {
  const map: ViewMap = (p) => p;
  const panel = build(map, rect(box.x, box.y, box.x + box.width, box.y + box.height), 12);
  addPanel(into, "interior", "interior", panel, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  const padY = box.height * 0.14;
  const dashX = box.x + box.width * 0.12;
  addOutline(
    into,
    "line",
    "Dashboard",
    polyline(map, [
      [dashX, box.y + padY],
      [dashX, box.y + box.height - padY],
    ]),
  );
  const rows = spec.seats;
  const innerHeight = box.height - 2 * padY;
  const rowWidth = Math.min(44, (box.width * 0.66) / Math.max(rows.length, 2) - 10);
  rows.forEach((count, row) => {
    const x = dashX + 12 + row * (rowWidth + 12);
    const gap = count === 2 ? innerHeight * 0.2 : 2;
    const seatHeight = (innerHeight - gap * (count - 1)) / count;
    for (let i = 0; i < count; i++) {
      const y = box.y + padY + i * (seatHeight + gap);
      addOutline(into, "line", "Seat", build(map, rect(x, y, x + rowWidth, y + seatHeight), 4).d);
      addOutline(
        into,
        "line",
        "Seat back",
        polyline(map, [
          [x + rowWidth - 7, y + 2],
          [x + rowWidth - 7, y + seatHeight - 2],
        ]),
      );
    }
    // Steering wheel in front of the driver's seat (the bottom one: the car's left).
    if (row === 0) {
      const driverY = box.y + padY + (count - 1) * (seatHeight + gap) + seatHeight / 2;
      addOutline(
        into,
        "line",
        "Steering wheel",
        circle(map, [dashX + 4, driverY], Math.min(6, seatHeight * 0.3)).d,
      );
    }
  });
  if (rows.length === 1) {
    const x = dashX + 12 + rowWidth + 18;
    addOutline(
      into,
      "line",
      "Cargo area",
      build(map, rect(x, box.y + padY, box.x + box.width - 12, box.y + box.height - padY), 4).d,
    );
  }
}

function computeLayout(bodyType: BodyType): DiagramLayout {
  const spec = BODIES[bodyType];
  const into = collector();
  const L = spec.length;
  const H = spec.height;
  const planWidth = spec.width + 2 * MIRROR;
  const scale = Math.min(
    (VIEW_WIDTH - 2 * MARGIN - 2 * GAP) / (2 * H + planWidth),
    MAX_CAR_LENGTH / L,
  );
  const total = (2 * H + planWidth) * scale + 2 * GAP;
  const x0 = (VIEW_WIDTH - total) / 2;
  const y0 = MARGIN + CAPTION_SPACE;
  const topCx = x0 + H * scale + GAP + (planWidth * scale) / 2;
  const rightGround = x0 + total;

  sideView(spec, "left", ([u, v]) => [x0 + v * scale, y0 + u * scale], scale, into);
  topView(spec, ([u, w]) => [topCx + w * scale, y0 + u * scale], scale, into);
  sideView(spec, "right", ([u, v]) => [rightGround - v * scale, y0 + u * scale], scale, into);

  const rowTop = y0 + L * scale + ROW_GAP;
  const cellWidth = (VIEW_WIDTH - 2 * MARGIN - GAP) / 2;
  const frontCx = MARGIN + cellWidth / 2;
  const rearCx = VIEW_WIDTH - MARGIN - cellWidth / 2;
  // As wide as the half-row allows; tall vans and pickups get a taller row, up to a limit.
  const endScale = Math.min((cellWidth - 6) / planWidth, MAX_END_VIEW_HEIGHT / H);
  const endRowHeight = H * endScale + 4;
  const ground = rowTop + 2 + H * endScale;
  frontView(spec, ([w, v]) => [frontCx - w * endScale, ground - v * endScale], endScale, into);
  rearView(spec, ([w, v]) => [rearCx + w * endScale, ground - v * endScale], endScale, into);
  const interiorTop = rowTop + endRowHeight + ROW_GAP;
  interiorView(
    spec,
    {
      x: (VIEW_WIDTH - INTERIOR_WIDTH) / 2,
      y: interiorTop,
      width: INTERIOR_WIDTH,
      height: INTERIOR_HEIGHT,
    },
    into,
  );

  const captionY = MARGIN + 10;
  const captions: DiagramCaption[] = [
    { text: "Left side", x: x0 + (H * scale) / 2, y: captionY },
    { text: "Top", x: topCx, y: captionY },
    { text: "Right side", x: rightGround - (H * scale) / 2, y: captionY },
    { text: "Front", x: frontCx, y: rowTop - 9 },
    { text: "Rear", x: rearCx, y: rowTop - 9 },
    { text: "Interior", x: VIEW_WIDTH / 2, y: interiorTop - 9 },
  ].map((caption) => ({ ...caption, x: round2(caption.x), y: round2(caption.y) }));

  const panels: DiagramPanel[] = into.order.map((id) => {
    const panel = into.panels.get(id) as Omit<DiagramPanel, "id" | "label">;
    const box = {
      x: round2(panel.box.x),
      y: round2(panel.box.y),
      width: round2(panel.box.width),
      height: round2(panel.box.height),
    };
    return { id, label: PANELS[id].label, view: panel.view, d: panel.d, anchor: panel.anchor, box };
  });
  // Only panels this body really has (builders never draw the others; this keeps it so).
  const present = panels.filter((panel) => panelExistsOn(panel.id, bodyType));

  return {
    bodyType,
    width: VIEW_WIDTH,
    height: Math.ceil(interiorTop + INTERIOR_HEIGHT + MARGIN),
    outlines: into.outlines,
    captions,
    panels: present,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const cache = new Map<BodyType, DiagramLayout>();

/** The diagram for a body type: computed once, then shared (frozen, so nobody can change it). */
export function diagramLayout(bodyType: BodyType): DiagramLayout {
  let layout = cache.get(bodyType);
  if (!layout) {
    layout = deepFreeze(computeLayout(bodyType));
    cache.set(bodyType, layout);
  }
  return layout;
}

/** The panels a diagram for this body shows, in estimate order. */
export function diagramPanelIds(bodyType: BodyType): PanelId[] {
  return PANEL_IDS.filter((id) => panelExistsOn(id, bodyType));
}
