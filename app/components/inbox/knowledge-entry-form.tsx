import { Form } from "react-router";
import { CardSection } from "~/components/card-section";
import { KNOWLEDGE_TOPIC_INFO, type KnowledgeTopic } from "~/domain/inbox/knowledge";
import { MAX_KNOWLEDGE_CHARS } from "~/lib/inbox/inbox-forms";
import { useFormat } from "~/lib/ui/preferences";

/** One topic of the knowledge base: its answer, when it was last confirmed, and its version. */
export function KnowledgeEntryForm({
  entry,
  busy,
}: {
  entry: {
    topic: KnowledgeTopic;
    text: string;
    version: number;
    confirmedAt: string | null;
    stale: boolean;
    /** For a car: the account's answer, used where the car has none. */
    accountText: string | null;
  };
  busy: boolean;
}) {
  const { day } = useFormat();
  const info = KNOWLEDGE_TOPIC_INFO[entry.topic];
  return (
    <CardSection id={entry.topic} title={info.label}>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="topic" value={entry.topic} />
        <label htmlFor={`knowledge-${entry.topic}`} className="sr-only">
          {info.label}
        </label>
        <textarea
          id={`knowledge-${entry.topic}`}
          name="text"
          className="input min-h-20"
          maxLength={MAX_KNOWLEDGE_CHARS}
          defaultValue={entry.text}
          placeholder={entry.accountText ?? info.example}
        />
        {entry.accountText ? (
          <p className="text-sm text-slate-600">
            {entry.text ? "Replaces the account's answer: " : "Uses the account's answer: "}
            <q>{entry.accountText}</q>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-outline" disabled={busy}>
            Save and confirm
          </button>
          {entry.confirmedAt ? (
            <span
              className={`text-sm ${entry.stale ? "font-semibold text-amber-800" : "text-slate-600"}`}
            >
              {entry.stale ? "Stale: last confirmed " : "Last confirmed "}
              {day(entry.confirmedAt)} · version {entry.version}
            </span>
          ) : (
            <span className="text-sm text-slate-600">Not answered yet</span>
          )}
        </div>
      </Form>
    </CardSection>
  );
}
