import { Link, useNavigation } from "react-router";
import { featureAllowed, requireFeature } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import type { Route } from "./+types/dashboard.inbox.$conversationId";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { FormAlert } from "~/components/form-field";
import { DamageNotice } from "~/components/inbox/damage-notice";
import { DraftingNotice } from "~/components/inbox/drafting-notice";
import { MarketplaceLink } from "~/components/inbox/marketplace-link";
import { NeedsYou } from "~/components/inbox/needs-you";
import { ReplyPanel } from "~/components/inbox/reply-panel";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import type { CurrentSession } from "~/lib/auth/session.server";
import { actorOf } from "~/lib/accounts/activity.server";
import { parseSubmission, strayReplyMessage, useSchemaForm } from "~/lib/http/form";
import { formReply, hiddenFieldRefusal, readForm } from "~/lib/http/form.server";
import { notFound } from "~/lib/http/not-found";
import {
  draftJson,
  isDrafting,
  listDrafts,
  markReplySent,
  OWNER_DECIDES,
  OWNER_SENDS_REPLIES,
  resolveQuestions,
  writeReplyDraft,
} from "~/lib/inbox/drafts.server";
import {
  conversationNeeds,
  getConversation,
  messageJson,
  replyInfo,
  unansweredMessages,
} from "~/lib/inbox/conversations.server";
import {
  markSentSchema,
  NO_KNOWLEDGE_ANSWERS,
  NOTHING_OPEN,
  NOTHING_TO_ANSWER,
} from "~/lib/inbox/inbox-forms";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { intentSchema, postedFields } from "~/lib/http/intent";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    data ? `Conversation with ${data.guestName ?? "a guest"}` : "Conversation",
    "/dashboard/inbox",
    data,
  );

const NO_CONVERSATION = "No conversation with that id here.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const found =
    getConversation(session.accountId, params.conversationId) ?? notFound(NO_CONVERSATION);
  const { conversation, messages } = found;
  const rows = listDrafts(session.accountId, conversation.id);
  const open = rows.filter((draft) => draft.status === "ready" || draft.status === "blocked");
  const openDrafts = open.map(draftJson);
  return {
    readOnly: !featureAllowed(session.accountId, "inbox"),
    origin: new URL(env().PUBLIC_URL).origin,
    guestName: conversation.guestName,
    reservationId: conversation.reservationId,
    tripId: conversation.tripId,
    needs: conversationNeeds(conversation, messages),
    ...replyInfo(conversation, messages),
    unanswered: unansweredMessages(messages).length > 0,
    drafting: isDrafting(conversation.id, messages.at(-1), open),
    // The draft to act on: the reply to the guest first, else the newest booking message.
    draft: openDrafts.find((draft) => draft.purpose === "reply") ?? openDrafts[0] ?? null,
    messages: messages.map(messageJson),
  };
}

/** Each form of the page posts its intent; one function answers each. */
const intents = {
  async draft(session: CurrentSession, conversationId: string) {
    const outcome = await writeReplyDraft(session.accountId, conversationId, { again: true });
    if (outcome.status === "not-found") notFound(NO_CONVERSATION);
    if (outcome.status !== "drafted") {
      const message = outcome.status === "no-answer" ? NO_KNOWLEDGE_ANSWERS : NOTHING_TO_ANSWER;
      return formReply(null, { status: 422, intent: "draft", formError: message });
    }
    return redirectWithToast(`/dashboard/inbox/${conversationId}#reply`, {
      title: outcome.draft.status === "blocked" ? "Draft stopped" : "Draft ready",
      description:
        outcome.draft.status === "blocked"
          ? "The draft check found something it can't send."
          : "Check it, copy it into the marketplace, then mark it sent.",
    });
  },
  async "mark-sent"(session: CurrentSession, conversationId: string, form: FormData) {
    const submission = parseSubmission(form, markSentSchema);
    if (submission.status !== "success") {
      return formReply(submission, {
        status: 400,
        intent: "mark-sent",
        formError: hiddenFieldRefusal(submission, ["text", "keepOpen"]),
      });
    }
    const { questionsShown, keepOpen, ...reply } = submission.value;
    const outcome = markReplySent(actorOf(session), conversationId, {
      ...reply,
      // With the open questions shown, the person said whether this reply settles them.
      resolves: questionsShown ? !keepOpen : undefined,
    });
    if (outcome === "not-found") notFound(NO_CONVERSATION);
    if (outcome === "owner-sends") {
      return formReply(submission, {
        status: 403,
        intent: "mark-sent",
        formError: OWNER_SENDS_REPLIES,
      });
    }
    recordEvent(
      "feature_usage",
      { feature: "inbox", action: submission.value.draftId ? "draft-sent" : "reply-sent" },
      session.user.id,
    );
    return redirectWithToast(`/dashboard/inbox/${conversationId}`, {
      title: "Marked as sent",
      description: "The reply is in the conversation.",
    });
  },
  resolve(session: CurrentSession, conversationId: string) {
    const outcome = resolveQuestions(actorOf(session), conversationId);
    if (outcome === "not-found") notFound(NO_CONVERSATION);
    if (outcome === "owner-decides" || outcome === "nothing-open") {
      return formReply(null, {
        status: outcome === "owner-decides" ? 403 : 409,
        intent: "resolve",
        formError: outcome === "owner-decides" ? OWNER_DECIDES : NOTHING_OPEN,
      });
    }
    return redirectWithToast(`/dashboard/inbox/${conversationId}`, {
      title: "Marked resolved",
      description: "Nothing in this conversation needs you now.",
    });
  },
};

