import {
  ACTION_ITEM_LABELS,
  RESTRICTED_TOPIC_LABELS,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";

/** Why a person has to answer this conversation: its restricted topics and action items. */
export function NeedsYou({
  needs,
}: {
  needs: { restrictedTopics: RestrictedTopic[]; actionItems: ActionItem[] };
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
        No AI answers this: it asks about something only you (or your VA) can decide. The guest gets
        your holding reply below meanwhile.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-amber-950" aria-label="Why">
        {needs.restrictedTopics.map((topic) => (
          <li key={topic}>{RESTRICTED_TOPIC_LABELS[topic]}</li>
        ))}
        {needs.actionItems.map((item) => (
          <li key={item}>{ACTION_ITEM_LABELS[item]}</li>
        ))}
      </ul>
    </section>
  );
}
