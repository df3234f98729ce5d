/**
 * The vehicle diagram of a body type (see `~/domain/estimate/diagram` for the layout), drawn by
 * `VehicleDiagramDrawing`. A page that must stay light can have its loader send the layout and
 * draw it with `VehicleDiagramDrawing` itself.
 */
import type { JSX } from "react";
import { diagramLayout } from "~/domain/estimate/diagram";
import type { BodyType } from "~/domain/estimate/taxonomy";
import { VehicleDiagramDrawing, type VehicleDiagramDrawingProps } from "./vehicle-diagram-drawing";

export {
  DiagramLegend,
  diagramSummary,
  markerName,
  placeMarkers,
  VehicleDiagramDrawing,
  type DiagramMarker,
} from "./vehicle-diagram-drawing";

export interface VehicleDiagramProps extends Omit<VehicleDiagramDrawingProps, "layout"> {
  bodyType: BodyType;
}

export function VehicleDiagram({ bodyType, ...props }: VehicleDiagramProps): JSX.Element {
  return <VehicleDiagramDrawing layout={diagramLayout(bodyType)} {...props} />;
}
