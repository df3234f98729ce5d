import { useEffect, useRef, useState } from "react";
import type { GuestMessageTemplate } from "~/domain/guest-message-templates";
import { track } from "~/lib/analytics/start";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { GUEST_TEMPLATES_FEATURE as FEATURE } from "./common";

/** One template, filled in, with what is still missing and a copy button. */
export function TemplateCard({
  template,
  text,
  missing,
}: {
  template: GuestMessageTemplate;
  text: string;
  missing: string[];
}) {
  const titleId = `template-${template.id}`;
  return (
    <article
      aria-labelledby={titleId}
      id={template.id}
      className="rounded-2xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={titleId} className="font-semibold text-slate-900">
            {template.title}
          </h4>
          <p className="mt-0.5 text-sm text-slate-600">{template.whenToSend}</p>
        </div>
        <CopyButton text={text} title={template.title} templateId={template.id} />
      </div>
      <pre
        data-template={template.id}
        className="mt-3 rounded-xl bg-slate-50 p-4 font-sans text-sm leading-6 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
      >
        {text}
      </pre>
      {missing.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Still to fill in:</span> {missing.join(", ")}
        </p>
      ) : null}
    </article>
  );
}

/** Copies a message (JavaScript only); without JavaScript the text above is plainly selectable. */
function CopyButton({
  text,
  title,
  templateId,
}: {
  text: string;
  title: string;
  templateId: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!hydrated) return null;

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      track("feature_usage", { feature: FEATURE, action: `copy:${templateId}` });
    } catch {
      // No clipboard access (permissions, an old browser): select the text for a manual copy.
      const block = document.querySelector(`[data-template="${templateId}"]`);
      const selection = window.getSelection();
      if (block && selection) {
        const range = document.createRange();
        range.selectNodeContents(block);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState("select");
    }
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  return (
    <div className="flex shrink-0 items-center gap-2">
      <span
        aria-live="polite"
        className={state === "select" ? "text-sm text-slate-700" : "sr-only"}
      >
        {state === "copied"
          ? `${title} copied`
          : state === "select"
            ? "Selected: press Ctrl+C"
            : ""}
      </span>
      <button type="button" onClick={() => void copy()} className="btn-outline py-1.5">
        {state === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {title}</span>
      </button>
    </div>
  );
}
