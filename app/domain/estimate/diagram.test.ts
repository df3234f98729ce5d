import { describe, expect, it } from "vitest";
import {
  DIAGRAM_COLORS,
  diagramLayout,
  diagramPanelIds,
  MARKER_HALO,
  markerCheckBadge,
  markerPositions,
  markerShapePath,
  markerStyle,
  panelFill,
  type DiagramLayout,
  type DiagramPanel,
} from "./diagram";
import { BODY_TYPES, PANEL_IDS, PANELS, SEVERITIES, type BodyType } from "./taxonomy";

// ─── An independent SVG path reader: validates `d` and flattens it to polygons ─────────────────

type Pt = [number, number];
const ARG_COUNT: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, Q: 4, A: 7, Z: 0 };

/** Parses an absolute path; throws on anything but M/L/H/V/C/Q/A/Z with the right numbers. */
function parsePath(d: string): { cmd: string; args: number[] }[] {
  const tokens = d.trim().split(/[\s,]+/);
  const out: { cmd: string; args: number[] }[] = [];
  let i = 0;
  while (i < tokens.length) {
    const cmd = tokens[i++] ?? "";
    const count = ARG_COUNT[cmd];
    if (count === undefined) throw new Error(`Unexpected command "${cmd}" in ${d.slice(0, 60)}`);
    const args: number[] = [];
    for (let k = 0; k < count; k++) {
      const token = tokens[i++];
      if (token === undefined || !/^-?\d+(\.\d+)?$/.test(token)) {
        throw new Error(`Bad number "${token}" after ${cmd}`);
      }
      args.push(Number(token));
    }
    if (cmd === "A" && (![0, 1].includes(args[3] ?? -1) || ![0, 1].includes(args[4] ?? -1))) {
      throw new Error("Arc flags must be 0 or 1");
    }
    out.push({ cmd, args });
  }
  if (out[0]?.cmd !== "M") throw new Error("A path must start with M");
  return out;
}

