/**
 * Draws a vehicle diagram's layout (see `~/domain/estimate/diagram` for the geometry and
 * `VehicleDiagram` in vehicle-diagram.tsx for drawing a body type): hosts tap panels to tag
 * damage, and the report and damage history show numbered markers on it. Server-rendered, no
 * browser APIs at render; scales to its container (never wider than the screen). Imports only the
 * markers, so a page whose loader sends the layout doesn't download the geometry.
 */
import type { JSX, KeyboardEvent } from "react";
import {
  DIAGRAM_COLORS,
  MARKER_HALO,
  MARKER_RADIUS,
  markerCheckBadge,
  markerPositions,
  markerShapePath,
  markerStyle,
  panelFill,
  type DiagramLayout,
  type DiagramMarker,
  type DiagramPoint,
  type OutlineKind,
} from "~/domain/estimate/diagram-markers";
import type { PanelId, Severity } from "~/domain/estimate/taxonomy";

export type { DiagramMarker } from "~/domain/estimate/diagram-markers";

export interface VehicleDiagramDrawingProps {
  layout: DiagramLayout;
  markers?: DiagramMarker[];
  /** Accessible name of the figure: "Damage diagram of the 2021 Toyota Camry". */
  title: string;
  selectedPanel?: PanelId | null;
  /** When given, panels are buttons: click, Enter or Space selects one. */
  onSelectPanel?: (panel: PanelId) => void;
  highlightPanels?: PanelId[];
  className?: string;
}

/** What a screen reader says for a marker: "2. Moderate dent, left front door, pre-existing". */
export function markerName(marker: DiagramMarker): string {
  const number = marker.number !== undefined ? `${marker.number}. ` : "";
  return `${number}${marker.label}${marker.status ? `, ${marker.status}` : ""}`;
}

/** The figure caption: how many markers and what they are. */
export function diagramSummary(layout: DiagramLayout, markers: readonly DiagramMarker[]): string {
  if (markers.length === 0) return "No damage marked.";
  const shown = new Set(layout.panels.map((panel) => panel.id));
  const names = markers.map(
    (marker) =>
      markerName(marker) + (shown.has(marker.panel) ? "" : " (not on this body type, not drawn)"),
  );
  const count = `${markers.length} damage marker${markers.length === 1 ? "" : "s"}`;
  return `${count}: ${names.join("; ")}.`;
}

const OUTLINE_PAINT: Record<OutlineKind, { fill: string; stroke: string; width: number }> = {
  body: { fill: DIAGRAM_COLORS.bodyFill, stroke: DIAGRAM_COLORS.bodyStroke, width: 1 },
  shade: { fill: DIAGRAM_COLORS.shadeFill, stroke: DIAGRAM_COLORS.bodyStroke, width: 1 },
  line: { fill: "none", stroke: DIAGRAM_COLORS.line, width: 0.8 },
  hub: { fill: DIAGRAM_COLORS.hubFill, stroke: DIAGRAM_COLORS.line, width: 0.8 },
};

const PANEL_CLASS =
  "cursor-pointer outline-hidden transition-colors hover:fill-brand-100 focus-visible:fill-brand-100 focus-visible:stroke-brand-700 focus-visible:stroke-3";

export function VehicleDiagramDrawing({
  layout,
  markers = [],
  title,
  selectedPanel = null,
  onSelectPanel,
  highlightPanels = [],
  className,
}: VehicleDiagramDrawingProps): JSX.Element {
  const interactive = onSelectPanel !== undefined;
  const highlighted = new Set(highlightPanels);
  const selected = layout.panels.find((panel) => panel.id === selectedPanel);
  const under = layout.outlines.filter((o) => o.kind === "body" || o.kind === "shade");
  const over = layout.outlines.filter((o) => o.kind === "line" || o.kind === "hub");

  const select = (panel: PanelId) => onSelectPanel?.(panel);
  const onKeyDown = (panel: PanelId) => (event: KeyboardEvent<SVGPathElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // Space would scroll the page
      select(panel);
    }
  };

  return (
    <figure className={className}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={title}
        className="block h-auto w-full max-w-full touch-manipulation select-none"
      >
        <g aria-hidden="true">
          {under.map((outline, index) => (
            <path
              key={index}
              d={outline.d}
              fill={OUTLINE_PAINT[outline.kind].fill}
              stroke={OUTLINE_PAINT[outline.kind].stroke}
              strokeWidth={OUTLINE_PAINT[outline.kind].width}
            />
          ))}
        </g>
        <g>
          {layout.panels.map((panel) => {
            const isSelected = panel.id === selectedPanel;
            const isHighlighted = highlighted.has(panel.id);
            const fill = isSelected
              ? DIAGRAM_COLORS.selectedFill
              : isHighlighted
                ? DIAGRAM_COLORS.highlightFill
                : panelFill(panel.id);
            const stroke = isHighlighted
              ? DIAGRAM_COLORS.highlightStroke
              : DIAGRAM_COLORS.panelStroke;
            const paint = { d: panel.d, fill, stroke, strokeWidth: isHighlighted ? 1.6 : 1 };
            return interactive ? (
              <path
                key={panel.id}
                {...paint}
                role="button"
                tabIndex={0}
                aria-label={panel.label}
                aria-pressed={isSelected}
                className={PANEL_CLASS}
                onClick={() => select(panel.id)}
                onKeyDown={onKeyDown(panel.id)}
              />
            ) : (
              <path key={panel.id} {...paint}>
                <title>{panel.label}</title>
              </path>
            );
          })}
        </g>
        <g aria-hidden="true" pointerEvents="none">
          {over.map((outline, index) => (
            <path
              key={index}
              d={outline.d}
              fill={OUTLINE_PAINT[outline.kind].fill}
              stroke={OUTLINE_PAINT[outline.kind].stroke}
              strokeWidth={OUTLINE_PAINT[outline.kind].width}
              strokeLinecap="round"
            />
          ))}
          {selected ? (
            // Drawn again on top, so neighboring panels don't hide half of the outline.
            <path
              d={selected.d}
              fill="none"
              stroke={DIAGRAM_COLORS.selectedStroke}
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
          ) : null}
          {layout.captions.map((caption) => (
            <text
              key={caption.text}
              x={caption.x}
              y={caption.y}
              textAnchor="middle"
              fontSize={11}
              fontWeight={500}
              fill={DIAGRAM_COLORS.caption}
            >
              {caption.text}
            </text>
          ))}
        </g>
        <g pointerEvents={interactive ? "none" : undefined}>
          {placeMarkers(layout, markers).map(({ marker, at }) => (
            <Marker key={marker.id} marker={marker} at={at} withTitle={!interactive} />
          ))}
        </g>
      </svg>
      <figcaption className="sr-only">{diagramSummary(layout, markers)}</figcaption>
    </figure>
  );
}

