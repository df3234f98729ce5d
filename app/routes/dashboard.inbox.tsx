import { getFormProps } from "@conform-to/react";
import { featureAllowed, requireFeature } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.inbox";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { FormAlert, FormErrors, FormField } from "~/components/form-field";
import { TextareaField } from "~/components/textarea-field";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession, type SessionPost } from "~/lib/auth/guards.server";
import { parseSubmission, strayReplyMessage, useSchemaForm } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { MAX_PASTED_MESSAGE_CHARS, pasteConversationSchema } from "~/lib/inbox/inbox-forms";
import {
  dismissForwardingConfirmation,
  forwardingConfirmations,
  unreadEmailCount,
  unreadEmails,
} from "~/lib/inbox/unread-emails.server";
import { pasteConversation } from "~/lib/inbox/conversations.server";
import { inboxCars, inboxCounts, inboxPage, readInboxFilter } from "~/lib/inbox/inbox-list.server";
import {
  CURSOR_MESSAGE,
  DEFAULT_PAGE_SIZE,
  pageOrFirst,
  readPageRequest,
} from "~/lib/paging/paging";
import { ConversationsSection } from "~/components/inbox/conversation-list";
import { UnreadEmailsSection } from "~/components/inbox/unread-emails";
import { forwardingFromSubject } from "~/domain/inbox/forwarding-confirmation";
import { ForwardingConfirmationBanner } from "~/components/inbox/forwarding-confirmation-banner";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { draftRepliesSoon } from "~/lib/inbox/drafts.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";
import { z } from "zod";
import {
  intentSchema,
  postedFields,
  postedText,
  type IntentHandlers,
  type IntentOf,
} from "~/lib/http/intent";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Guest inbox", "/dashboard/inbox", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const url = new URL(request.url);
  // Conversations page by `?cursor=` (with `?show=` and `?car=`), "Emails we couldn't read" by
  // `?unread=<cursor>`: plain links, JavaScript or not. A stale link shows the first page.
  const filter = readInboxFilter(url.searchParams);
  const asked = pageOrFirst(readPageRequest(url.searchParams), DEFAULT_PAGE_SIZE);
  const page = inboxPage(session.accountId, filter, asked.page);
  const after = url.searchParams.get("unread");
  const unread = unreadEmails(session.accountId, { after });
  return {
    readOnly: !featureAllowed(session.accountId, "inbox"),
    origin: new URL(env().PUBLIC_URL).origin,
    confirmations: forwardingConfirmations(session.accountId).map((confirmation) => ({
      id: confirmation.id,
      code: confirmation.code,
      confirmUrl: confirmation.confirmUrl,
      forwardingFrom: forwardingFromSubject(confirmation.subject),
      receivedAt: confirmation.receivedAt.toISOString(),
    })),
    conversations: page.items,
    nextCursor: page.nextCursor,
    pageNotice: asked.notice,
    filter,
    counts: inboxCounts(session.accountId),
    cars: inboxCars(session.accountId),
    unread: unread.emails.map((email) => ({
      ...email,
      receivedAt: email.receivedAt.toISOString(),
    })),
    unreadCount: unreadEmailCount(session.accountId),
    unreadPaged: Boolean(after) && unread.valid,
    unreadNext: unread.nextCursor,
    unreadNotice: unread.valid ? null : CURSOR_MESSAGE,
  };
}

/** The page's forms: hiding Gmail's confirmation, or a pasted conversation (no intent). */
const inboxPostSchema = intentSchema(["dismiss-confirmation", "paste"], { fallback: "paste" });
const emailIdSchema = z.object({ emailId: postedText });

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const { intent } = postedFields(form, inboxPostSchema);
  return inboxIntents[intent]({ session, form });
}

/** Hiding Gmail's confirmation uses no feature: a read-only account may hide it too. */
function dismissConfirmation({ session, form }: SessionPost) {
  const { emailId } = postedFields(form, emailIdSchema);
  if (!dismissForwardingConfirmation(session.accountId, emailId)) {
    return formReply(null, {
      status: 404,
      intent: "dismiss-confirmation",
      formError: "That confirmation email isn't in your inbox any more.",
    });
  }
  return redirectWithToast("/dashboard/inbox", { title: "Gmail's confirmation hidden" });
}

async function pastePosted({ session, form }: SessionPost) {
  requireFeature(session, "inbox");
  const submission = parseSubmission(form, pasteConversationSchema);
  if (submission.status !== "success") {
    return formReply(submission, { status: 400, intent: "paste" });
  }
  const conversationId = pasteConversation(session.accountId, submission.value);
  await draftRepliesSoon(session.accountId);
  recordEvent("feature_usage", { feature: "inbox", action: "paste" }, session.user.id);
  return redirectWithToast(`/dashboard/inbox/${conversationId}`, { title: "Conversation added" });
}

const inboxIntents = {
  "dismiss-confirmation": dismissConfirmation,
  paste: pastePosted,
} satisfies IntentHandlers<IntentOf<typeof inboxPostSchema>, SessionPost>;

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(
    pasteConversationSchema,
    actionData?.intent === "paste" ? actionData.result : undefined,
    {
      id: "paste-conversation",
    },
  );
  const { dateTime } = useFormat();
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Guest inbox"
        intro="Guests' messages from the marketplace's notification emails, by trip and guest. Replies are sent in the marketplace's own messages, where every conversation with a guest has to stay."
      />
      {loaderData.readOnly ? <ReadOnlyNotice feature="inbox" /> : null}
      <FormAlert message={strayReplyMessage(actionData, ["paste"])} />
      {loaderData.confirmations.map((confirmation) => (
        <ForwardingConfirmationBanner
          key={confirmation.id}
          confirmation={confirmation}
          receivedAt={dateTime(confirmation.receivedAt)}
        />
      ))}
      <ConversationsSection
        counts={loaderData.counts}
        filter={loaderData.filter}
        cars={loaderData.cars}
        pageNotice={loaderData.pageNotice}
        conversations={loaderData.conversations}
        nextCursor={loaderData.nextCursor}
      />
      {loaderData.unreadCount > 0 ? (
        <UnreadEmailsSection
          count={loaderData.unreadCount}
          notice={loaderData.unreadNotice}
          emails={loaderData.unread}
          paged={loaderData.unreadPaged}
          next={loaderData.unreadNext}
        />
      ) : null}
      <p className="text-sm">
        <Link to="/dashboard/inbox/knowledge" className="font-medium text-brand-700 underline">
          Knowledge base
        </Link>{" "}
        — your answers to what guests ask; drafts are made only from them.
      </p>
      <CardSection
        id="forwarding"
        title="Forward your notification emails"
        description="Gmail's filter and confirmation, Outlook's rule, your forwarding address and the webhook for an email provider, step by step."
      >
        <Link to="/dashboard/inbox/setup" className="btn-outline inline-flex">
          Set up email forwarding
        </Link>
      </CardSection>
      <CardSection
        id="paste"
        title="Paste a conversation"
        description="Copy a guest's message from the marketplace and paste it here."
      >
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormErrors form={form} />
          <FormField field={fields.guestName} label="Guest's name" autoComplete="off" />
          <FormField
            field={fields.reservationId}
            label="Reservation id (optional)"
            autoComplete="off"
          />
          <TextareaField
            field={fields.text}
            label="The guest's message"
            maxLength={MAX_PASTED_MESSAGE_CHARS}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Add the conversation
          </button>
        </Form>
      </CardSection>
    </div>
  );
}
