/** The Terms of Service's text, rendered by its route with `LegalPage`. */
import { Link } from "react-router";
import type { LegalSection } from "~/components/legal-page";
import { marketplace } from "~/config/marketplace";

/** As written on the page. */
export const lastUpdated = "November 21, 2026";

/** The paragraph above the contents. */
export const summary = (
  <>
    Please read these Terms carefully. In short: FleetAssist helps you document damage, estimate
    repairs, manage claims and answer guests, but you stay in charge of your business. Estimates are
    not repair quotes, you decide what to claim, and we cannot promise how {marketplace.name}, a
    guest or an insurer will respond.
  </>
);

const legalEmail = <a href="mailto:legal@fleetassist.app">legal@fleetassist.app</a>;

export const sections: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreeing to these terms",
    body: (
      <>
        <p>
          These Terms of Service ("Terms") are an agreement between you and FleetAssist
          ("FleetAssist", "we", "us"). They cover the FleetAssist website, web application, free
          tools and Concierge service (together, the "Service"). By creating an account, starting a
          trial, booking a demo or otherwise using the Service, you agree to these Terms.
        </p>
        <p>
          If you use the Service for a company or other business, you confirm that you may bind it
          to these Terms, and "you" means that business. Our{" "}
          <Link to="/privacy">Privacy Policy</Link> explains how we handle personal information and
          forms part of these Terms.
        </p>
        <p>
          FleetAssist can also be run as a self-hosted copy on someone else's server. These Terms
          cover only the Service we operate. If you use a copy run by someone else, that operator
          sets the terms and is responsible for your data. Use of the software code itself is
          governed by the license it is distributed under.
        </p>
      </>
    ),
  },
  {
    id: "service",
    title: "What FleetAssist does",
    body: (
      <>
        <p>
          FleetAssist is a tool for hosts and fleet owners who rent out vehicles on peer-to-peer
          car-rental marketplaces. Depending on your plan, it lets you:
        </p>
        <ul>
          <li>
            turn photos of vehicle damage into an itemized repair estimate, a PDF report and share
            links;
          </li>
          <li>track damage and reimbursement claims, their deadlines and what has been paid;</li>
          <li>
            answer guests with AI-drafted replies, and, with Concierge, have a human virtual
            assistant ("VA") work in your account;
          </li>
          <li>use free calculators, templates and checkers for common hosting questions.</li>
        </ul>
        <p>
          Features will change as we improve the Service. If we materially reduce a feature you pay
          for, we will tell you in advance, and you may cancel for a pro-rated refund of the unused
          time.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>You must be at least 18 and able to form a binding contract to use the Service.</p>
        <p>
          Give us accurate information, verify your email address and keep your password private.
          Each person needs their own login: do not share yours. Invite others to your account
          instead. You are responsible for activity under your account, so tell us promptly at{" "}
          {legalEmail} if you think someone has used it without permission.
        </p>
      </>
    ),
  },
  {
    id: "teams",
    title: "Team members and virtual assistants",
    body: (
      <>
        <p>
          The owner of an account can invite team members and VAs. People you invite can see and
          work with your account's data, including vehicles, photos, estimates, claims and guest
          messages, within the role you give them. You are responsible for who you invite and for
          what they do in your account. You can remove anyone at any time, which signs them out at
          once.
        </p>
        <p>
          If you use Concierge, our VA acts on your behalf and on your instructions. You authorize
          the VA to read guest messages, draft and send replies, and prepare claim paperwork in your
          account. Tell us in writing which actions need your approval first, such as offering
          refunds, agreeing to trip changes or filing a claim, and the VA will follow those
          instructions.
        </p>
        <p>
          If you give anyone, including our VA, access to your {marketplace.name} account, it is
          your responsibility to make sure that is allowed under {marketplace.name}'s terms. Where{" "}
          {marketplace.name} offers its own team or co-host features, use those rather than sharing
          your password.
        </p>
      </>
    ),
  },
  {
    id: "marketplace",
    title: `FleetAssist is independent of ${marketplace.name}`,
    body: (
      <>
        <p>
          FleetAssist is an independent product. It is not affiliated with, endorsed by or sponsored
          by {marketplace.name}, or by any insurer, protection-plan provider or repair shop. We use{" "}
          {marketplace.name}'s name only to describe what the Service works with; the name and
          trademarks belong to their owner.
        </p>
        <p>
          You remain bound by {marketplace.name}'s terms, host policies and claim rules. Where the
          Service summarizes those rules (deadlines, protection plans, fees), the summary is there
          for convenience, may be out of date, and does not replace the current rules published by{" "}
          {marketplace.name}, which always prevail. Decisions made by {marketplace.name}, insurers
          or guests are theirs, not ours.
        </p>
      </>
    ),
  },
  {
    id: "estimates",
    title: "AI damage estimates and reports",
    body: (
      <>
        <p>
          When you upload photos, an AI vision model run by a third-party provider looks for visible
          damage. You review the findings, correct or add items, and our estimate engine prices the
          repair in parts, labor and paint. You can then download a PDF report or create a share
          link.
        </p>
        <h3>An estimate is not a repair quote</h3>
        <p>
          Estimates are estimates. They are not a binding repair quote, a professional appraisal, an
          adjuster's report or a promise of what a repair will cost. Real costs depend on the shop,
          your region, parts availability and damage that photos cannot show. Before committing to a
          repair, or when an exact figure matters, get a written quote from a qualified repair shop.
        </p>
        <p>
          AI can be wrong. It may miss damage, misjudge how severe it is, or flag wear that was
          already there. Check every line before you rely on a report or send it to anyone.
        </p>
        <h3>Genuine photos only</h3>
        <p>
          Upload only real, unedited photos of the vehicle they claim to show. We keep each photo's
          original capture time and location as evidence; do not tamper with them. Anyone holding a
          share link can view that report, so treat links like passwords and revoke them when they
          are no longer needed. Location data is removed from images you share unless you choose to
          include it.
        </p>
      </>
    ),
  },
  {
    id: "claims",
    title: "Claims and outcomes",
    body: (
      <>
        <p>
          You are the claimant. You decide whether to file a claim, what to ask for and whom to ask,
          and you are responsible for the accuracy of everything you send to {marketplace.name}, a
          guest or an insurer, and for meeting every deadline that applies to you.
        </p>
        <p>
          Deadline reminders and claim tracking are aids, not guarantees. A reminder that arrives
          late or not at all, for example because an email was not delivered, does not extend any
          deadline. FleetAssist is not an insurer, adjuster, law firm or collection agency, and
          nothing in the Service is legal or insurance advice.
        </p>
        <p>
          We do not guarantee that any claim will be approved or paid, or how much you will recover.
          Figures such as hours saved or claims handled faster describe typical experience, not
          promises about your results.
        </p>
        <p>
          Never use FleetAssist to make a false or exaggerated claim. Insurance fraud is a crime. We
          close accounts used for it and may cooperate with investigations.
        </p>
      </>
    ),
  },
  {
    id: "inbox",
    title: "Guest inbox assistant and Concierge",
    body: (
      <>
        <p>
          The inbox assistant drafts replies to guests from your listing details, house rules and
          templates. Drafts can be wrong or incomplete. If you let replies go out automatically, you
          accept that guests will receive them without a person checking each one first.
        </p>
        <p>
          Messages sent from your account, whether written by you, the AI or a VA, are sent in your
          name, and you are responsible for them as if you had written them yourself. Keep guest
          conversations inside {marketplace.name}'s messaging, both because its rules usually
          require it and because those messages are your evidence in a dispute.
        </p>
        <p>
          You are responsible for having the right to let us handle your guests' information and for
          giving them any notice the law requires. We process guest information only on your behalf
          to provide the Service, as the <Link to="/privacy">Privacy Policy</Link> describes.
          Concierge includes one hour of onboarding support; your plan describes what else is
          included.
        </p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: (
      <>
        <p>
          You own what you put into FleetAssist: photos, vehicle details, messages, notes and the
          reports you create ("Your Content"). You give us a limited license to store, copy,
          process, transmit and display Your Content only as needed to run, secure and support the
          Service for you. That includes sending photos to our AI provider for analysis and creating
          PDFs and share links.
        </p>
        <p>
          We do not sell Your Content, and we do not use your photos to train or fine-tune AI models
          unless you opt in. We may use statistics that cannot identify you, your vehicles or your
          guests (for example, typical repair costs by damage type) to improve the estimate engine.
        </p>
        <p>
          You confirm that you have the right to upload Your Content. If you send us feedback or
          ideas, we may use them without any obligation to you.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>When using the Service, do not:</p>
        <ul>
          <li>break the law or {marketplace.name}'s rules, or help anyone else do so;</li>
          <li>submit false, altered or misleading photos, estimates or claims;</li>
          <li>
            upload content you have no right to use, or personal data you do not need to run your
            rentals;
          </li>
          <li>harass, threaten or discriminate against guests or anyone else;</li>
          <li>
            access accounts or data you are not authorized to see, or probe or test our security
            without our written permission;
          </li>
          <li>upload malware, overload the Service, or get around usage limits or rate limits;</li>
          <li>
            scrape the Service, resell it, or use it or its estimates to build a competing product,
            or reverse engineer it except where the law allows;
          </li>
          <li>create accounts or submit forms with bots or other automated means.</li>
        </ul>
        <p>
          If you find a security problem, please report it to {legalEmail} and give us a reasonable
          time to fix it before telling anyone else.
        </p>
      </>
    ),
  },
  {
    id: "free",
    title: "Free estimates, free tools and demos",
    body: (
      <>
        <p>
          You can create a free AI estimate without a credit card, and use our free calculators,
          message templates and protection-plan and insurance checkers. They give general
          information, not advice, and free features may have limits or change.
        </p>
        <p>Demo calls are booked on an external scheduling service under its own terms.</p>
      </>
    ),
  },
  {
    id: "billing",
    title: "Plans, trials, billing and cancellation",
    body: (
      <>
        <p>
          Paid plans are billed in advance, monthly or yearly, through our payment processor,
          Stripe. We never see or store your full card number. The price, billing period and plan
          limits are shown before you buy. Prices exclude taxes unless stated otherwise.
        </p>
        <p>
          Subscriptions renew automatically until you cancel. Some plans start with a free trial; we
          show you when it ends. If you gave payment details, your first payment is taken when the
          trial ends unless you cancel before then. Beta or promotional pricing lasts for the period
          stated, after which the regular price applies.
        </p>
        <p>
          You can cancel at any time from the Subscription page. Cancellation takes effect at the
          end of the current billing period, and you keep access until then. We do not refund
          partial periods or unused time, except where the law requires it or we agree otherwise in
          writing.
        </p>
        <p>
          We will email you at least 30 days before a price increase takes effect; it applies from
          your next renewal, and you can cancel before then. If a payment keeps failing after we
          retry and tell you, we may move you to the free plan; your data is kept, but anything over
          its limits may become read-only.
        </p>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Third-party services",
    body: (
      <p>
        The Service relies on other companies, including hosting, AI vision, email delivery,
        payments, analytics and error-logging providers. If one of them has an outage, parts of the
        Service may not work until it recovers. Websites we link to or embed, such as{" "}
        {marketplace.name}, the scheduling page and our promo video, are governed by their own terms
        and privacy policies.
      </p>
    ),
  },
  {
    id: "ip",
    title: "Our intellectual property",
    body: (
      <>
        <p>
          We own the Service, including its software, design, estimate engine, templates and the
          FleetAssist name and logo. While you have an account, we give you a personal,
          non-exclusive, non-transferable right to use the Service for your rental business under
          these Terms.
        </p>
        <p>
          Reports and PDFs you create are yours to use: send them with your claims, keep them for
          your records and share them as you need, including after your account ends. You may copy
          our guest message templates into your own listings and messages.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <>
        <p>
          You can close your account at any time from Account Settings or by emailing {legalEmail}.
          Closing your account cancels any subscription; the current paid period is not refunded
          except where the law requires it. Download any reports you want to keep first.
        </p>
        <p>
          We may suspend or close your account if you break these Terms, do not pay, use the Service
          for fraud, or put other users, guests or us at legal or security risk. Where it is
          reasonable, we will warn you first and give you a chance to fix the problem. We may act
          without warning for fraud, serious security issues or when the law requires it.
        </p>
        <p>
          After an account is closed, we delete its data on the schedule in our{" "}
          <Link to="/privacy">Privacy Policy</Link>. Sections that by their nature should continue,
          such as those on content, disclaimers, liability, indemnity and disputes, survive
          termination.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        The Service is provided "as is" and "as available". To the fullest extent the law allows, we
        disclaim all implied warranties, including merchantability, fitness for a particular purpose
        and non-infringement. We do not promise that the Service will be uninterrupted or
        error-free, that estimates will match actual repair costs, or that any claim will succeed.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          To the fullest extent the law allows, FleetAssist is not liable for indirect, incidental,
          special, consequential or punitive damages, or for lost profits, revenue, rental income,
          data or goodwill. That includes losses from a claim that is denied, reduced or filed late,
          or from a repair that costs more than an estimate.
        </p>
        <p>
          Our total liability for all claims relating to the Service is limited to the greater of
          the amount you paid us in the 12 months before the event giving rise to the claim, or
          US$100.
        </p>
        <p>
          Some places do not allow these limits, so they apply only as far as the law permits.
          Nothing in these Terms limits liability for fraud, gross negligence or willful misconduct,
          or any liability that cannot legally be limited.
        </p>
      </>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnity",
    body: (
      <p>
        You will defend and compensate FleetAssist against third-party claims, and the costs that
        come with them, arising from Your Content, claims you file, messages sent in your name, your
        breach of these Terms or of {marketplace.name}'s rules, or your violation of the law or of
        someone else's rights.
      </p>
    ),
  },
  {
    id: "disputes",
    title: "Governing law and disputes",
    body: (
      <>
        <p>
          These Terms are governed by the laws of the State of Delaware, USA, without regard to its
          conflict-of-laws rules. Any dispute will be heard only in the state or federal courts
          located in Delaware, and both you and we agree to their jurisdiction.
        </p>
        <p>
          Before starting a case, please email {legalEmail} and give us 30 days to try to resolve
          the problem informally. Either side may still go to court at any time to stop misuse of
          its intellectual property or confidential information. If the law where you live gives you
          rights that a contract cannot take away, these Terms do not affect them.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these Terms. If a change is material, we will tell you by email or in the app
        at least 30 days before it takes effect, unless it is needed sooner for legal or security
        reasons. If you keep using the Service after a change takes effect, you accept the new
        Terms; if you do not agree, cancel before then. The date at the top of this page shows the
        latest version.
      </p>
    ),
  },
  {
    id: "general",
    title: "General",
    body: (
      <ul>
        <li>
          These Terms, the Privacy Policy and any order you place with us are the whole agreement
          between us about the Service.
        </li>
        <li>
          You may not transfer these Terms without our consent. We may transfer them as part of a
          merger, acquisition or sale of assets.
        </li>
        <li>
          If a court finds part of these Terms unenforceable, the rest still applies. Not enforcing
          a term straight away does not waive our right to enforce it later.
        </li>
        <li>
          Neither of us is responsible for delays caused by events outside reasonable control.
        </li>
        <li>
          We are independent contractors. Apart from the limited authority you give our VAs to act
          in your account, these Terms create no partnership, employment or agency.
        </li>
        <li>We send notices to the email address on your account.</li>
      </ul>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these Terms: {legalEmail}. Questions about personal data:{" "}
        <a href="mailto:privacy@fleetassist.app">privacy@fleetassist.app</a>.
      </p>
    ),
  },
];
