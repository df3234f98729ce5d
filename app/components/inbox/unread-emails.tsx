import { Link, useLocation } from "react-router";
import { CardSection } from "~/components/card-section";
import { useFormat } from "~/lib/ui/preferences";
import { PageNotice } from "~/components/page-links";

/** "Emails we couldn't read": each one to download or make a guest message, paged on its own. */
export function UnreadEmailsSection({
  count,
  notice,
  emails,
  paged,
  next,
}: {
  count: number;
  notice: string | null;
  emails: { id: string; subject: string | null; fromAddress: string | null; receivedAt: string }[];
  /** Past the first page of these emails. */
  paged: boolean;
  next: string | null;
}) {
  const { dateTime } = useFormat();
  const location = useLocation();
  // The emails we couldn't read page on their own, keeping the conversations' page and filters.
  const unreadHref = (cursor: string | null) => {
    const params = new URLSearchParams(location.search);
    if (cursor) params.set("unread", cursor);
    else params.delete("unread");
    const search = params.toString();
    return `/dashboard/inbox${search ? `?${search}` : ""}`;
  };
  return (
    <CardSection
      id="unread-emails"
      title={`Emails we couldn't read (${count})`}
      description="They arrived but don't look like a guest message, a booking, a trip change or a cancellation. The original is kept: download it, or make it a guest message."
    >
      <PageNotice notice={notice} className="mb-3" />
      <ul className="divide-y divide-slate-200" aria-label="Emails we couldn't read">
        {emails.map((email) => (
          <li key={email.id} className="space-y-1 py-3">
            <p className="break-words">
              <span className="font-medium">{email.subject || "(no subject)"}</span>{" "}
              <span className="text-sm text-slate-600">
                {email.fromAddress ? `from ${email.fromAddress} · ` : ""}
                {dateTime(email.receivedAt)}
              </span>
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <Link
                to={`/dashboard/inbox/email/${email.id}/guest-message`}
                className="inline-block py-1 font-medium text-brand-700 underline"
              >
                Make this a guest message
              </Link>
              <a
                href={`/dashboard/inbox/email/${email.id}`}
                className="inline-block py-1 text-brand-700 underline"
                download
              >
                Download the original
              </a>
            </p>
          </li>
        ))}
      </ul>
      {paged || next ? (
        <nav
          aria-label="Pages of emails we couldn't read"
          className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm"
        >
          {paged ? (
            <Link
              to={`${unreadHref(null)}#unread-emails`}
              className="inline-block py-1 font-medium text-brand-700 underline"
            >
              Newest emails
            </Link>
          ) : null}
          {next ? (
            <Link
              to={`${unreadHref(next)}#unread-emails`}
              className="inline-block py-1 font-medium text-brand-700 underline"
            >
              Older emails
            </Link>
          ) : null}
        </nav>
      ) : null}
    </CardSection>
  );
}
