import { LinkDaysSelect } from "~/components/link-days-select";
import { Form } from "react-router";
import { ShareLinkField } from "~/components/estimates/share-link-field";
import { FormAlert } from "~/components/form-field";
import { useFormat } from "~/lib/ui/preferences";

export interface PacketLinkItem {
  id: number;
  state: "active" | "expired" | "revoked";
  createdAt: string;
  expiresAt: string;
  lastViewedAt: string | null;
}

/**
 * Read-only links to the evidence packet (the PDF) for an adjuster or an insurer: create one, see
 * who opened it when, revoke it. A new link is shown once, right after it is made.
 */
export function PacketShare({
  links,
  newUrl,
  error,
  title,
  busy,
}: {
  links: PacketLinkItem[];
  /** The link just created (shown only in the reply that made it). */
  newUrl?: string;
  error?: string;
  /** What the phone's share sheet calls it. */
  title: string;
  busy: boolean;
}) {
  const { day } = useFormat();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        The link opens the evidence packet (PDF) and nothing else, until it expires or you revoke
        it.
      </p>
      {newUrl ? (
        <div role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
          <p className="font-semibold">Link created. Copy it now: it is shown only once.</p>
          <ShareLinkField url={newUrl} title={title} />
        </div>
      ) : null}
      <FormAlert message={error} />
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="share-packet" />
        <LinkDaysSelect id="packet-days" />
        <button type="submit" className="btn-outline" disabled={busy}>
          Create packet link
        </button>
      </Form>
      {links.length > 0 ? (
        <ul className="divide-y divide-slate-200 text-sm" aria-label="Packet links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                Link created {day(link.createdAt)} ·{" "}
                {link.state === "active" ? `expires ${day(link.expiresAt)}` : link.state}
                {link.lastViewedAt
                  ? ` · last opened ${day(link.lastViewedAt)}`
                  : " · not opened yet"}
              </span>
              {link.state === "active" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-packet-link" />
                  <input type="hidden" name="linkId" value={link.id} />
                  <button type="submit" className="text-red-700 underline" disabled={busy}>
                    Revoke
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