/** Markers with their positions; several on one panel sit side by side. */
export function placeMarkers(
  layout: DiagramLayout,
  markers: readonly DiagramMarker[],
): { marker: DiagramMarker; at: DiagramPoint }[] {
  const byPanel = new Map<PanelId, DiagramMarker[]>();
  for (const marker of markers) {
    byPanel.set(marker.panel, [...(byPanel.get(marker.panel) ?? []), marker]);
  }
  const placed: { marker: DiagramMarker; at: DiagramPoint }[] = [];
  for (const panel of layout.panels) {
    const onPanel = byPanel.get(panel.id) ?? [];
    markerPositions(layout, panel, onPanel.length).forEach((at, index) => {
      const marker = onPanel[index];
      if (marker) placed.push({ marker, at });
    });
  }
  return placed;
}

function Marker({
  marker,
  at,
  withTitle,
}: {
  marker: DiagramMarker;
  at: DiagramPoint;
  withTitle: boolean;
}) {
  const style = markerStyle(marker.severity, marker.status);
  const shape = markerShapePath(style.shape, at.x, at.y);
  const name = markerName(marker);
  const badge = style.check ? markerCheckBadge(at.x, at.y) : null;
  const number = marker.number !== undefined ? String(marker.number) : null;
  return (
    <g role="img" aria-label={name}>
      {withTitle ? <title>{name}</title> : null}
      <path d={shape} fill="none" stroke={MARKER_HALO} strokeWidth={3.5} strokeLinejoin="round" />
      <path
        d={shape}
        fill={style.fill}
        stroke={style.stroke}
        strokeWidth={1.5}
        strokeDasharray={style.dashed ? "2.6 1.6" : undefined}
        strokeLinejoin="round"
      />
      {number !== null ? (
        <text
          x={at.x}
          y={at.y}
          dy="0.35em"
          textAnchor="middle"
          fontSize={number.length > 2 ? 6 : number.length > 1 ? 7.5 : 8.5}
          fontWeight={700}
          fill={style.text}
          aria-hidden="true"
        >
          {number}
        </text>
      ) : null}
      {badge ? (
        <>
          <path d={badge.circle} fill="#ffffff" stroke={style.stroke} strokeWidth={1} />
          <path
            d={badge.check}
            fill="none"
            stroke={style.stroke}
            strokeWidth={1.2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      ) : null}
    </g>
  );
}

const LEGEND: { text: string; severity: Severity; status?: DiagramMarker["status"] }[] = [
  { text: "Minor", severity: "minor" },
  { text: "Moderate", severity: "moderate" },
  { text: "Severe", severity: "severe" },
  { text: "Pre-existing (dashed outline)", severity: "minor", status: "pre-existing" },
  { text: "Repaired (gray, ticked)", severity: "minor", status: "repaired" },
];

/** What the marker shapes and styles mean. */
export function DiagramLegend({ className }: { className?: string } = {}): JSX.Element {
  const size = MARKER_RADIUS * 2 + 8;
  const c = size / 2;
  return (
    <ul
      role="list"
      aria-label="Marker legend"
      className={`mt-2 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-700 ${className ?? ""}`}
    >
      {LEGEND.map((item) => {
        const style = markerStyle(item.severity, item.status);
        const badge = style.check ? markerCheckBadge(c, c) : null;
        return (
          <li key={item.text} className="flex items-center gap-1.5">
            <svg
              xmlns="http://www.w3.org/2000/svg"
              viewBox={`0 0 ${size} ${size}`}
              className="size-4 shrink-0"
              aria-hidden="true"
            >
              <path
                d={markerShapePath(style.shape, c, c)}
                fill={style.fill}
                stroke={style.stroke}
                strokeWidth={1.5}
                strokeDasharray={style.dashed ? "2.6 1.6" : undefined}
              />
              {badge ? (
                <>
                  <path d={badge.circle} fill="#ffffff" stroke={style.stroke} strokeWidth={1} />
                  <path d={badge.check} fill="none" stroke={style.stroke} strokeWidth={1.2} />
                </>
              ) : null}
            </svg>
            {item.text}
          </li>
        );
      })}
    </ul>
  );
}
