import type { FieldMetadata } from "@conform-to/react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { BoundingBox } from "~/domain/estimate/taxonomy";
import { boxAfterKey, boxBetween, describeBox, MIN_BOX_SIDE } from "~/lib/estimates/photo-box";
import { useHydrated } from "~/lib/ui/use-hydrated";

/** A report photo to choose (a `PhotoJson` from the report view fits). */
export interface ChoosablePhoto {
  id: string;
  number: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** The finding form's fields the picker reads and writes. */
export type PhotoBoxFields = Record<
  "photoId" | "boxPhotoId" | "boxX" | "boxY" | "boxW" | "boxH",
  FieldMetadata<unknown>
>;

/** The photo and box to start from: what was posted when a reply came back, else the saved. */
function initialPhotoBox(
  fields: PhotoBoxFields,
  saved: { photoId?: string | null; box?: BoundingBox | null },
): { photoId?: string; box: BoundingBox | null } {
  const posted = fields.photoId.initialValue;
  if (typeof posted !== "string") {
    return { photoId: saved.photoId ?? undefined, box: saved.box ?? null };
  }
  const [x, y, w, h] = [fields.boxX, fields.boxY, fields.boxW, fields.boxH].map((field) =>
    Number(field.initialValue),
  );
  const drawn = [x, y, w, h].every((part) => Number.isFinite(part)) && w! > 0 && h! > 0;
  return {
    photoId: posted,
    box: drawn && fields.boxPhotoId.initialValue === posted ? { x: x!, y: y!, w: w!, h: h! } : null,
  };
}

/**
 * Which photo shows the damage, and (with JavaScript) a box drawn on it around the damage: drag
 * across it with a finger or mouse, or use the arrow keys. Without JavaScript the host picks the
 * photo and a box already saved is kept. The box goes on the report's photos and its PDF, so an
 * adjuster sees exactly which damage each line prices.
 */
export function FindingPhotoBox({
  idPrefix,
  photos,
  fields,
  saved,
}: {
  idPrefix: string;
  photos: readonly ChoosablePhoto[];
  fields: PhotoBoxFields;
  /** The saved finding's photo and box (edit forms); the posted values win after a reply. */
  saved: { photoId?: string | null; box?: BoundingBox | null };
}) {
  const hydrated = useHydrated();
  const [initial] = useState(() => initialPhotoBox(fields, saved));
  const [photoId, setPhotoId] = useState(
    photos.some((photo) => photo.id === initial.photoId) ? initial.photoId! : "none",
  );
  const [box, setBox] = useState<BoundingBox | null>(initial.box);
  const error = fields.photoId.errors?.[0];
  const photo = photos.find((candidate) => candidate.id === photoId);
  const errorId = `${idPrefix}photoId-error`;
  const instructionsId = `${idPrefix}box-instructions`;

  const choose = (id: string) => {
    setPhotoId(id);
    setBox(null);
  };

  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="label">
        Photo that shows it <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input
            type="radio"
            name={fields.photoId.name}
            value="none"
            checked={photoId === "none"}
            onChange={() => choose("none")}
          />
          No photo
        </label>
        {photos.map((choice) => (
          <label
            key={choice.id}
            className="flex items-center gap-2 rounded-lg border border-slate-200 p-1.5 pr-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={fields.photoId.name}
              value={choice.id}
              checked={photoId === choice.id}
              onChange={() => choose(choice.id)}
            />
            <img
              src={choice.thumbUrl}
              alt=""
              width={48}
              height={Math.round((48 * choice.height) / Math.max(1, choice.width))}
              loading="lazy"
              className="h-9 w-12 rounded object-cover"
            />
            Photo {choice.number}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {box && photo ? (
        <>
          <input type="hidden" name={fields.boxPhotoId.name} value={photo.id} />
          <input type="hidden" name={fields.boxX.name} value={box.x} />
          <input type="hidden" name={fields.boxY.name} value={box.y} />
          <input type="hidden" name={fields.boxW.name} value={box.w} />
          <input type="hidden" name={fields.boxH.name} value={box.h} />
        </>
      ) : null}
      {hydrated && photo ? (
        <BoxDrawing photo={photo} box={box} onChange={setBox} instructionsId={instructionsId} />
      ) : box && photo ? (
        <p className="mt-2 text-sm text-slate-700">
          The box drawn on photo {photo.number} is kept. {describeBox(box)}
        </p>
      ) : null}
    </fieldset>
  );
}

function BoxDrawing({
  photo,
  box,
  onChange,
  instructionsId,
}: {
  photo: ChoosablePhoto;
  box: BoundingBox | null;
  onChange: (box: BoundingBox | null) => void;
  instructionsId: string;
}) {
  const surface = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [dragged, setDragged] = useState<BoundingBox | null>(null);
  const shown = dragged ?? box;

  const pointAt = (event: PointerEvent) => {
    const rect = surface.current!.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    start.current = pointAt(event);
    setDragged(boxBetween(start.current, start.current));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) setDragged(boxBetween(start.current, pointAt(event)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const drawn = boxBetween(start.current, pointAt(event));
    start.current = null;
    setDragged(null);
    if (drawn.w >= MIN_BOX_SIDE && drawn.h >= MIN_BOX_SIDE) onChange(drawn);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = boxAfterKey(box, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <div className="mt-3">
      <p id={instructionsId} className="text-sm text-slate-700">
        Drag across the damage to draw a box around it. With the keyboard: arrow keys move the box,
        Shift with an arrow key changes its size.
      </p>
      <div
        ref={surface}
        role="group"
        tabIndex={0}
        aria-label={`Draw a box on photo ${photo.number}`}
        aria-describedby={instructionsId}
        data-testid="box-drawing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
          setDragged(null);
        }}
        onKeyDown={onKeyDown}
        className="relative mt-2 cursor-crosshair touch-none overflow-hidden rounded-lg border border-slate-300 bg-slate-100 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        // The whole photo fits on the screen while drawing, on a phone too.
        style={{
          aspectRatio: `${photo.width} / ${photo.height}`,
          maxWidth: `calc(70vh * ${photo.width} / ${Math.max(1, photo.height)})`,
        }}
      >
        <img
          src={photo.url}
          alt={`Photo ${photo.number}`}
          width={photo.width}
          height={photo.height}
          draggable={false}
          className="pointer-events-none block h-auto w-full"
        />
        {shown ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute rounded-sm border-[3px] border-orange-600 shadow-[0_0_0_1px_rgba(255,255,255,0.9)]"
            style={{
              left: `${shown.x * 100}%`,
              top: `${shown.y * 100}%`,
              width: `${shown.w * 100}%`,
              height: `${shown.h * 100}%`,
            }}
          />
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <p aria-live="polite" className="text-slate-700">
          {box ? describeBox(box) : "No box drawn yet."}
        </p>
        {box ? (
          <button type="button" className="text-brand-700 underline" onClick={() => onChange(null)}>
            Remove the box
          </button>
        ) : null}
      </div>
    </div>
  );
}
