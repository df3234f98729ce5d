import { LinkDaysSelect } from "~/components/link-days-select";
import { Form } from "react-router";
import {
  NewLinkNotice,
  ReadOnlyLinkList,
  type ReadOnlyLinkItem,
} from "~/components/read-only-links";
import { FormAlert } from "~/components/form-field";
import { useFormat } from "~/lib/ui/preferences";

export interface PacketLinkItem extends ReadOnlyLinkItem {
  state: "active" | "expired" | "revoked";
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
      {newUrl ? <NewLinkNotice url={newUrl} title={title} /> : null}
      <FormAlert message={error} />
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="share-packet" />
        <LinkDaysSelect id="packet-days" />
        <button type="submit" className="btn-outline" disabled={busy}>
          Create packet link
        </button>
      </Form>
      <ReadOnlyLinkList
        links={links}
        date={day}
        revokeIntent="revoke-packet-link"
        busy={busy}
        label="Packet links"
      />
    </div>
  );
}
