/** The Privacy Policy's text, rendered by its route with `LegalPage`. */
import { Link } from "react-router";
import type { LegalSection } from "~/components/legal-page";
import { marketplace } from "~/config/marketplace";

/** As written on the page. */
export const lastUpdated = "November 21, 2026";

/** The paragraph above the contents. */
export const summary = (
  <>
    This policy explains what personal information FleetAssist collects, why we collect it, who we
    share it with, how long we keep it and the rights you have. The short version: we collect what
    we need to run the Service, we keep photo evidence intact for your claims, and we do not sell
    your data.
  </>
);

const privacyEmail = <a href="mailto:privacy@fleetassist.app">privacy@fleetassist.app</a>;

export const sections: LegalSection[] = [
  {
    id: "scope",
    title: "Who we are and what this covers",
    body: (
      <>
        <p>
          FleetAssist ("we", "us") makes software for hosts and fleet owners on peer-to-peer
          car-rental marketplaces. This policy covers our website, web app, free tools, demo-booking
          form and Concierge service. For information about our customers, their team members and
          visitors to our website, we decide how it is used: we are the "controller" (or
          "business").
        </p>
        <p>
          Hosts also use FleetAssist to handle information about other people, mainly their guests.
          For that information the host is the controller, and we process it on the host's behalf as
          a "processor" (or "service provider"). See <a href="#guests">If you are a guest</a>.
        </p>
        <h3>Self-hosted copies</h3>
        <p>
          FleetAssist can be run as a single container on someone else's server. The operator of
          that copy is the controller of the data in it, and this policy does not describe their
          practices. A self-hosted copy sends nothing to us. Analytics, error logging, AI analysis,
          email and payments stay off unless that operator connects them to accounts of their own.
        </p>
      </>
    ),
  },
  {
    id: "collect",
    title: "Information we collect",
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> username, email address, first and last name, and your
            password, which we store only as a salted hash. For teams we also keep who was invited,
            their role (owner, team member or VA) and which accounts they can open.
          </li>
          <li>
            <strong>Fleet and vehicle data:</strong> VIN, license plate, make, model, year and the
            notes and repair status you record.
          </li>
          <li>
            <strong>Photos and their metadata:</strong> the vehicle photos you upload, with the
            capture time and GPS location stored in the original file (EXIF data).
          </li>
          <li>
            <strong>Estimates, reports and claims:</strong> damage items, repair estimates, PDF
            reports, share links, claim amounts, statuses, deadlines and notes.
          </li>
          <li>
            <strong>Guest information:</strong> guest names, trip details and messages that you, our
            AI or a VA handle in the inbox on your behalf.
          </li>
          <li>
            <strong>Demo requests:</strong> email, first and last name, phone number, your{" "}
            {marketplace.name} profile link or fleet website, and the number of vehicles you run.
          </li>
          <li>
            <strong>Billing details:</strong> payments are handled by Stripe. We receive a customer
            reference, your plan, payment status, card brand and last four digits, never the full
            card number.
          </li>
          <li>
            <strong>Support messages</strong> you send us.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Server logs:</strong> IP address, browser type, the page requested, the time and
            any error. We use these for security, rate limiting and fixing faults.
          </li>
          <li>
            <strong>First-party usage events</strong>, stored in our own database: actions such as
            registering, subscribing, adding a vehicle, starting or completing an analysis, viewing,
            downloading or printing a report, and clicking or submitting the demo form, each with
            the page, a timestamp and the ID of the item involved.
          </li>
          <li>
            <strong>Campaign attribution:</strong> if you arrive through a link with campaign tags
            (utm_source, utm_medium, utm_campaign, utm_content, utm_term), we record those tags, the
            landing page and the time. When you register, they are saved with your account so we can
            see which campaigns bring us customers.
          </li>
          <li>
            <strong>Optional analytics and error reports</strong>, described under{" "}
            <a href="#cookies">Cookies</a>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "use",
    title: "How we use information",
    body: (
      <>
        <ul>
          <li>
            To provide the Service: sign you in, analyze photos, produce estimates and PDFs, track
            claims, draft guest replies, and let your team and VA work in your account.
          </li>
          <li>
            To contact you: email verification, password resets, claim-deadline reminders, receipts
            and service notices. Marketing emails always include an unsubscribe link, and we send
            them only with your consent where the law requires it.
          </li>
          <li>To prepare for and follow up on a demo you booked.</li>
          <li>
            To keep the Service secure, limit abuse and detect fraud, including fraudulent claims.
          </li>
          <li>
            To understand how the product is used and which campaigns work, so we can improve both.
          </li>
          <li>To meet legal, tax and accounting obligations.</li>
        </ul>
        <p>
          We do not sell personal information or share it for cross-context behavioral advertising.
          We do not use your photos to train or fine-tune AI models unless you opt in. No decision
          with a legal or similarly significant effect on you is made by automated means alone: you
          review every AI finding before an estimate is final.
        </p>
      </>
    ),
  },
  {
    id: "ai",
    title: "AI analysis of your photos",
    body: (
      <>
        <p>
          When you ask for an AI estimate, we send your photos and the vehicle details needed for
          the analysis, over an encrypted connection, to an AI vision provider. The provider returns
          a description of visible damage, and we turn it into estimate lines for you to review.
          Images we send have their location metadata removed.
        </p>
        <p>
          The provider acts as our processor. We choose providers whose terms for business use do
          not allow them to train their models on the content we send, and who keep it only for a
          limited period, for example to monitor abuse.
        </p>
        <p>
          You see, and can correct, every item the AI finds. Where your plan includes a review by
          our team, a FleetAssist staff member may also look at the photos and results. If AI
          analysis is unavailable, you can mark damage on the vehicle diagram yourself, and no photo
          leaves our servers.
        </p>
      </>
    ),
  },
  {
    id: "photos",
    title: "Photos, location and evidence",
    body: (
      <>
        <p>
          Claims often turn on when and where a photo was taken, so we keep each photo's original
          capture time and GPS location in our database as evidence. You and the people in your
          account can see them.
        </p>
        <p>
          Images that other people see, through a share link or a report you send, have that
          metadata stripped. The capture time and location are shown to others only if you choose to
          share them.
        </p>
        <p>
          GPS location is precise geolocation, which some laws treat as sensitive. We use it only
          for the evidence features you ask for, never to track or profile anyone. Photos sometimes
          capture bystanders or other vehicles' plates by accident; where you can, crop or retake
          them.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share information with",
    body: (
      <>
        <ul>
          <li>
            <strong>People in your account:</strong> team members and VAs you invite see your
            account's data according to their role.
          </li>
          <li>
            <strong>People you choose to share with:</strong> anyone with a share link can view that
            report until you revoke it. Once you send a report to {marketplace.name}, a guest or an
            insurer, their own privacy policies apply.
          </li>
          <li>
            <strong>Service providers</strong> who work for us under contract, and only as needed:
            hosting; the AI vision provider; our email delivery provider; Stripe for payments;
            PostHog for product analytics; Sentry for error logging; and the external scheduling
            service for demo calls. When you book a demo, we send you to the scheduling page with
            your name, email, phone, profile link and vehicle count filled in.
          </li>
          <li>
            <strong>Embedded content:</strong> our promo video is embedded from a video platform,
            which may collect data under its own privacy policy when the video loads or plays.
          </li>
          <li>
            <strong>Legal and safety reasons:</strong> to comply with the law or a valid legal
            request, to protect people's rights and safety, and to investigate fraud.
          </li>
          <li>
            <strong>Business transfers:</strong> if FleetAssist is merged, acquired or sells its
            assets, under this policy's protections.
          </li>
          <li>
            <strong>Anyone else</strong> only with your permission.
          </li>
        </ul>
        <p>
          FleetAssist is not affiliated with {marketplace.name}. We do not send your data to{" "}
          {marketplace.name} unless you, your team or your VA do so while using the Service.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and similar technologies",
    body: (
      <>
        <p>We keep cookies to a minimum:</p>
        <ul>
          <li>
            <strong>Session cookie</strong> (necessary): holds only a random session ID; everything
            else about your session stays on our server. It cannot be read by scripts and ends when
            you sign out or after a period of inactivity.
          </li>
          <li>
            <strong>Flash-message cookie</strong> (necessary): carries a one-off notice, such as
            "Logged out", across a page redirect. It expires after 60 seconds.
          </li>
          <li>
            <strong>Campaign attribution cookies:</strong> set only when you arrive through a tagged
            link. One holds this visit's campaign tags and is deleted when you close your browser.
            The other remembers the first campaign that brought you to us and lasts one year.
          </li>
          <li>
            <strong>PostHog product analytics</strong> (only if enabled): a cookie and browser
            storage holding a random ID, so visits from the same browser can be linked, plus
            recordings of page sessions. Everything typed into form fields, including passwords and
            email addresses, is masked in recordings.
          </li>
          <li>
            <strong>Sentry error logging</strong> (only if enabled): error reports, and for some
            sessions a replay of the moments before an error, also with form inputs masked.
          </li>
        </ul>
        <p>
          You can block or delete cookies in your browser settings; without the session cookie you
          cannot sign in. Where the law requires consent for non-essential cookies, we ask for it
          first.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep information",
    body: (
      <>
        <ul>
          <li>
            <strong>Account, fleet, photos, reports, claims and guest messages:</strong> while your
            account is open. You can delete vehicles, photos and reports at any time.
          </li>
          <li>
            <strong>After you close your account:</strong> deleted within 30 days, and gone from
            backups within a further 90 days as they rotate.
          </li>
          <li>
            <strong>Share links:</strong> until you revoke them or delete the report.
          </li>
          <li>
            <strong>Demo requests:</strong> up to 24 months after our last contact, unless you
            become a customer.
          </li>
          <li>
            <strong>Usage events and campaign attribution:</strong> up to 24 months, then deleted or
            aggregated so they no longer identify you.
          </li>
          <li>
            <strong>Server logs:</strong> up to 30 days.
          </li>
          <li>
            <strong>Billing records:</strong> as long as tax and accounting law requires, usually up
            to seven years.
          </li>
        </ul>
        <p>We may keep information longer when we must by law or to resolve a dispute.</p>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect information",
    body: (
      <>
        <ul>
          <li>All traffic is encrypted in transit with HTTPS (TLS).</li>
          <li>
            Passwords are stored only as salted hashes made with a slow, modern algorithm, so nobody
            at FleetAssist can see your password.
          </li>
          <li>
            Sessions live on our server and can be ended at any time; signing out, changing your
            password or being removed from a team ends the affected sessions.
          </li>
          <li>
            Every request is checked against your role in the account you are viewing, so one
            account cannot open another's vehicles, photos or PDFs.
          </li>
          <li>
            Uploaded images are checked and re-encoded before storage; password-reset links are
            single use and expire within an hour; sign-in and forms are rate-limited.
          </li>
        </ul>
        <p>
          No system is perfectly secure. If a breach affects your personal information, we will tell
          you and the authorities as the law requires. To report a vulnerability, email{" "}
          {privacyEmail}.
        </p>
      </>
    ),
  },
  {
    id: "rights",
    title: "Your rights and choices",
    body: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of your personal information;</li>
          <li>export your data in a portable, machine-readable format;</li>
          <li>correct it (most of it you can edit yourself in Account Settings);</li>
          <li>delete it, including by closing your account;</li>
          <li>stop sending you marketing emails.</li>
        </ul>
        <p>
          Email {privacyEmail} from the address on your account. We may need to verify your
          identity, and we reply within 30 days (or sooner where the law requires). You can also use
          an authorized agent, who must show us your permission. We will not treat you differently
          for using your rights. Removing a team member's login does not delete the owner's data
          they worked on.
        </p>
        <h3>California residents (CCPA/CPRA)</h3>
        <p>
          In the past 12 months we collected: identifiers (name, email, phone, username, IP
          address); customer records; commercial information (plan and purchases); internet activity
          (usage events, attribution); precise geolocation (photo GPS data); visual information
          (photos); and professional information (fleet size, marketplace profile). Sources,
          purposes and recipients are described above.
        </p>
        <p>
          You have the right to know, delete and correct, and to limit the use of sensitive personal
          information. We use sensitive information (account logins and photo location) only to
          provide the Service, which the law permits. We have not sold or shared personal
          information, including that of anyone under 16, in the past 12 months.
        </p>
        <h3>EEA, UK and Switzerland (GDPR)</h3>
        <p>
          We rely on these legal bases: performing our contract with you; legitimate interests
          (security, fraud prevention, improving the product, understanding our campaigns and
          following up on demo requests); consent, for marketing emails and non-essential cookies
          where required; and legal obligations. You can also restrict or object to processing,
          including any based on legitimate interests or for direct marketing, withdraw consent at
          any time, and complain to your local data protection authority.
        </p>
        <p>
          We are based in the United States, so your information is processed there. For transfers
          we rely on the European Commission's Standard Contractual Clauses, the UK addendum, or the
          EU-US Data Privacy Framework where a recipient is certified.
        </p>
      </>
    ),
  },
  {
    id: "guests",
    title: "If you are a guest",
    body: (
      <p>
        If you rent, or have rented, a car from a host who uses FleetAssist, the host is responsible
        for your information. We handle your name, trip details, messages and any photos of the
        vehicle only on the host's instructions, so the host can answer you and manage damage. The
        host's team and VA may read your messages. We never use your information to market to you.
        For questions or requests, contact the host first; if you write to us, we will pass your
        request to them and help them respond.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        FleetAssist is for adults running a rental business and is not meant for anyone under 18. We
        do not knowingly collect information from children. If you think a child has given us
        information, email {privacyEmail} and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy, we update the date at the top. If a change is material, we will
        tell you by email or in the app before it takes effect. Our{" "}
        <Link to="/terms">Terms of Service</Link> explain how changes to the Service itself are
        handled.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Privacy questions and requests: {privacyEmail}. Legal notices:{" "}
        <a href="mailto:legal@fleetassist.app">legal@fleetassist.app</a>.
      </p>
    ),
  },
];
