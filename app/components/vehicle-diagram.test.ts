import { createElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { diagramLayout } from "~/domain/estimate/diagram";
import {
  BODY_TYPES,
  PANEL_IDS,
  PANELS,
  panelExistsOn,
  type PanelId,
} from "~/domain/estimate/taxonomy";
import {
  DiagramLegend,
  diagramSummary,
  markerName,
  VehicleDiagram,
  type DiagramMarker,
  type VehicleDiagramProps,
} from "./vehicle-diagram";

const markers: DiagramMarker[] = [
  {
    id: "m1",
    panel: "front-door-left",
    severity: "moderate",
    label: "Moderate dent, left front door",
    number: 1,
  },
  {
    id: "m2",
    panel: "front-door-left",
    severity: "minor",
    label: "Minor scratch, left front door",
    number: 2,
    status: "new",
  },
  {
    id: "m3",
    panel: "rear-bumper",
    severity: "severe",
    label: "Severe crack, rear bumper",
    number: 3,
    status: "pre-existing",
  },
  { id: "m4", panel: "hood", severity: "minor", label: "Minor chip, hood", status: "repaired" },
];

const render = (props: Partial<VehicleDiagramProps> = {}) =>
  renderToStaticMarkup(
    createElement(VehicleDiagram, { bodyType: "sedan", title: "Damage diagram", ...props }),
  );

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

type AnyElement = ReactElement<Record<string, unknown>>;

/** The element tree with function components expanded (none of them use hooks). */
function expand(node: ReactNode): AnyElement[] {
  if (Array.isArray(node)) return node.flatMap(expand);
  if (!isValidElement(node)) return [];
  const element = node as AnyElement;
  if (typeof element.type === "function") {
    return expand((element.type as (props: unknown) => ReactNode)(element.props));
  }
  return [element, ...expand(element.props.children as ReactNode)];
}

describe.each(BODY_TYPES)("VehicleDiagram (%s)", (bodyType) => {
  const existing = PANEL_IDS.filter((id) => panelExistsOn(id, bodyType));
  const missing = PANEL_IDS.filter((id) => !panelExistsOn(id, bodyType));

  it("static: a named figure with a titled shape per panel and nothing focusable", () => {
    const html = render({ bodyType, markers, title: "Damage on the 2021 Camry" });
    expect(html).toMatch(/^<figure/);
    expect(html).toContain('role="group" aria-label="Damage on the 2021 Camry"');
    expect(html).toContain('viewBox="0 0 400 ');
    expect(html).toContain("w-full");
    for (const id of existing) expect(html).toContain(`<title>${PANELS[id].label}</title>`);
    for (const id of missing) expect(html).not.toContain(PANELS[id].label);
    expect(html).not.toContain("tabindex");
    expect(html).not.toContain('role="button"');
    expect(html).not.toContain("aria-pressed");
  });

  it("interactive: every panel is a labeled toggle button, the selected one pressed", () => {
    const html = render({ bodyType, selectedPanel: "hood", onSelectPanel: () => {} });
    expect(html.match(/role="button"/g)).toHaveLength(existing.length);
    expect(html.match(/tabindex="0"/g)).toHaveLength(existing.length);
    for (const id of existing) {
      expect(html).toContain(`aria-label="${PANELS[id].label}"`);
    }
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-label="Hood" aria-pressed="true"/);
    expect(html).toMatch(/aria-label="Roof" aria-pressed="false"/);
  });

  it("draws each marker as a named image with its number", () => {
    const html = render({ bodyType, markers });
    for (const marker of markers) {
      expect(html).toContain(`role="img" aria-label="${escape(markerName(marker))}"`);
    }
    expect(html).toContain('aria-label="1. Moderate dent, left front door"');
    expect(html).toContain('aria-label="3. Severe crack, rear bumper, pre-existing"');
    expect(html).toContain('aria-label="Minor chip, hood, repaired"');
    for (const n of ["1", "2", "3"]) expect(html).toMatch(new RegExp(`>${n}</text>`));
  });
});

