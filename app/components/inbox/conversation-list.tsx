import { Link } from "react-router";
import { CardSection } from "~/components/card-section";
import { InboxFilters } from "~/components/inbox/inbox-filters";
import { ReplyDue } from "~/components/inbox/reply-due";
import { PageLinks, PageNotice } from "~/components/page-links";
import type { InboxConversation } from "~/lib/inbox/inbox-list.server";
import { useFormat } from "~/lib/ui/preferences";

/** The inbox's conversations: counts, filters, one page of them and the page links. */
export function ConversationsSection({
  counts,
  filter,
  cars,
  pageNotice,
  conversations,
  nextCursor,
}: {
  counts: { all: number; needsYou: number; awaitingReply: number };
  filter: { show: string | null; vehicleId: string | null };
  cars: { id: string; name: string }[];
  pageNotice: string | null;
  conversations: InboxConversation[];
  nextCursor: string | null;
}) {
  const { dateTime } = useFormat();
  return (
    <CardSection
      id="conversations"
      title={`Conversations (${counts.all})`}
      description={
        counts.needsYou > 0 || counts.awaitingReply > 0
          ? [
              counts.needsYou > 0 ? `${counts.needsYou} need you` : null,
              counts.awaitingReply > 0 ? `${counts.awaitingReply} awaiting a reply` : null,
            ]
              .filter(Boolean)
              .join(" · ")
          : undefined
      }
    >
      {counts.all > 0 ? <InboxFilters filter={filter} counts={counts} cars={cars} /> : null}
      <PageNotice notice={pageNotice} className="mb-3" />
      {counts.all > 0 && conversations.length === 0 ? (
        <p className="text-slate-700">No conversations match these filters.</p>
      ) : conversations.length === 0 ? (
        <p className="text-slate-700">
          No messages yet.{" "}
          <Link to="/dashboard/inbox/setup" className="font-medium text-brand-700 underline">
            Set up email forwarding
          </Link>{" "}
          of the marketplace&apos;s notification emails, or paste a conversation.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Conversations">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <Link
                to={`/dashboard/inbox/${conversation.id}`}
                className="font-medium text-brand-700 underline"
              >
                {conversation.guestName ?? "Guest"}
              </Link>
              {conversation.reservationId ? (
                <span className="text-sm text-slate-700">
                  Reservation {conversation.reservationId}
                </span>
              ) : null}
              <span className="text-sm text-slate-600">{dateTime(conversation.lastMessageAt)}</span>
              {conversation.replyDueAt ? <ReplyDue at={conversation.replyDueAt} /> : null}
              {conversation.escalated ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Needs you
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PageLinks nextCursor={nextCursor} label="Pages of conversations" />
    </CardSection>
  );
}
