import { Form } from "react-router";
import type { Route } from "./+types/dashboard.inbox.setup";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { CopyField } from "~/components/inbox/copy-field";
import {
  GmailSteps,
  OutlookSteps,
  ProviderWebhookSteps,
} from "~/components/inbox/forwarding-steps";
import { marketplace, notificationSender } from "~/config/marketplace";
import { requireSession } from "~/lib/auth/guards.server";
import { featureAllowed } from "~/lib/billing/gates.server";
import { forwardingConfirmations } from "~/lib/inbox/unread-emails.server";
import { inboundSettings } from "~/lib/inbox/inbound.server";
import { forwardingFromSubject } from "~/domain/inbox/forwarding-confirmation";
import { ForwardingConfirmationBanner } from "~/components/inbox/forwarding-confirmation-banner";
import { useFormat } from "~/lib/ui/preferences";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Set up email forwarding", "/dashboard/inbox/setup", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const { address, webhookUrl } = inboundSettings(session.accountId);
  return {
    // Only the owner makes a new address (and only while the plan includes the inbox).
    canRotate: session.role === "primary" && featureAllowed(session.accountId, "inbox"),
    address,
    webhookUrl,
    origin: new URL(env().PUBLIC_URL).origin,
    // Mailgun posts the raw message only to a URL that ends in "mime".
    mailgunUrl: `${webhookUrl}/mime`,
    sender: notificationSender,
    // Gmail's confirmation arrives while the host is setting up: it shows here too.
    confirmations: forwardingConfirmations(session.accountId).map((confirmation) => ({
      id: confirmation.id,
      code: confirmation.code,
      confirmUrl: confirmation.confirmUrl,
      forwardingFrom: forwardingFromSubject(confirmation.subject),
      receivedAt: confirmation.receivedAt.toISOString(),
    })),
    marketplaceName: marketplace.name,
  };
}

/**
 * How a host gets the marketplace's notification emails here: the account's forwarding address
 * (when the built-in mail listener runs), Gmail's filter and its confirmation step, Outlook's
 * rule, and the webhook for an email provider. Every value has a Copy button once JavaScript
 * runs and is plain selectable text without it.
 */
export default function InboxSetup({ loaderData }: Route.ComponentProps) {
  const { address, webhookUrl, mailgunUrl, sender, marketplaceName, confirmations } = loaderData;
  const { dateTime } = useFormat();
  // The steps name the address rather than repeat it: it is above, to copy.
  const to = address ? "your forwarding address" : "your provider's inbound address";
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/inbox", label: "Guest inbox" }}
        title="Set up email forwarding"
        intro={`Forward ${marketplaceName}'s notification emails here and each guest message, booking, change and cancellation reaches your inbox on its own. The address and the webhook URL hold this account's secret: share them with no one.`}
      />

      {confirmations.map((confirmation) => (
        <ForwardingConfirmationBanner
          key={confirmation.id}
          confirmation={confirmation}
          receivedAt={dateTime(confirmation.receivedAt)}
        />
      ))}
      <CardSection id="address" title="1. Your forwarding address">
        {address ? (
          <div className="space-y-3">
            <CopyField
              id="forwarding-address"
              label="Forwarding address"
              value={address}
              copyLabel="Copy address"
            />
            <p className="text-sm text-slate-700">
              Forward {marketplaceName}&apos;s emails to this address from Gmail or Outlook (below).
            </p>
          </div>
        ) : (
          <div className="space-y-2 text-slate-800" id="no-address">
            <p>
              <strong>This server has no forwarding address yet:</strong> its built-in mail listener
              is off. Whoever runs FleetAssist turns it on by setting{" "}
              <code className="rounded bg-slate-100 px-1">INBOUND_SMTP_PORT</code>, opening port 25
              to it, and pointing the domain&apos;s MX record at this server (the README says how).
              Each account then gets its own address here.
            </p>
            <p>
              Until then, use an email provider&apos;s inbound webhook (step 4): the provider gives
              you an address, you forward to it, and it posts each email to your webhook URL.
            </p>
          </div>
        )}
      </CardSection>
      <GmailSteps to={to} sender={sender} marketplaceName={marketplaceName} />

      <OutlookSteps to={to} sender={sender} marketplaceName={marketplaceName} />

      <ProviderWebhookSteps
        webhookUrl={webhookUrl}
        mailgunUrl={mailgunUrl}
        marketplaceName={marketplaceName}
      />
      {loaderData.canRotate ? (
        <CardSection
          id="new-address"
          title="Shared your address by mistake?"
          description="Make a new one: the old forwarding address and webhook URL stop working at once, so update your forwarding and your provider's route right after."
        >
          <Form method="post" action="/dashboard/inbox/new-address">
            <button type="submit" className="btn-outline">
              Make a new address
            </button>
          </Form>
        </CardSection>
      ) : null}
    </div>
  );
}
