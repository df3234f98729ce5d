import { Link } from "react-router";
import { CardSection } from "~/components/card-section";
import { CopyField } from "~/components/inbox/copy-field";

/** The forwarding setup's steps name the address as `to` rather than repeat it. */
interface StepProps {
  to: string;
  sender: string;
  marketplaceName: string;
}

/** Step 2: Gmail's forwarding address, its confirmation and a filter for the marketplace's emails. */
export function GmailSteps({ to, sender, marketplaceName }: StepProps) {
  return (
    <CardSection
      id="gmail"
      title="2. Gmail"
      description="Gmail's forwarding settings are on the website, not in the Gmail app: on a phone, open gmail.com in the browser and choose “Desktop” at the bottom of the page."
    >
      <ol className="list-decimal space-y-4 pl-5 text-slate-800">
        <li>
          <p>
            Open <strong>Settings → See all settings → Forwarding and POP/IMAP</strong>, choose{" "}
            <strong>Add a forwarding address</strong> and enter {to}. Don&apos;t turn on forwarding
            of all mail.
          </p>
        </li>
        <li>
          <p>
            Gmail sends a confirmation email to {to}. It appears at the top of your{" "}
            <Link to="/dashboard/inbox" className="font-medium text-brand-700 underline">
              Guest inbox
            </Link>{" "}
            within a minute, with Gmail&apos;s confirm link (and its code, if Gmail sent one): open
            the link, or type the code in Gmail.
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
            <strong>Create filter</strong>. Only {marketplaceName}&apos;s emails are forwarded; the
            rest of your mail stays yours.
          </p>
        </li>
      </ol>
    </CardSection>
  );
}

/** Step 3: an Outlook rule (no confirmation), and why a work mailbox may refuse it. */
export function OutlookSteps({ to, sender, marketplaceName }: StepProps) {
  return (
    <CardSection
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
    </CardSection>
  );
}

/** Step 4: the webhook URL for Postmark, SendGrid or Mailgun. */
export function ProviderWebhookSteps({
  webhookUrl,
  mailgunUrl,
  marketplaceName,
}: {
  webhookUrl: string;
  mailgunUrl: string;
  marketplaceName: string;
}) {
  return (
    <CardSection
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
            &ldquo;Include raw email content in JSON payload&rdquo; keeps the email exactly as sent.
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
    </CardSection>
  );
}
