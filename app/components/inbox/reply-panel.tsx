import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/form-field";
import { TextareaField } from "~/components/textarea-field";
import { DRAFT_PROBLEM_LABELS, type DraftProblem } from "~/domain/inbox/draft-guard";
import type { DraftKind } from "~/domain/inbox/draft";
import { KNOWLEDGE_TOPIC_INFO, type KnowledgeTopic } from "~/domain/inbox/knowledge";
import {
  ACTION_ITEM_LABELS,
  RESTRICTED_TOPIC_LABELS,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";
import { MAX_PASTED_MESSAGE_CHARS } from "~/lib/inbox/inbox-forms";
import { CopyTextButton } from "./copy-text-button";
import { MarketplaceLink } from "./marketplace-link";

export interface PanelDraft {
  id: string;
  kind: DraftKind;
  status: "ready" | "blocked" | "sent" | "discarded";
  text: string;
  usedKnowledge: KnowledgeTopic[];
  staleKnowledge: KnowledgeTopic[];
  problems: DraftProblem[];
  /** What the draft holds for a person. */
  held: string[];
  /** Facts a booking message lacks (left out of its text). */
  missing: string[];
}

const KIND_LABELS: Record<DraftKind, string> = {
  ai: "Drafted by AI from your knowledge base, and checked.",
  template: "Made from your knowledge base, and checked.",
  holding: "Your holding reply: send it now so the guest isn't left waiting, then answer yourself.",
};

/**
 * The reply to the guest: the current draft (edit, copy, send on the marketplace, mark sent),
 * why the guard stopped a draft, or a form to record a reply the person wrote themselves.
 */
export function ReplyPanel({
  draft,
  canDraft,
  marketplaceUrl,
  form,
  text,
  busy,
  openQuestions,
}: {
  draft: PanelDraft | null;
  /** The guest has an unanswered message (a draft can be asked for). */
  canDraft: boolean;
  marketplaceUrl: string;
  form: FormMetadata<{ text: string; draftId?: string }>;
  text: FieldMetadata<string | undefined>;
  busy: boolean;
  /** The guest's open questions ("Needs you"): whether this reply settles them is asked. */
  openQuestions: { restrictedTopics: RestrictedTopic[]; actionItems: ActionItem[] } | null;
}) {
  const ready = draft?.status === "ready" ? draft : null;
  const openLabels = openQuestions
    ? [
        ...openQuestions.restrictedTopics.map((topic) => RESTRICTED_TOPIC_LABELS[topic]),
        ...openQuestions.actionItems.map((item) => ACTION_ITEM_LABELS[item]),
      ]
    : [];
  const blocked = draft?.status === "blocked" ? draft : null;
  return (
    <div className="space-y-3">
      {ready ? <ReadyDraftNotes ready={ready} /> : null}
      {blocked ? <BlockedDraft blocked={blocked} /> : null}
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="mark-sent" />
        {ready ? <input type="hidden" name="draftId" value={ready.id} /> : null}
        <TextareaField
          field={text}
          label={ready ? "Reply" : "The reply you sent"}
          defaultValue={ready?.text ?? ""}
          maxLength={MAX_PASTED_MESSAGE_CHARS}
          // Tall enough for the whole draft on a phone, within reason.
          rows={Math.min(14, Math.max(5, Math.ceil((ready?.text.length ?? 0) / 32) + 2))}
        />
        {openLabels.length ? (
          <>
            <input type="hidden" name="questionsShown" value="1" />
            <label className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                name="keepOpen"
                // Drafts never answer these (they hold them); the person's own reply may.
                defaultChecked={Boolean(ready)}
                className="mt-0.5 h-4 w-4"
              />
              <span>
                Keep &ldquo;Needs you&rdquo; open: what you sent doesn&apos;t settle{" "}
                {openLabels.join("; ").toLowerCase()}
              </span>
            </label>
          </>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {ready ? <CopyTextButton fieldId={text.id} label="Copy" /> : null}
          <MarketplaceLink href={marketplaceUrl} className="btn-outline" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Mark as sent
          </button>
        </div>
      </Form>
      {canDraft ? (
        <Form method="post">
          <input type="hidden" name="intent" value="draft" />
          <button type="submit" className="btn-outline" disabled={busy}>
            {draft ? "Draft again" : "Draft a reply"}
          </button>
        </Form>
      ) : null}
      <p className="text-sm">
        <Link to="/dashboard/inbox/knowledge" className="text-brand-700 underline">
          Knowledge base
        </Link>
      </p>
    </div>
  );
}

/** What the ready draft is, what it leaves out, and the knowledge it used (stale marked). */
function ReadyDraftNotes({ ready }: { ready: PanelDraft }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        {KIND_LABELS[ready.kind]}
        {ready.kind !== "holding" && ready.held.length > 0
          ? " It holds what only you can answer with a line that promises nothing."
          : ""}
      </p>
      {ready.missing.length ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Not in this message:</strong> {ready.missing.join("; ")}. Add it to the trip or to
          your{" "}
          <Link to="/dashboard/inbox/knowledge" className="underline">
            knowledge base
          </Link>{" "}
          and the next message includes it.
        </p>
      ) : null}
      {ready.usedKnowledge.length ? (
        <ul className="text-sm text-slate-700" aria-label="Knowledge used">
          {ready.usedKnowledge.map((topic) => (
            <li key={topic}>
              Uses: {KNOWLEDGE_TOPIC_INFO[topic].label}
              {ready.staleKnowledge.includes(topic) ? (
                <span className="font-semibold text-amber-800">
                  {" "}
                  (stale: check it before sending)
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Why the guard stopped a draft (it isn't offered for sending). */
function BlockedDraft({ blocked }: { blocked: PanelDraft }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-900">The draft check stopped a draft</p>
      <ul className="mt-1 list-disc pl-5 text-red-900" aria-label="Why it was stopped">
        {blocked.problems.map((problem) => (
          <li key={problem}>{DRAFT_PROBLEM_LABELS[problem]}</li>
        ))}
      </ul>
      <p className="mt-1 text-red-900">
        It isn&apos;t offered for sending. Write the reply yourself, or draft again.
      </p>
    </div>
  );
}
