import { Form, Link } from "react-router";
import type { Route } from "./+types/dashboard.inbox.setup";
import { FleetPageHeader, FleetSection } from "~/components/fleet";
import { CopyField } from "~/components/inbox/copy-field";
import { marketplace, notificationSender } from "~/config/marketplace";
import { requireSession } from "~/lib/auth/guards.server";
import { featureAllowed } from "~/lib/billing/gates.server";
import { forwardingConfirmations, inboundSettings } from "~/lib/inbox/inbound.server";
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
      <FleetSection id="address" title="1. Your forwarding address">
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
      </FleetSection>

      <FleetSection
        id="gmail"
        title="2. Gmail"
        description="Gmail's forwarding settings are on the website, not in the Gmail app: on a phone, open gmail.com in the browser and choose “Desktop” at the bottom of the page."
      >
        <ol className="list-decimal space-y-4 pl-5 text-slate-800">
          <li>
            <p>
              Open <strong>Settings → See all settings → Forwarding and POP/IMAP</strong>, choose{" "}
              <strong>Add a forwarding address</strong> and enter {to}. Don&apos;t turn on
              forwarding of all mail.
            </p>
          </li>
          <li>
            <p>
              Gmail sends a confirmation email to {to}. It appears at the top of your{" "}
              <Link to="/dashboard/inbox" className="font-medium text-brand-700 underline">
                Guest inbox
              </Link>{" "}
              within a minute, with Gmail&apos;s confirm link (and its code, if Gmail sent one):
              open the link, or type the code in Gmail.
            </p>
          </li>
          <li className="space-y-2">
            <p>
              Make a filter for {marketplaceName}&apos;s emails: in Gmail&apos;s search box, paste
              this and choose <strong>Create filter</strong>:
            </p>
            <CopyField
              id="gmail-filter"
              label="Gmail search for the filter"
              value={`from:(${sender})`}
              copyLabel="Copy search"
            />
            <p>
              Tick <strong>Forward it to</strong>, pick {to}, and choose{" "}
              <strong>Create filter</strong>. Only {marketplaceName}&apos;s emails are forwarded;
              the rest of your mail stays yours.
            </p>
          </li>
        </ol>
      </FleetSection>

      <FleetSection
        id="outlook"
        title="3. Outlook"
        description="Outlook.com forwards with a rule and asks for no confirmation."
      >
        <ol className="list-decimal space-y-4 pl-5 text-slate-800">
          <li>
            <p>
              On outlook.com (in a browser; the app has no rules), open{" "}
              <strong>Settings → Mail → Rules → Add new rule</strong> and name it
              &ldquo;FleetAssist&rdquo;.
            </p>
          </li>
          <li className="space-y-2">
            <p>
              Condition: <strong>From</strong> is {marketplaceName}&apos;s sender:
            </p>
            <CopyField
              id="outlook-sender"
              label={`${marketplaceName}'s sender`}
              value={sender}
              copyLabel="Copy sender"
            />
          </li>
          <li>
            <p>
              Action: <strong>Forward to</strong> {to}. Save.
            </p>
          </li>
        </ol>
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          A work or school mailbox (Microsoft 365) blocks forwarding outside the organization unless
          its administrator allows it; a blocked forward bounces with &ldquo;5.7.520 Access
          denied&rdquo;. Ask your administrator to allow automatic forwarding for your mailbox.
        </p>
      </FleetSection>

      <FleetSection
        id="providers"
        title="4. An email provider's inbound webhook"
        description="Postmark, SendGrid or Mailgun can receive the emails for you and post each one to this URL."
      >
        <div className="space-y-4">
          <CopyField
            id="webhook-url"
            label="Inbound webhook URL"
            value={webhookUrl}
            copyLabel="Copy URL"
          />
          <ul className="list-disc space-y-2 pl-5 text-slate-800">
            <li>
              <strong>Postmark:</strong> set it as the inbound stream&apos;s webhook URL. Turning on
              &ldquo;Include raw email content in JSON payload&rdquo; keeps the email exactly as
              sent.
            </li>
            <li>
              <strong>SendGrid:</strong> add it under Inbound Parse and check &ldquo;POST the raw,
              full MIME message&rdquo;.
            </li>
            <li className="space-y-2">
              <p>
                <strong>Mailgun:</strong> make a route that forwards to this URL, which ends in
                &ldquo;mime&rdquo; so Mailgun posts the whole email:
              </p>
              <CopyField
                id="mailgun-url"
                label="Mailgun route URL"
                value={mailgunUrl}
                copyLabel="Copy Mailgun URL"
              />
            </li>
          </ul>
          <p className="text-sm text-slate-700">
            Then forward {marketplaceName}&apos;s emails to the provider&apos;s inbound address with
            the Gmail filter or the Outlook rule above.
          </p>
        </div>
      </FleetSection>
      {loaderData.canRotate ? (
        <FleetSection
          id="new-address"
          title="Shared your address by mistake?"
          description="Make a new one: the old forwarding address and webhook URL stop working at once, so update your forwarding and your provider's route right after."
        >
          <Form method="post" action="/dashboard/inbox/new-address">
            <button type="submit" className="btn-outline">
              Make a new address
            </button>
          </Form>
        </FleetSection>
      ) : null}
    </div>
  );
}
