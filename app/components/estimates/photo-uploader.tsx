import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import type { PhotoPhase } from "~/domain/estimate/taxonomy";
import type { PhotoJson } from "~/lib/estimates/photos.server";
import type { PreparedPhoto } from "~/lib/photos/prepare.client";
import { notAPhotoMessage } from "~/lib/photos/file-kind";
import { useHydrated } from "~/lib/ui/use-hydrated";

type Phase = PhotoPhase;

/** A photo on its way up (JS only) or already staged on the server. */
type Item =
  | {
      key: string;
      state: "preparing" | "uploading";
      name: string;
      progress: number;
      preview?: string;
    }
  | {
      key: string;
      state: "error";
      name: string;
      message: string;
      retry?: () => void;
      preview?: string;
    }
  | { key: string; state: "done"; photo: PhotoJson };

const PARALLEL_UPLOADS = 2;

/** Runs queued uploads PARALLEL_UPLOADS at a time, in the order they were queued. */
function useUploadQueue() {
  const queue = useRef<(() => Promise<void>)[]>([]);
  const active = useRef(0);
  const pump = () => {
    while (active.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const job = queue.current.shift()!;
      active.current += 1;
      void job().finally(() => {
        active.current -= 1;
        pump();
      });
    }
  };
  return (jobs: (() => Promise<void>)[]) => {
    queue.current.push(...jobs);
    pump();
  };
}

/** The upload's form: the resized photo, its phase and, when read, the original's evidence. */
function uploadBody(prepared: PreparedPhoto, phase: Phase): FormData {
  const body = new FormData();
  body.set("photo", prepared.blob, prepared.fileName);
  body.set("phase", phase);
  if (prepared.originalSha256) {
    body.set(
      "evidence",
      JSON.stringify({
        originalSha256: prepared.originalSha256,
        originalBytes: prepared.originalBytes,
        capturedAt: prepared.capturedAt,
        gps: prepared.gps,
      }),
    );
  }
  return body;
}

/**
 * The chosen files sorted: a file that isn't a photo is refused with its message at once (no
 * upload, no retry), the photos that fit in `room` are accepted, and the rest are left out.
 */
function sortChosenFiles(files: File[], room: number) {
  const refused = files.flatMap((file) => {
    const message = notAPhotoMessage(file);
    return message
      ? [{ key: crypto.randomUUID(), state: "error" as const, name: file.name, message }]
      : [];
  });
  const photos = files.filter((file) => notAPhotoMessage(file) === null);
  const accepted = photos.slice(0, Math.max(0, room));
  return { refused, accepted, leftOut: photos.length - accepted.length };
}

/**
 * The photo step of /app. Without JavaScript the file inputs post with the form and the server
 * processes the originals. With JavaScript each photo is resized in the browser (long edge ≤ 2048
 * px), its original fingerprint and EXIF read there, and uploaded on its own with a progress bar
 * and a retry button; the form then only carries the staged photo ids.
 */
export function PhotoUploader({
  initial,
  phase,
  maxPhotos,
  onBusyChange,
}: {
  initial: PhotoJson[];
  phase: Phase;
  maxPhotos: number;
  onBusyChange?: (busy: boolean) => void;
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((photo) => ({ key: photo.id, state: "done", photo })),
  );
  const runUploads = useUploadQueue();

  const update = (key: string, next: Item | null) =>
    setItems((current) =>
      next
        ? current.map((item) => (item.key === key ? next : item))
        : current.filter((item) => item.key !== key),
    );
  const busy = items.some((item) => item.state === "preparing" || item.state === "uploading");
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function send(key: string, file: File, uploadPhase: Phase) {
    const { preparePhoto, uploadWithProgress } = await import("~/lib/photos/prepare.client");
    const preview = URL.createObjectURL(file);
    update(key, { key, state: "preparing", name: file.name, progress: 0, preview });
    const fail = (message: string) =>
      update(key, {
        key,
        state: "error",
        name: file.name,
        message,
        preview,
        retry: () => enqueue(key, file, uploadPhase),
      });
    try {
      const prepared = await preparePhoto(file);
      const body = uploadBody(prepared, uploadPhase);
      update(key, { key, state: "uploading", name: file.name, progress: 0, preview });
      const response = await uploadWithProgress("/api/photos", body, (fraction) =>
        update(key, { key, state: "uploading", name: file.name, progress: fraction, preview }),
      );
      const result = response.body as { photo?: PhotoJson; error?: string } | null;
      if (response.status === 201 && result?.photo) {
        update(key, { key, state: "done", photo: result.photo });
        URL.revokeObjectURL(preview);
      } else {
        fail(result?.error ?? `Upload failed (error ${response.status}). Try again.`);
      }
    } catch {
      fail("The upload was interrupted. Check your connection and try again.");
    }
  }

  function enqueue(key: string, file: File, uploadPhase: Phase) {
    update(key, { key, state: "preparing", name: file.name, progress: 0 });
    runUploads([() => send(key, file, uploadPhase)]);
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    if (!hydrated) return;
    const files = [...(event.target.files ?? [])];
    // The files travel through the upload script; the form itself must not carry them again.
    event.target.value = "";
    const { refused, accepted, leftOut } = sortChosenFiles(files, maxPhotos - items.length);
    if (refused.length > 0) setItems((current) => [...current, ...refused]);
    const added = accepted.map((file) => ({
      key: crypto.randomUUID(),
      state: "preparing" as const,
      name: file.name,
      progress: 0,
    }));
    setItems((current) => [...current, ...added]);
    runUploads(accepted.map((file, index) => () => send(added[index]!.key, file, phase)));
    if (leftOut > 0) {
      setItems((current) => [
        ...current,
        {
          key: crypto.randomUUID(),
          state: "error",
          name: `${leftOut} more`,
          message: `A report holds at most ${maxPhotos} photos; the rest were left out.`,
        },
      ]);
    }
  }

  async function remove(item: Item) {
    if (item.state === "done") {
      await fetch(`/api/photos?id=${encodeURIComponent(item.photo.id)}`, { method: "DELETE" });
    }
    update(item.key, null);
  }

  return (
    <div className="space-y-4">
      <PhotoPickers onChoose={onChoose} />

      {items.length > 0 ? (
        <PhotoList items={items} hydrated={hydrated} onRemove={(item) => remove(item)} />
      ) : null}
    </div>
  );
}

