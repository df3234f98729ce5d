import type { BoundingBox, Severity } from "~/domain/estimate/taxonomy";

/** The photo fields the component needs (a `PhotoJson` from the report view fits). */
export interface BoxedPhoto {
  url: string;
  /** The small version (long edge ≤ 480 px); offered to the browser for narrow layouts. */
  thumbUrl?: string;
  width: number;
  height: number;
}

/** One finding drawn on the photo (a `FindingJson` from the report view fits). */
export interface PhotoBoxFinding {
  id: string;
  number: number;
  severity: Severity;
  /** "Moderate scratch". */
  label: string;
  /** "Front bumper". */
  panelLabel: string;
  /** 0..1 of the photo; findings without a box are not drawn. */
  box: BoundingBox | null | undefined;
  preExisting?: boolean;
}

/**
 * Severity colors shared by the boxes and the findings table's chips (the same amber, orange and
 * red as the diagram's markers). Badge colors keep AA contrast with their text; severity is also
 * written out in the findings table and in each box's label, never shown by color alone.
 */
export const SEVERITY_STYLES: Readonly<
  Record<Severity, { border: string; badge: string; chip: string }>
> = {
  minor: {
    border: "border-amber-500",
    badge: "bg-amber-400 text-slate-950",
    chip: "bg-amber-50 text-amber-900 ring-amber-300",
  },
  moderate: {
    border: "border-orange-600",
    badge: "bg-orange-700 text-white",
    chip: "bg-orange-50 text-orange-900 ring-orange-300",
  },
  severe: {
    border: "border-red-600",
    badge: "bg-red-700 text-white",
    chip: "bg-red-50 text-red-800 ring-red-300",
  },
};

/** Matches PHOTO_LIMITS.thumbLongEdge in the (server-only) photo pipeline. */
const THUMB_LONG_EDGE = 480;

/** "Finding 2: moderate scratch, front bumper (already there before the trip)". */
export function boxLabel(finding: PhotoBoxFinding): string {
  const text = `Finding ${finding.number}: ${finding.label.toLowerCase()}, ${finding.panelLabel.toLowerCase()}`;
  return finding.preExisting ? `${text} (already there before the trip)` : text;
}

function percent(fraction: number): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return `${Number((clamped * 100).toFixed(3))}%`;
}

/**
 * A photo with a numbered rectangle over each finding's damage. The wrapper takes the photo's
 * aspect ratio from its width and height, so the page doesn't jump while it loads and the boxes
 * (percentages of the wrapper) sit on the right pixels at every size.
 */
export function PhotoWithBoxes({
  photo,
  boxes,
  alt,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  linkToFull = false,
  loading = "lazy",
  className = "",
}: {
  photo: BoxedPhoto;
  boxes: readonly PhotoBoxFinding[];
  alt: string;
  /** The `sizes` attribute: how wide the photo is shown, for picking the thumbnail or full size. */
  sizes?: string;
  /** Wrap the photo in a link to the full-size file (opens in a new tab). */
  linkToFull?: boolean;
  /** "eager" for a photo at the top of the page; below the fold keep the default. */
  loading?: "lazy" | "eager";
  className?: string;
}) {
  const drawn = boxes.filter((finding) => finding.box);
  const longEdge = Math.max(photo.width, photo.height);
  const thumbWidth = Math.round(photo.width * Math.min(1, THUMB_LONG_EDGE / longEdge) || 0);
  const srcSet =
    photo.thumbUrl && thumbWidth > 0 && thumbWidth < photo.width
      ? `${photo.thumbUrl} ${thumbWidth}w, ${photo.url} ${photo.width}w`
      : undefined;

  const image = (
    <img
      src={photo.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={loading}
      decoding="async"
      className="block h-auto w-full bg-slate-100"
    />
  );

  return (
    <div
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className}`}
      style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
    >
      {linkToFull ? (
        <a href={photo.url} target="_blank" rel="noopener" className="block">
          {image}
          <span className="sr-only"> (opens the full-size photo in a new tab)</span>
        </a>
      ) : (
        image
      )}
      {drawn.map((finding) => {
        const box = finding.box!;
        const style = SEVERITY_STYLES[finding.severity];
        const label = boxLabel(finding);
        return (
          <span
            key={finding.id}
            role="img"
            aria-label={label}
            data-finding={finding.number}
            className={`pointer-events-none absolute rounded-sm border-2 shadow-[0_0_0_1px_rgba(255,255,255,0.85)] sm:border-[3px] ${style.border} ${finding.preExisting ? "border-dashed" : "border-solid"}`}
            style={{
              left: percent(box.x),
              top: percent(box.y),
              width: percent(Math.min(box.w, 1 - box.x)),
              height: percent(Math.min(box.h, 1 - box.y)),
            }}
          >
            <span
              aria-hidden="true"
              className={`absolute -top-px -left-px flex h-5 min-w-5 items-center justify-center rounded-br-md px-1 text-xs leading-none font-bold tabular-nums sm:h-6 sm:min-w-6 sm:text-sm ${style.badge}`}
            >
              {finding.number}
            </span>
          </span>
        );
      })}
    </div>
  );
}