/** The page's forms: a new draft, resolving, or marking a reply sent (the main form). */
const conversationPostSchema = intentSchema(["draft", "mark-sent", "resolve"], {
  fallback: "mark-sent",
});

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "inbox");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const { intent } = postedFields(form, conversationPostSchema);
  return intents[intent](session, params.conversationId, form);
}

const MESSAGE_SOURCE_LABELS = {
  email: "from a forwarded email",
  pasted: "pasted",
  "marked-sent": "sent in the marketplace",
} as const;

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const draft = loaderData.draft;
  const [form, fields] = useSchemaForm(
    markSentSchema,
    actionData?.intent === "mark-sent" ? actionData.result : undefined,
    {
      id: `mark-sent-${draft?.id ?? "own"}`,
      defaultValue: { text: draft?.status === "ready" ? draft.text : "" },
    },
  );
  const { dateTime } = useFormat();
  const guest = loaderData.guestName ?? "Guest";
  const formsShown = ["draft", "mark-sent", ...(loaderData.needs.escalated ? ["resolve"] : [])];
  const overdue = loaderData.replyDueAt ? Date.parse(loaderData.replyDueAt) < Date.now() : false;
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
            {" · "}
            <MarketplaceLink
              href={loaderData.marketplaceUrl}
              className="font-medium text-brand-700 underline"
            />
          </>
        }
      />
      <FormAlert message={strayReplyMessage(actionData, formsShown)} />
      {loaderData.readOnly ? <ReadOnlyNotice feature="inbox" /> : null}
      {loaderData.replyDueAt ? (
        <p
          className={`rounded-lg p-3 text-sm font-medium ${overdue ? "bg-red-50 text-red-900" : "bg-slate-100 text-slate-900"}`}
        >
          {overdue ? "Reply was due " : "Reply by "}
          {dateTime(loaderData.replyDueAt)}
          <span className="font-normal">
            {" "}
            {loaderData.tripId
              ? "(the marketplace's response window for this trip's lead time)"
              : "(8 hours: the longest response window, as the trip's start isn't known here)"}
          </span>
        </p>
      ) : null}
      {loaderData.reportDamageBy ? (
        <DamageNotice by={loaderData.reportDamageBy} tripId={loaderData.tripId} />
      ) : null}
      {loaderData.needs.escalated ? (
        <NeedsYou
          needs={loaderData.needs}
          held={loaderData.unanswered ? "draft" : "sent"}
          busy={busy}
          error={actionData?.intent === "resolve" ? actionData.result.error?.[""]?.[0] : undefined}
        />
      ) : null}
      <CardSection id="messages" title="Messages">
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
      </CardSection>
      <CardSection
        id="reply"
        title={draft?.status === "ready" ? "Draft reply" : "Record your reply"}
        description={
          draft?.status === "ready"
            ? "Edit it, copy it into the marketplace's messages and send it there, then mark it sent."
            : "Once you've replied in the marketplace, paste what you sent so the conversation here stays complete."
        }
      >
        {loaderData.drafting ? <DraftingNotice /> : null}
        {actionData?.intent === "draft" ? (
          <FormAlert message={actionData.result.error?.[""]?.[0]} />
        ) : null}
        <ReplyPanel
          draft={draft}
          canDraft={loaderData.unanswered}
          marketplaceUrl={loaderData.marketplaceUrl}
          form={form}
          text={fields.text}
          busy={busy}
          openQuestions={loaderData.needs.escalated ? loaderData.needs : null}
        />
      </CardSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that conversation", [
  { to: "/dashboard/inbox", label: "Guest inbox" },
  { to: "/dashboard", label: "Back to the dashboard" },
]);
