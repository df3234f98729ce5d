/**
 * The vehicle diagram in a PDF: the same layout, colors and marker shapes as the on-screen
 * `VehicleDiagram`, drawn with pdf-lib's `drawSvgPath` and fitted into a box on the page.
 *
 * pdf-lib draws an SVG path with its y axis pointing down from the (x, y) it is given, and scales
 * the line width with the path, so handing it the layout's top-left corner and one scale keeps
 * every stroke in proportion, exactly as the browser draws the viewBox.
 */
import { rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import {
  DIAGRAM_COLORS,
  diagramLayout,
  MARKER_HALO,
  markerCheckBadge,
  markerPositions,
  markerShapePath,
  markerStyle,
  panelFill,
  type DiagramLayout,
  type DiagramMarker,
  type OutlineKind,
} from "~/domain/estimate/diagram";
import type { BodyType, PanelId } from "~/domain/estimate/taxonomy";

export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the layout lands in `box` (PDF points, origin bottom-left): its top-left corner and scale. */
export function fitDiagram(
  layout: Pick<DiagramLayout, "width" | "height">,
  box: PdfBox,
): { x: number; top: number; scale: number } {
  const scale = Math.min(box.width / layout.width, box.height / layout.height);
  return {
    scale,
    x: box.x + (box.width - layout.width * scale) / 2,
    top: box.y + (box.height + layout.height * scale) / 2,
  };
}

const colors = new Map<string, RGB>();

/** `#rrggbb` as a pdf-lib color. */
function hex(value: string): RGB {
  let color = colors.get(value);
  if (!color) {
    const channel = (i: number) => parseInt(value.slice(i, i + 2), 16) / 255;
    color = rgb(channel(1), channel(3), channel(5));
    colors.set(value, color);
  }
  return color;
}

const OUTLINE_PAINT: Record<OutlineKind, { fill?: string; stroke: string; width: number }> = {
  body: { fill: DIAGRAM_COLORS.bodyFill, stroke: DIAGRAM_COLORS.bodyStroke, width: 1 },
  shade: { fill: DIAGRAM_COLORS.shadeFill, stroke: DIAGRAM_COLORS.bodyStroke, width: 1 },
  line: { stroke: DIAGRAM_COLORS.line, width: 0.8 },
  hub: { fill: DIAGRAM_COLORS.hubFill, stroke: DIAGRAM_COLORS.line, width: 0.8 },
};

const CAPTION_SIZE = 11;

/**
 * Draws the diagram for `bodyType` fitted and centered in `box`, with `markers` (same shapes,
 * colors and numbers as on screen) and the view captions in `font`. Markers on a panel the body
 * doesn't have are skipped.
 */
export function drawVehicleDiagram(
  page: PDFPage,
  box: PdfBox,
  bodyType: BodyType,
  markers: DiagramMarker[],
  font: PDFFont,
): void {
  const layout = diagramLayout(bodyType);
  const { x, top, scale } = fitDiagram(layout, box);
  const at = { x, y: top, scale };
  const outline = (kind: OutlineKind) => {
    const paint = OUTLINE_PAINT[kind];
    for (const item of layout.outlines.filter((o) => o.kind === kind)) {
      page.drawSvgPath(item.d, {
        ...at,
        color: paint.fill ? hex(paint.fill) : undefined,
        borderColor: hex(paint.stroke),
        borderWidth: paint.width,
      });
    }
  };

  outline("body");
  outline("shade");
  for (const panel of layout.panels) {
    page.drawSvgPath(panel.d, {
      ...at,
      color: hex(panelFill(panel.id)),
      borderColor: hex(DIAGRAM_COLORS.panelStroke),
      borderWidth: 1,
    });
  }
  outline("hub");
  outline("line");

  for (const caption of layout.captions) {
    const size = CAPTION_SIZE * scale;
    const width = font.widthOfTextAtSize(caption.text, size);
    page.drawText(caption.text, {
      x: x + caption.x * scale - width / 2,
      y: top - caption.y * scale,
      size,
      font,
      color: hex(DIAGRAM_COLORS.caption),
    });
  }

  const byPanel = new Map<PanelId, DiagramMarker[]>();
  for (const marker of markers) {
    byPanel.set(marker.panel, [...(byPanel.get(marker.panel) ?? []), marker]);
  }
  for (const panel of layout.panels) {
    const onPanel = byPanel.get(panel.id) ?? [];
    markerPositions(layout, panel, onPanel.length).forEach((point, index) => {
      const marker = onPanel[index];
      if (!marker) return;
      const style = markerStyle(marker.severity, marker.status);
      const shape = markerShapePath(style.shape, point.x, point.y);
      page.drawSvgPath(shape, { ...at, borderColor: hex(MARKER_HALO), borderWidth: 3.5 });
      page.drawSvgPath(shape, {
        ...at,
        color: hex(style.fill),
        borderColor: hex(style.stroke),
        borderWidth: 1.5,
        borderDashArray: style.dashed ? [2.6, 1.6] : undefined,
      });
      if (marker.number !== undefined) {
        const text = String(marker.number);
        const size = (text.length > 2 ? 6 : text.length > 1 ? 7.5 : 8.5) * scale;
        const width = font.widthOfTextAtSize(text, size);
        page.drawText(text, {
          x: x + point.x * scale - width / 2,
          // Digits are about 0.7 em tall: a baseline 0.35 em below the center centers them.
          y: top - point.y * scale - size * 0.35,
          size,
          font,
          color: hex(style.text),
        });
      }
      if (style.check) {
        const badge = markerCheckBadge(point.x, point.y);
        page.drawSvgPath(badge.circle, {
          ...at,
          color: hex("#ffffff"),
          borderColor: hex(style.stroke),
          borderWidth: 1,
        });
        page.drawSvgPath(badge.check, { ...at, borderColor: hex(style.stroke), borderWidth: 1.2 });
      }
    });
  }
}
