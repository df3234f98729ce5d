import { Form } from "react-router";
import { CopyField } from "./copy-field";

export interface ShownConfirmation {
  id: string;
  code: string | null;
  confirmUrl: string | null;
  forwardingFrom: string | null;
  receivedAt: string;
}

/**
 * Gmail's forwarding confirmation, first on the inbox page: the host opens Gmail's confirm link
 * (or types the code in Gmail), then hides it. Until then Gmail forwards nothing.
 */
export function ForwardingConfirmationBanner({
  confirmation,
  receivedAt,
}: {
  confirmation: ShownConfirmation;
  receivedAt: string;
}) {
  const headingId = `confirm-${confirmation.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Confirm Gmail forwarding
      </h2>
      <p className="text-slate-800">
        Gmail asks you to confirm that{" "}
        <strong className="[overflow-wrap:anywhere]">
          {confirmation.forwardingFrom ?? "your Gmail address"}
        </strong>{" "}
        may forward its mail here ({receivedAt}). Gmail forwards nothing until you do.
      </p>
      {confirmation.code ? (
        <div>
          <p className="text-sm text-slate-700">Confirmation code</p>
          <p className="font-mono text-3xl font-bold tracking-widest text-slate-900 select-all">
            {confirmation.code}
          </p>
        </div>
      ) : null}
      {confirmation.confirmUrl ? (
        <div className="space-y-3">
          <a
            href={confirmation.confirmUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-primary inline-flex"
          >
            Open Gmail&apos;s confirm link
          </a>
          <CopyField
            id={`confirm-url-${confirmation.id}`}
            label={`Confirm link (on ${new URL(confirmation.confirmUrl).hostname})`}
            value={confirmation.confirmUrl}
            copyLabel="Copy link"
          />
        </div>
      ) : null}
      <Form method="post" action="/dashboard/inbox">
        <input type="hidden" name="intent" value="dismiss-confirmation" />
        <input type="hidden" name="emailId" value={confirmation.id} />
        <button type="submit" className="btn-outline">
          Done: hide this
        </button>
      </Form>
    </section>
  );
}
