import { Form } from "react-router";
import { ShareLinkField } from "~/components/estimates/share-link-field";

/** `base` with the caller's extra classes (a margin, where the parent doesn't space its children). */
function withClasses(base: string, extra: string | undefined): string {
  return extra ? `${extra} ${base}` : base;
}

/** What every read-only link (a report's share link, a claim's packet link) shows in its list. */
export interface ReadOnlyLinkItem {
  id: number;
  state: string;
  createdAt: string;
  expiresAt: string;
  lastViewedAt: string | null;
}

/** The link just created: its token is stored hashed, so this reply is the only time it is seen. */
export function NewLinkNotice({
  url,
  title,
  className,
}: {
  url: string;
  /** What the phone's share sheet calls it. */
  title: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={withClasses("rounded-lg bg-green-50 p-3 text-sm text-green-900", className)}
    >
      <p className="font-semibold">Link created. Copy it now: it is shown only once.</p>
      <ShareLinkField url={url} title={title} />
    </div>
  );
}

/** The links made so far, with when each was opened and a Revoke button on the active ones. */
export function ReadOnlyLinkList<Link extends ReadOnlyLinkItem>({
  links,
  date,
  byline,
  revokeIntent,
  busy,
  label,
  className,
}: {
  links: Link[];
  /** How a timestamp reads in the list. */
  date: (iso: string) => string;
  /** Who made the link (" by …"), where the list says so. */
  byline?: (link: Link) => string;
  /** The form intent the page's action revokes a link by (with field `linkId`). */
  revokeIntent: string;
  busy: boolean;
  label?: string;
  className?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={withClasses("divide-y divide-slate-200 text-sm", className)} aria-label={label}>
      {links.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            Link created {date(link.createdAt)}
            {byline?.(link) ?? ""} ·{" "}
            {link.state === "active" ? `expires ${date(link.expiresAt)}` : link.state}
            {link.lastViewedAt ? ` · last opened ${date(link.lastViewedAt)}` : " · not opened yet"}
          </span>
          {link.state === "active" ? (
            <Form method="post">
              <input type="hidden" name="intent" value={revokeIntent} />
              <input type="hidden" name="linkId" value={link.id} />
              <button type="submit" className="text-red-700 underline" disabled={busy}>
                Revoke
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