/** Points along an SVG arc (endpoint parameterisation, SVG spec F.6.5, no rotation). */
function arcPoints(from: Pt, args: number[]): Pt[] {
  const [rx0 = 0, ry0 = 0, , large = 0, sweep = 0, x2 = 0, y2 = 0] = args;
  const [x1, y1] = from;
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  let rx = Math.abs(rx0);
  let ry = Math.abs(ry0);
  const lambda = (dx * dx) / (rx * rx) + (dy * dy) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * dy * dy - ry * ry * dx * dx;
  const den = rx * rx * dy * dy + ry * ry * dx * dx;
  const coef = (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (coef * rx * dy) / ry;
  const cyp = (-coef * ry * dx) / rx;
  const cx = cxp + (x1 + x2) / 2;
  const cy = cyp + (y1 + y2) / 2;
  const t1 = Math.atan2((dy - cyp) / ry, (dx - cxp) / rx);
  let dt = Math.atan2((-dy - cyp) / ry, (-dx - cxp) / rx) - t1;
  if (sweep === 0 && dt > 0) dt -= 2 * Math.PI;
  if (sweep === 1 && dt < 0) dt += 2 * Math.PI;
  const points: Pt[] = [];
  for (let k = 1; k <= 16; k++) {
    const t = t1 + (dt * k) / 16;
    points.push([cx + rx * Math.cos(t), cy + ry * Math.sin(t)]);
  }
  return points;
}

/** The path as closed polygons (curves sampled). */
function flatten(d: string): Pt[][] {
  const polygons: Pt[][] = [];
  let current: Pt[] = [];
  let at: Pt = [0, 0];
  for (const { cmd, args } of parsePath(d)) {
    const a = (i: number) => args[i] ?? 0;
    if (cmd === "M") {
      if (current.length > 1) polygons.push(current);
      at = [a(0), a(1)];
      current = [at];
    } else if (cmd === "L") {
      at = [a(0), a(1)];
      current.push(at);
    } else if (cmd === "H") {
      at = [a(0), at[1]];
      current.push(at);
    } else if (cmd === "V") {
      at = [at[0], a(0)];
      current.push(at);
    } else if (cmd === "C" || cmd === "Q") {
      const p0 = at;
      const ctrl: Pt[] =
        cmd === "C"
          ? [
              [a(0), a(1)],
              [a(2), a(3)],
            ]
          : [[a(0), a(1)]];
      const end: Pt = cmd === "C" ? [a(4), a(5)] : [a(2), a(3)];
      for (let k = 1; k <= 8; k++) {
        const t = k / 8;
        const pts = [p0, ...ctrl, end];
        // de Casteljau
        while (pts.length > 1) {
          for (let j = 0; j < pts.length - 1; j++) {
            const p = pts[j] as Pt;
            const q = pts[j + 1] as Pt;
            pts[j] = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
          }
          pts.pop();
        }
        current.push(pts[0] as Pt);
      }
      at = end;
    } else if (cmd === "A") {
      current.push(...arcPoints(at, args));
      at = [a(5), a(6)];
    } else if (cmd === "Z") {
      if (current.length > 1) polygons.push(current);
      at = current[0] ?? at;
      current = [at];
    }
  }
  if (current.length > 2) polygons.push(current);
  return polygons;
}

/** Non-zero winding rule, as SVG and pdf-lib fill. */
function inside(point: { x: number; y: number }, polygons: Pt[][]): boolean {
  let winding = 0;
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i++) {
      const [x1, y1] = polygon[i] as Pt;
      const [x2, y2] = polygon[(i + 1) % polygon.length] as Pt;
      const cross = (x2 - x1) * (point.y - y1) - (point.x - x1) * (y2 - y1);
      if (y1 <= point.y && y2 > point.y && cross > 0) winding++;
      else if (y1 > point.y && y2 <= point.y && cross < 0) winding--;
    }
  }
  return winding !== 0;
}

function bounds(polygons: Pt[][]) {
  const xs = polygons.flat().map((p) => p[0]);
  const ys = polygons.flat().map((p) => p[1]);
  return {
    minX: Math.min(...xs),
    maxX: Math.max(...xs),
    minY: Math.min(...ys),
    maxY: Math.max(...ys),
  };
}

function area(polygons: Pt[][]): number {
  let total = 0;
  for (const polygon of polygons) {
    let sum = 0;
    for (let i = 0; i < polygon.length; i++) {
      const [x1, y1] = polygon[i] as Pt;
      const [x2, y2] = polygon[(i + 1) % polygon.length] as Pt;
      sum += x1 * y2 - x2 * y1;
    }
    total += Math.abs(sum) / 2;
  }
  return total;
}