describe("VehicleDiagram details", () => {
  it("summarises the markers in the figure caption", () => {
    const html = render({ markers });
    expect(html).toContain(
      '<figcaption class="sr-only">4 damage markers: 1. Moderate dent, left front door; 2. Minor scratch, left front door, new; 3. Severe crack, rear bumper, pre-existing; Minor chip, hood, repaired.</figcaption>',
    );
    expect(render()).toContain("No damage marked.");
    const one = diagramSummary(diagramLayout("sedan"), [markers[0]!]);
    expect(one).toBe("1 damage marker: 1. Moderate dent, left front door.");
  });

  it("says when a marker's panel doesn't exist on the body, and doesn't draw it", () => {
    const rearDoor: DiagramMarker = {
      id: "x",
      panel: "rear-door-left",
      severity: "minor",
      label: "Scratch, left rear door",
    };
    const html = render({ bodyType: "coupe", markers: [rearDoor] });
    expect(html).toContain("Scratch, left rear door (not on this body type, not drawn)");
    expect(html).not.toContain('role="img"');
  });

  it("shapes and styles markers by severity and status", () => {
    const html = render({ markers });
    // Severe is a square (M + 3 L), moderate a diamond, minor a circle (arcs).
    const markerPaths = [...html.matchAll(/<g role="img"[^>]*>(.*?)<\/g>/g)].map((m) => m[1]!);
    expect(markerPaths).toHaveLength(4);
    const severe = markerPaths.find((p) => p.includes("Severe"))!;
    expect(severe).toContain('stroke-dasharray="2.6 1.6"'); // pre-existing: dashed
    expect(severe).toContain('fill="#ffffff"');
    const repaired = markerPaths.find((p) => p.includes("repaired"))!;
    expect(repaired).toContain('fill="#e5e7eb"');
    expect(repaired.match(/<path/g)!.length).toBe(4); // halo, shape, badge, tick
    const moderate = markerPaths.find((p) => p.includes("Moderate"))!;
    expect(moderate).toContain('fill="#f97316"');
    expect(moderate).not.toContain("stroke-dasharray");
  });

  it("offsets markers that share a panel", () => {
    const html = render({ markers });
    const shapes = [
      ...html.matchAll(
        /<g role="img" aria-label="\d\. [^"]*left front door[^"]*">.*?<path d="([^"]+)"/g,
      ),
    ];
    expect(shapes).toHaveLength(2);
    expect(shapes[0]![1]).not.toBe(shapes[1]![1]);
  });

  it("shows the title tooltip on markers only when panels are not buttons", () => {
    expect(render({ markers })).toContain("<title>1. Moderate dent, left front door</title>");
    const interactive = render({ markers, onSelectPanel: () => {} });
    expect(interactive).not.toContain("<title>1. Moderate dent");
    expect(interactive).toContain('pointer-events="none"');
  });

  it("highlights panels and outlines the selected one on top", () => {
    const html = render({ highlightPanels: ["roof", "hood"], selectedPanel: "trunk-liftgate" });
    expect(html.match(/fill="#fef08a"/g)).toHaveLength(2);
    expect(html).toContain('fill="#c3cbf9"');
    const trunk = diagramLayout("sedan").panels.find((p) => p.id === "trunk-liftgate")!;
    expect(html).toContain(`d="${trunk.d}" fill="none" stroke="#2a40ad"`);
  });

  it("calls onSelectPanel on click, Enter and Space, and not on other keys", () => {
    const onSelectPanel = vi.fn<(panel: PanelId) => void>();
    const tree = expand(
      VehicleDiagram({ bodyType: "suv", title: "t", onSelectPanel, selectedPanel: null }),
    );
    const panel = (label: string) =>
      tree.find((el) => el.props["aria-label"] === label) as ReactElement<{
        onClick: () => void;
        onKeyDown: (event: { key: string; preventDefault: () => void }) => void;
      }>;
    panel("Left front door").props.onClick();
    expect(onSelectPanel).toHaveBeenLastCalledWith("front-door-left");
    const preventDefault = vi.fn();
    panel("Trunk lid / liftgate").props.onKeyDown({ key: "Enter", preventDefault });
    expect(onSelectPanel).toHaveBeenLastCalledWith("trunk-liftgate");
    panel("Right rear wheel and tire").props.onKeyDown({ key: " ", preventDefault });
    expect(onSelectPanel).toHaveBeenLastCalledWith("wheel-rear-right");
    expect(preventDefault).toHaveBeenCalledTimes(2);
    panel("Hood").props.onKeyDown({ key: "Tab", preventDefault });
    expect(onSelectPanel).toHaveBeenCalledTimes(3);
  });
});

describe("DiagramLegend", () => {
  it("explains every severity and status in words", () => {
    const html = renderToStaticMarkup(createElement(DiagramLegend));
    for (const text of [
      "Minor",
      "Moderate",
      "Severe",
      "Pre-existing (dashed outline)",
      "Repaired (gray, ticked)",
    ]) {
      expect(html).toContain(`${text}</li>`);
    }
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/<li/g)).toHaveLength(5);
  });
});
