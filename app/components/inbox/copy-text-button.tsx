import { useEffect, useRef, useState } from "react";
import { copyToClipboard } from "~/components/estimates/share-link-field";
import { useHydrated } from "~/lib/ui/use-hydrated";

/**
 * Copies what a text field holds now (the person's edits included). Without clipboard access the
 * text is selected for a manual copy. Shown only once JavaScript runs: without it, the field's
 * text is selected and copied by hand.
 */
export function CopyTextButton({ fieldId, label }: { fieldId: string; label: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!hydrated) return null;

  async function copy() {
    clearTimeout(timer.current);
    const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
    if (!field) return;
    if ((await copyToClipboard(field.value, navigator.clipboard)) === "copied") {
      setState("copied");
    } else {
      field.focus();
      field.select();
      setState("select");
    }
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  return (
    <>
      <button type="button" className="btn-outline" onClick={() => void copy()}>
        {state === "copied" ? "Copied" : label}
      </button>
      <span
        aria-live="polite"
        className={state === "select" ? "text-sm text-slate-700" : "sr-only"}
      >
        {state === "copied" ? "Copied" : state === "select" ? "Selected: press Ctrl+C" : ""}
      </span>
    </>
  );
}
