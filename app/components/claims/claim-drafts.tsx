import { Form, useNavigation } from "react-router";
import { DRAFT_KIND_LABELS, DRAFT_KINDS } from "~/domain/claims/claim-drafts";
import type { WrittenDraft } from "~/lib/claims/claim-agent.server";
import { marketplace } from "~/config/marketplace";

/**
 * The claims agent's drafts: one button per draft; the draft comes back in an editable box to
 * copy into the marketplace. A plain form post, so it works without JavaScript.
 */
export function ClaimDrafts({ draft, concerns }: { draft?: WrittenDraft; concerns?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        Drafts use only what this claim records. You edit and send them yourself, in{" "}
        {marketplace.name}: that keeps the conversation where disputes are decided.
      </p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="draft" />
        <div>
          <label htmlFor="concerns" className="label">
            {marketplace.name}&apos;s concerns (for a reply; one per line)
          </label>
          <textarea
            id="concerns"
            name="concerns"
            rows={3}
            maxLength={4000}
            defaultValue={concerns}
            className="input"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {DRAFT_KINDS.map((kind) => (
            <button
              key={kind}
              type="submit"
              name="kind"
              value={kind}
              className="btn-outline"
              disabled={busy}
            >
              {/* Lower-case the first letter only: the marketplace's name keeps its capital. */}
              Draft: {DRAFT_KIND_LABELS[kind].charAt(0).toLowerCase()}
              {DRAFT_KIND_LABELS[kind].slice(1)}
            </button>
          ))}
        </div>
      </Form>
      {draft ? (
        <div className="space-y-2">
          {draft.heldBack.length > 0 ? (
            <div
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
            >
              <p className="font-semibold">The AI&apos;s draft was held back:</p>
              <ul className="list-disc pl-5">
                {draft.heldBack.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
              <p className="mt-1">Here is the template&apos;s draft instead.</p>
            </div>
          ) : null}
          {draft.aiUnavailable ? (
            <p role="status" className="text-slate-700">
              The AI couldn&apos;t be reached; this draft is the template&apos;s.
            </p>
          ) : null}
          <label htmlFor="draft-text" className="label">
            {draft.title}{" "}
            <span className="font-normal text-slate-600">
              (
              {draft.source === "ai"
                ? "written by AI, checked against the claim record"
                : "from the template"}
              )
            </span>
          </label>
          <textarea
            id="draft-text"
            rows={10}
            defaultValue={draft.text}
            key={draft.text}
            className="input font-sans"
          />
        </div>
      ) : null}
    </div>
  );
}
