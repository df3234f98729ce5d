import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.inbox.$conversationId";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader, FleetSection } from "~/components/fleet";
import { FormErrors } from "~/components/form-field";
import { TextareaField } from "~/components/textarea-field";
import { KNOWLEDGE_TOPIC_INFO } from "~/domain/inbox/knowledge";
import { recordEvent } from "~/lib/analytics/server";
import { parseSubmission, useSchemaForm } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { MAX_PASTED_MESSAGE_CHARS, markSentSchema } from "~/lib/inbox/inbox-forms";
import { conversationDraft, markReplySent } from "~/lib/inbox/knowledge.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { requireSession } from "~/lib/auth/guards.server";
import {
  ACTION_ITEM_LABELS,
  holdingReply,
  RESTRICTED_TOPIC_LABELS,
} from "~/domain/inbox/restricted-topics";
import { conversationNeeds, getConversation, messageJson } from "~/lib/inbox/inbound.server";
import { notFound } from "~/lib/http/not-found";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data ? `Conversation with ${data.guestName ?? "a guest"}` : "Conversation",
    path: "/dashboard/inbox",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const found =
    getConversation(session.accountId, params.conversationId) ??
    notFound("No conversation with that id here.");
  const { conversation } = found;
  const needs = conversationNeeds(conversation, found.messages);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    guestName: conversation.guestName,
    reservationId: conversation.reservationId,
    tripId: conversation.tripId,
    needs,
    draft: conversationDraft(conversation, found.messages, needs),
    holdingReply: holdingReply(conversation.guestName),
    messages: found.messages.map(messageJson),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, markSentSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400 });
  if (!markReplySent(session.accountId, params.conversationId, submission.value)) {
    notFound("No conversation with that id here.");
  }
  recordEvent(
    "feature_usage",
    {
      feature: "inbox",
      action: submission.value.draftText
        ? submission.value.draftText.trim() === submission.value.text
          ? "draft-sent-unchanged"
          : "draft-sent-edited"
        : "reply-sent",
    },
    session.user.id,
  );
  return redirectWithToast(`/dashboard/inbox/${params.conversationId}`, {
    title: "Marked as sent",
    description: "The reply is in the conversation.",
  });
}

const MESSAGE_SOURCE_LABELS = {
  email: "from a forwarded email",
  pasted: "pasted",
  "marked-sent": "sent in the marketplace",
} as const;

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(markSentSchema, actionData?.result, {
    id: "mark-sent",
    defaultValue: { text: loaderData.draft?.text ?? "" },
  });
  const { dateTime } = useFormat();
  const guest = loaderData.guestName ?? "Guest";
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/inbox", label: "Guest inbox" }}
        title={guest}
        intro={
          <>
            {loaderData.reservationId
              ? `Reservation ${loaderData.reservationId}`
              : "No reservation named"}
            {loaderData.tripId ? (
              <>
                {" · "}
                <Link
                  to={`/dashboard/trip/${loaderData.tripId}`}
                  className="font-medium text-brand-700 underline"
                >
                  Trip page
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {loaderData.needs.escalated ? (
        <section
          aria-labelledby="needs-you-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
        >
          <h2 id="needs-you-title" className="text-lg font-semibold text-amber-950">
            Needs you
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            No AI answers this: it asks about something only you (or your VA) can decide.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm text-amber-950" aria-label="Why">
            {loaderData.needs.restrictedTopics.map((topic) => (
              <li key={topic}>{RESTRICTED_TOPIC_LABELS[topic]}</li>
            ))}
            {loaderData.needs.actionItems.map((item) => (
              <li key={item}>{ACTION_ITEM_LABELS[item]}</li>
            ))}
          </ul>
          <label htmlFor="holding-reply" className="label mt-3">
            Holding reply to send now
          </label>
          <textarea
            id="holding-reply"
            className="input min-h-20 bg-white"
            readOnly
            value={loaderData.holdingReply}
          />
          <p className="mt-1 text-sm text-amber-950">
            Send it in the marketplace&apos;s messages so the guest isn&apos;t left waiting, then
            answer the question there yourself.
          </p>
        </section>
      ) : null}
      <FleetSection id="messages" title="Messages">
        <ol className="space-y-3" aria-label="Messages, oldest first">
          {loaderData.messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-xl p-3 ${message.author === "guest" ? "bg-slate-100" : "ml-8 bg-brand-50"}`}
            >
              <p className="text-sm font-semibold text-slate-900">
                {message.author === "guest" ? guest : "You"}{" "}
                <span className="font-normal text-slate-600">
                  · {dateTime(message.at)} · {MESSAGE_SOURCE_LABELS[message.source]}
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{message.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-slate-700">
          Reply in the marketplace&apos;s messages: conversations with guests have to stay there.
        </p>
      </FleetSection>
      <FleetSection
        id="reply"
        title={loaderData.draft ? "Draft reply" : "Record your reply"}
        description={
          loaderData.draft
            ? "Made only from your knowledge base. Edit it, copy it into the marketplace's messages and send it there, then mark it sent."
            : "Once you've replied in the marketplace, paste what you sent so the conversation here stays complete."
        }
      >
        {loaderData.draft ? (
          <ul className="mb-3 text-sm text-slate-700" aria-label="Knowledge used">
            {loaderData.draft.used.map((topic) => (
              <li key={topic}>
                Uses: {KNOWLEDGE_TOPIC_INFO[topic].label}
                {loaderData.draft!.stale.includes(topic) ? (
                  <span className="font-semibold text-amber-800">
                    {" "}
                    (stale: check it before sending)
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="space-y-3" {...getFormProps(form)}>
          <FormErrors form={form} />
          {loaderData.draft ? (
            <input type="hidden" name="draftText" value={loaderData.draft.text} />
          ) : null}
          <TextareaField
            field={fields.text}
            label={loaderData.draft ? "Reply" : "The reply you sent"}
            defaultValue={loaderData.draft?.text ?? ""}
            maxLength={MAX_PASTED_MESSAGE_CHARS}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Mark as sent
          </button>
        </Form>
        <p className="mt-3 text-sm">
          <Link to="/dashboard/inbox/knowledge" className="text-brand-700 underline">
            Knowledge base
          </Link>
        </p>
      </FleetSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that conversation", [
  { to: "/dashboard/inbox", label: "Guest inbox" },
  { to: "/dashboard", label: "Back to the dashboard" },
]);
