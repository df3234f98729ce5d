import { Form } from "react-router";
import { FormAlert } from "~/components/form-field";
import {
  ACTION_ITEM_LABELS,
  RESTRICTED_TOPIC_LABELS,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";

/**
 * Why a person has to answer this conversation: its open restricted topics and action items. It
 * stays until someone sends an answer or marks it resolved (a holding reply doesn't settle it).
 */
export function NeedsYou({
  needs,
  held,
  busy,
  error,
}: {
  needs: { restrictedTopics: RestrictedTopic[]; actionItems: ActionItem[] };
  /** Whether the guest still waits for the draft below, or already got the holding reply. */
  held: "draft" | "sent";
  busy: boolean;
  error?: string;
}) {
  return (
    <section
      aria-labelledby="needs-you-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="needs-you-title" className="text-lg font-semibold text-amber-950">
        Needs you
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {held === "draft"
          ? "No AI answers this: only you (or your VA) can decide it. The draft reply holds it with a line that promises nothing, and it stays here until you answer it or mark it resolved."
          : "The guest got a reply that holds this: it stays open until you answer it or mark it resolved."}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-amber-950" aria-label="Why">
        {needs.restrictedTopics.map((topic) => (
          <li key={topic}>{RESTRICTED_TOPIC_LABELS[topic]}</li>
        ))}
        {needs.actionItems.map((item) => (
          <li key={item}>{ACTION_ITEM_LABELS[item]}</li>
        ))}
      </ul>
      <FormAlert message={error} />
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resolve" />
        <button type="submit" className="btn-outline" disabled={busy}>
          Mark resolved
        </button>
      </Form>
    </section>
  );
}