/** WCAG relative luminance contrast of two #rrggbb colors. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const byId = (layout: DiagramLayout) => new Map(layout.panels.map((p) => [p.id, p]));
const get = (layout: DiagramLayout, id: DiagramPanel["id"]) => {
  const panel = byId(layout).get(id);
  if (!panel) throw new Error(`${id} missing on ${layout.bodyType}`);
  return panel;
};

// ─── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe.each(BODY_TYPES)("diagramLayout(%s)", (bodyType: BodyType) => {
  const layout = diagramLayout(bodyType);

  it("draws every panel the body has exactly once, and no other", () => {
    const ids = layout.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(diagramPanelIds(bodyType).sort());
    for (const id of PANEL_IDS) {
      const exists = PANELS[id].rearDoorBodiesOnly
        ? !["coupe", "convertible"].includes(bodyType)
        : true;
      expect(ids.includes(id), `${id} on ${bodyType}`).toBe(exists);
    }
    for (const panel of layout.panels) expect(panel.label).toBe(PANELS[panel.id].label);
  });

  it("fits a phone: portrait-friendly viewBox", () => {
    expect(layout.width).toBeGreaterThanOrEqual(360);
    expect(layout.width).toBeLessThanOrEqual(420);
    expect(layout.height).toBeLessThanOrEqual(1.6 * layout.width);
    expect(layout.height).toBeGreaterThan(layout.width);
  });

  it("uses only valid absolute path commands, and everything lies inside the viewBox", () => {
    for (const d of [...layout.panels.map((p) => p.d), ...layout.outlines.map((o) => o.d)]) {
      expect(() => parsePath(d)).not.toThrow();
      // pdf-lib draws Q as a different curve, so the shared paths must not use it.
      expect(d).not.toMatch(/Q/);
      const box = bounds(flatten(d));
      expect(box.minX).toBeGreaterThanOrEqual(0);
      expect(box.minY).toBeGreaterThanOrEqual(0);
      expect(box.maxX).toBeLessThanOrEqual(layout.width);
      expect(box.maxY).toBeLessThanOrEqual(layout.height);
    }
    for (const caption of layout.captions) {
      expect(caption.x).toBeGreaterThan(20);
      expect(caption.x).toBeLessThan(layout.width - 20);
      expect(caption.y).toBeGreaterThan(8);
      expect(caption.y).toBeLessThan(layout.height);
    }
  });

  it("puts every anchor inside its panel (box and shape), uncovered by panels drawn later", () => {
    layout.panels.forEach((panel, index) => {
      const polygons = flatten(panel.d);
      const box = bounds(polygons);
      const { x, y } = panel.anchor;
      expect(x, panel.id).toBeGreaterThan(box.minX);
      expect(x, panel.id).toBeLessThan(box.maxX);
      expect(y, panel.id).toBeGreaterThan(box.minY);
      expect(y, panel.id).toBeLessThan(box.maxY);
      expect(inside(panel.anchor, polygons), `${panel.id} anchor inside its shape`).toBe(true);
      for (const later of layout.panels.slice(index + 1)) {
        expect(inside(panel.anchor, flatten(later.d)), `${panel.id} anchor under ${later.id}`).toBe(
          false,
        );
      }
      // The reported box matches the path.
      expect(panel.box.x).toBeCloseTo(box.minX, 0);
      expect(panel.box.y).toBeCloseTo(box.minY, 0);
      expect(panel.box.x + panel.box.width).toBeCloseTo(box.maxX, 0);
      expect(panel.box.y + panel.box.height).toBeCloseTo(box.maxY, 0);
    });
  });

  it("gives every panel a tappable size", () => {
    for (const panel of layout.panels) {
      expect(Math.min(panel.box.width, panel.box.height), panel.id).toBeGreaterThanOrEqual(9);
      expect(area(flatten(panel.d)), panel.id).toBeGreaterThan(100);
    }
  });

  it("keeps panels in the view a host would look in, views side by side", () => {
    const views = new Map<string, { minX: number; maxX: number; minY: number; maxY: number }>();
    for (const panel of layout.panels) {
      const info = PANELS[panel.id];
      if (info.side && info.kind !== "lamp") expect(panel.view, panel.id).toBe(info.side);
      const b = bounds(flatten(panel.d));
      const view = views.get(panel.view);
      views.set(
        panel.view,
        view
          ? {
              minX: Math.min(view.minX, b.minX),
              maxX: Math.max(view.maxX, b.maxX),
              minY: Math.min(view.minY, b.minY),
              maxY: Math.max(view.maxY, b.maxY),
            }
          : b,
      );
    }
    for (const id of ["hood", "roof", "windshield"] as const)
      expect(get(layout, id).view).toBe("top");
    for (const id of ["front-bumper", "grille", "headlamp-left", "fog-lamp-right"] as const) {
      expect(get(layout, id).view).toBe("front");
    }
    for (const id of ["rear-bumper", "taillamp-left", "taillamp-right"] as const) {
      expect(get(layout, id).view).toBe("rear");
    }
    expect(get(layout, "interior").view).toBe("interior");

    const left = views.get("left")!;
    const top = views.get("top")!;
    const right = views.get("right")!;
    const front = views.get("front")!;
    const rear = views.get("rear")!;
    const interior = views.get("interior")!;
    expect(left.maxX).toBeLessThan(top.minX);
    expect(top.maxX).toBeLessThan(right.minX);
    expect(front.maxX).toBeLessThan(rear.minX);
    expect(Math.max(left.maxY, top.maxY, right.maxY)).toBeLessThan(Math.min(front.minY, rear.minY));
    expect(Math.max(front.maxY, rear.maxY)).toBeLessThan(interior.minY);
  });

  it("draws the right side as the mirror image of the left, across the top view's center", () => {
    const topCenter = layout.captions.find((c) => c.text === "Top")!.x;
    for (const panel of layout.panels.filter((p) => p.view === "left")) {
      const twin = get(layout, panel.id.replace(/left$/, "right") as DiagramPanel["id"]);
      expect(twin.view).toBe("right");
      const a = panel.box;
      const b = twin.box;
      expect(b.y).toBeCloseTo(a.y, 0);
      expect(b.height).toBeCloseTo(a.height, 0);
      expect(b.width).toBeCloseTo(a.width, 0);
      expect(b.x + b.width - topCenter).toBeCloseTo(topCenter - a.x, 0);
    }
  });

  it("captions each view", () => {
    expect(layout.captions.map((c) => c.text)).toEqual([
      "Left side",
      "Top",
      "Right side",
      "Front",
      "Rear",
      "Interior",
    ]);
  });
});

describe("body-specific drawing", () => {
  it("draws the trunk lid on top for notchbacks, the liftgate or tailgate from behind otherwise", () => {
    for (const bodyType of ["sedan", "coupe", "convertible"] as const) {
      const layout = diagramLayout(bodyType);
      expect(get(layout, "trunk-liftgate").view).toBe("top");
      expect(get(layout, "rear-glass").view).toBe("top");
    }
    for (const bodyType of ["hatchback", "wagon", "suv", "minivan", "van", "pickup"] as const) {
      const layout = diagramLayout(bodyType);
      expect(get(layout, "trunk-liftgate").view).toBe("rear");
      expect(get(layout, "rear-glass").view).toBe("rear");
    }
  });

  it("gives a pickup a bed and a cargo van two rear-door windows", () => {
    expect(diagramLayout("pickup").outlines.some((o) => o.label === "Pickup bed")).toBe(true);
    expect(diagramLayout("sedan").outlines.some((o) => o.label === "Pickup bed")).toBe(false);
    const vanGlass = get(diagramLayout("van"), "rear-glass").d;
    expect(vanGlass.match(/M /g)).toHaveLength(2);
  });

  it("draws more side windows on a four-door wagon than on a cargo van", () => {
    const windows = (bodyType: BodyType) =>
      get(diagramLayout(bodyType), "side-glass-left").d.match(/M /g)?.length;
    expect(windows("van")).toBe(1);
    expect(windows("sedan")).toBe(2);
    expect(windows("wagon")).toBe(3);
  });

  it("varies proportions by body: a van is taller, a pickup longer than a sedan", () => {
    const sideAspect = (bodyType: BodyType) => {
      const layout = diagramLayout(bodyType);
      const b = bounds(flatten(layout.outlines.find((o) => o.label === "Body, left side")!.d));
      return (b.maxY - b.minY) / (b.maxX - b.minX); // length over height (the view is turned)
    };
    expect(sideAspect("van")).toBeLessThan(sideAspect("sedan"));
    expect(sideAspect("pickup")).toBeGreaterThan(sideAspect("suv"));
  });

  it("computes a layout once and freezes it", () => {
    const layout = diagramLayout("suv");
    expect(diagramLayout("suv")).toBe(layout);
    expect(Object.isFrozen(layout)).toBe(true);
    expect(Object.isFrozen(layout.panels[0]?.anchor)).toBe(true);
  });
});

describe("markers", () => {
  const layout = diagramLayout("sedan");

  it("has a distinct shape per severity, hollow dashed when pre-existing, gray and ticked when repaired", () => {
    const shapes = SEVERITIES.map((severity) => markerStyle(severity).shape);
    expect(new Set(shapes).size).toBe(SEVERITIES.length);
    for (const severity of SEVERITIES) {
      const pre = markerStyle(severity, "pre-existing");
      expect(pre.dashed).toBe(true);
      expect(pre.fill).toBe("#ffffff");
      expect(pre.shape).toBe(markerStyle(severity).shape);
      const repaired = markerStyle(severity, "repaired");
      expect(repaired.check).toBe(true);
      expect(repaired.fill).toBe("#e5e7eb");
      expect(markerStyle(severity, "new")).toEqual(markerStyle(severity));
    }
  });

  it("keeps marker borders at 3:1 against every light fill, numbers at 4.5:1 on the marker", () => {
    const lightFills = [
      ...new Set(PANEL_IDS.filter((id) => PANELS[id].kind !== "wheel").map(panelFill)),
      DIAGRAM_COLORS.bodyFill,
      DIAGRAM_COLORS.highlightFill,
      DIAGRAM_COLORS.selectedFill,
    ];
    for (const severity of SEVERITIES) {
      for (const status of [undefined, "pre-existing", "repaired"] as const) {
        const style = markerStyle(severity, status);
        for (const fill of lightFills) {
          expect(
            contrast(style.stroke, fill),
            `${severity} ${status} on ${fill}`,
          ).toBeGreaterThanOrEqual(3);
        }
        expect(
          contrast(style.text, style.fill),
          `${severity} ${status} number`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
    // On a dark tire, the white halo carries the contrast.
    expect(contrast(MARKER_HALO, panelFill("wheel-front-left"))).toBeGreaterThanOrEqual(3);
  });

  it("draws valid marker paths centered on the point", () => {
    for (const shape of ["circle", "diamond", "square"] as const) {
      const box = bounds(flatten(markerShapePath(shape, 50, 80)));
      expect((box.minX + box.maxX) / 2).toBeCloseTo(50, 1);
      expect((box.minY + box.maxY) / 2).toBeCloseTo(80, 1);
      expect(box.maxX - box.minX).toBeGreaterThan(10);
    }
    const badge = markerCheckBadge(50, 80);
    expect(() => parsePath(badge.circle)).not.toThrow();
    expect(() => parsePath(badge.check)).not.toThrow();
  });

  it("puts a single marker on the anchor", () => {
    const hood = get(layout, "hood");
    expect(markerPositions(layout, hood, 1)).toEqual([hood.anchor]);
    expect(markerPositions(layout, hood, 0)).toEqual([]);
  });

  it("spreads several markers on one panel so they don't overlap", () => {
    for (const id of ["hood", "rocker-left", "mirror-right", "interior"] as const) {
      const panel = get(layout, id);
      for (const count of [2, 3, 7]) {
        const points = markerPositions(layout, panel, count);
        expect(points).toHaveLength(count);
        for (let i = 0; i < points.length; i++) {
          const p = points[i]!;
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(layout.width);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(layout.height);
          for (const q of points.slice(i + 1)) {
            expect(Math.hypot(p.x - q.x, p.y - q.y), `${id} ×${count}`).toBeGreaterThanOrEqual(15);
          }
        }
      }
    }
  });

  it("lines markers up along a long narrow panel", () => {
    const rocker = get(layout, "rocker-left"); // a tall strip: the side view is turned
    expect(rocker.box.height).toBeGreaterThan(rocker.box.width);
    const points = markerPositions(layout, rocker, 3);
    expect(new Set(points.map((p) => p.x)).size).toBe(1);
  });
});