/** Two ways to pick: the camera (phones) and the library, each several photos at once. */
function PhotoPickers({ onChoose }: { onChoose: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PickButton
        id="photos-camera"
        label="Take photos"
        hint="Opens the camera on phones"
        capture
        onChange={onChoose}
      />
      <PickButton
        id="photos-library"
        label="Choose photos"
        hint="JPEG, PNG or WebP, several at once"
        onChange={onChoose}
      />
    </div>
  );
}

function PhotoList({
  items,
  hydrated,
  onRemove,
}: {
  items: Item[];
  hydrated: boolean;
  onRemove: (item: Item) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos for this estimate">
      {items.map((item, index) => (
        <li key={item.key} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <PhotoTile
            item={item}
            number={index + 1}
            hydrated={hydrated}
            onRemove={() => onRemove(item)}
          />
        </li>
      ))}
    </ul>
  );
}

function PickButton({
  id,
  label,
  hint,
  capture,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  capture?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-300 p-3">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name="photos"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/*"
        multiple
        capture={capture ? "environment" : undefined}
        aria-describedby={`${id}-hint`}
        onChange={onChange}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

function PhotoTile({
  item,
  number,
  hydrated,
  onRemove,
}: {
  item: Item;
  number: number;
  hydrated: boolean;
  onRemove: () => void;
}) {
  if (item.state === "done") {
    const { photo } = item;
    return (
      <div>
        <input type="hidden" name="photoId" value={photo.id} />
        <img
          src={photo.thumbUrl}
          alt={`Photo ${number}`}
          width={photo.width}
          height={photo.height}
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <div className="space-y-1 p-2 text-xs">
          <p className="font-medium text-slate-800">
            Photo {number} · {PHOTO_PHASE_LABELS[photo.phase]}
          </p>
          {photo.warnings.length > 0 ? (
            <ul className="space-y-1">
              {photo.warnings.map((warning) => (
                <li key={warning.code} className="rounded bg-amber-50 px-2 py-1 text-amber-900">
                  <span aria-hidden="true">⚠ </span>
                  {warning.message}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-green-700">Looks good</p>
          )}
          {hydrated ? (
            <button type="button" className="text-red-700 underline" onClick={onRemove}>
              Remove photo {number}
            </button>
          ) : (
            <label className="flex items-center gap-1 text-red-700">
              <input type="checkbox" name="removePhoto" value={photo.id} /> Remove
            </label>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="p-2 text-xs">
      {item.preview ? (
        <img
          src={item.preview}
          alt=""
          className="mb-2 aspect-[4/3] w-full rounded bg-slate-100 object-cover"
        />
      ) : null}
      <p className="truncate font-medium text-slate-800">{item.name}</p>
      {item.state === "error" ? (
        <div role="alert" className="mt-1 space-y-1 text-red-800">
          <p>{item.message}</p>
          <div className="flex gap-3">
            {item.retry ? (
              <button type="button" className="font-semibold underline" onClick={item.retry}>
                Retry
              </button>
            ) : null}
            <button type="button" className="underline" onClick={onRemove}>
              Dismiss
            </button>
          </div>
        </div>
      ) : (
        <>
          <progress
            className="mt-1 h-2 w-full"
            max={1}
            value={item.state === "uploading" ? item.progress : undefined}
            aria-label={`${item.state === "preparing" ? "Preparing" : "Uploading"} ${item.name}`}
          />
          <p className="mt-1 text-slate-600">
            {item.state === "preparing"
              ? "Preparing…"
              : `Uploading ${Math.round(item.progress * 100)}%`}
          </p>
        </>
      )}
    </div>
  );
}
