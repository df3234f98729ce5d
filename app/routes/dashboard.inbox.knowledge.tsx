import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.inbox.knowledge";
import { FleetPageHeader, FleetSection } from "~/components/fleet";
import { FormAlert } from "~/components/form-field";
import {
  KNOWLEDGE_TOPIC_INFO,
  KNOWLEDGE_TOPICS,
  STALE_AFTER_DAYS,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import { requireSession } from "~/lib/auth/guards.server";
import { formReply, readForm } from "~/lib/http/form.server";
import { knowledgeBase, saveKnowledge } from "~/lib/inbox/knowledge.server";
import { MAX_KNOWLEDGE_CHARS } from "~/lib/inbox/inbox-forms";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Knowledge base",
    path: "/dashboard/inbox/knowledge",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    entries: knowledgeBase(session.accountId),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const topic = String(form.get("topic") ?? "");
  const text = String(form.get("text") ?? "")
    .replace(/\r\n?/g, "\n")
    .trim();
  if (!KNOWLEDGE_TOPICS.includes(topic as KnowledgeTopic)) {
    return formReply(null, { status: 400, formError: "Choose one of the topics on this page." });
  }
  if (text.length > MAX_KNOWLEDGE_CHARS) {
    return formReply(null, { status: 400, formError: "Keep an answer under 1,000 characters." });
  }
  saveKnowledge(session.accountId, topic as KnowledgeTopic, text);
  return redirectWithToast(`/dashboard/inbox/knowledge#${topic}`, {
    title: text ? "Saved and confirmed" : "Removed",
    description: KNOWLEDGE_TOPIC_INFO[topic as KnowledgeTopic].label,
  });
}

export default function Knowledge({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { day } = useFormat();
  const error = actionData?.result.error?.[""]?.[0];
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/inbox", label: "Guest inbox" }}
        title="Knowledge base"
        intro={`Your answers to what guests ask. Drafts are made only from these, and list the ones they used. Confirm an answer when you check it; after ${STALE_AFTER_DAYS} days unconfirmed it is marked stale.`}
      />
      <FormAlert message={error} />
      {loaderData.entries.map((entry) => {
        const info = KNOWLEDGE_TOPIC_INFO[entry.topic];
        return (
          <FleetSection key={entry.topic} id={entry.topic} title={info.label}>
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
                placeholder={info.example}
              />
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
          </FleetSection>
        );
      })}
    </div>
  );
}
