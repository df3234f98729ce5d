import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { featureAllowed, requireFeature } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import type { Route } from "./+types/dashboard.claim.$claimId";
import { ClaimAmounts } from "~/components/claims/claim-amounts";
import { ClaimChangeForm } from "~/components/claims/claim-change-form";
import { ClaimDeadlines } from "~/components/claims/claim-deadlines";
import { ClaimHistory } from "~/components/claims/claim-history";
import { NextStepBox } from "~/components/claims/next-step";
import { PacketShare } from "~/components/claims/packet-share";
import { EvidenceCheck } from "~/components/claims/evidence-check";
import { RouteAdvisor } from "~/components/claims/route-advisor";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { formatDateTime } from "~/domain/dates";
import {
  createPacketLink,
  listPacketLinks,
  revokePacketLink,
} from "~/lib/claims/packet-links.server";
import { DEFAULT_SHARE_LINK_DAYS } from "~/lib/estimates/share-options";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession, type SessionPost } from "~/lib/auth/guards.server";
import { claimChangeFormSchema } from "~/lib/claims/claim-input";
import { claimPage } from "~/lib/claims/claim-pages.server";
import { changeClaim, getClaim } from "~/lib/claims/claims.server";
import { claimRecord, writeDraft } from "~/lib/claims/claim-agent.server";
import { isDraftKind } from "~/domain/claims/claim-drafts";
import { OPEN_CLAIM_STATUSES } from "~/domain/claims/claim";
import { textDrafterFromEnv } from "~/lib/ai/text.server";
import { getTrip } from "~/lib/trips/trips.server";
import { ClaimDrafts } from "~/components/claims/claim-drafts";
import { parseSubmission } from "~/lib/http/form";
import { formReply, inputErrorReply, readForm } from "~/lib/http/form.server";
import { catchInputError } from "~/lib/http/input-error";
import {
  intentSchema,
  postedFields,
  postedText,
  type IntentHandlers,
  type IntentOf,
} from "~/lib/http/intent";
import { notFound } from "~/lib/http/not-found";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    data ? `${data.claim.kind} claim, trip ${data.claim.trip.reservationId}` : "Claim",
    "/dashboard/claims",
    data,
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const claim =
    claimPage(session.accountId, params.claimId, Date.now()) ??
    notFound("No claim with that id here.");
  return {
    readOnly: !featureAllowed(session.accountId, "claims"),
    origin: new URL(env().PUBLIC_URL).origin,
    claim,
    packetLinks: listPacketLinks(session.accountId, claim.id),
  };
}

/** The page's forms: a draft, a packet link (made or revoked), or the change form (no intent). */
const claimPostSchema = intentSchema(["draft", "share-packet", "revoke-packet-link", "change"], {
  fallback: "change",
});

/** One posted form of the claim page, for its intent's handler. */
interface ClaimPost extends SessionPost {
  claimId: string;
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "claims");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  // Another account's claim is not found, whatever the form asks.
  if (!getClaim(session.accountId, params.claimId)) notFound("No claim with that id here.");
  const { intent } = postedFields(form, claimPostSchema);
  return claimIntents[intent]({ session, claimId: params.claimId, form });
}

const linkIdSchema = z.object({ linkId: postedText });

function revokePacket({ session, claimId, form }: ClaimPost) {
  const { linkId } = postedFields(form, linkIdSchema);
  if (!revokePacketLink(session.accountId, claimId, Number(linkId))) {
    return data(
      { intent: "share-packet" as const, packetError: "That link is no longer active." },
      { status: 409 },
    );
  }
  return redirectWithToast(`/dashboard/claim/${claimId}#claim-packet`, {
    title: "Link revoked",
    description: "Anyone opening it now gets “not found”.",
  });
}

async function changePosted({ session, claimId, form }: ClaimPost) {
  const submission = parseSubmission(form, claimChangeFormSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400 });
  const { claimed, approved, paid, ...change } = submission.value;
  const actor = { accountId: session.accountId, userId: session.user.id, role: session.role };
  return catchInputError(
    () => {
      const saved = changeClaim(actor, claimId, {
        ...change,
        claimedCents: claimed,
        approvedCents: approved,
        paidCents: paid,
      });
      if (!saved) notFound("No claim with that id here.");
      recordEvent(
        "feature_usage",
        { feature: "claims", action: change.status ?? "note" },
        session.user.id,
      );
      return redirectWithToast(`/dashboard/claim/${claimId}`, {
        title: change.status ? "Claim updated" : claimed !== null ? "Amount saved" : "Note added",
      });
    },
    (error) => inputErrorReply(submission, error, { fieldNames: FORM_AMOUNT_FIELDS }),
  );
}

/** The form's names of lib's amount fields. */
const FORM_AMOUNT_FIELDS = {
  claimedCents: "claimed",
  approvedCents: "approved",
  paidCents: "paid",
};

const shareSchema = z.object({ days: z.string().optional().catch(undefined) });

function sharePacket({ session, claimId, form }: ClaimPost) {
  const { days } = postedFields(form, shareSchema);
  return catchInputError(
    () => {
      const token = createPacketLink(
        session.accountId,
        session.user.id,
        claimId,
        Number(days ?? DEFAULT_SHARE_LINK_DAYS),
      );
      recordEvent("feature_usage", { feature: "claims", action: "packet-link" }, session.user.id);
      return {
        intent: "share-packet" as const,
        packetUrl: new URL(`/share/packet/${token}`, env().PUBLIC_URL).toString(),
      };
    },
    (error) => {
      if (error.status === 404) notFound("No claim with that id here.");
      return data({ intent: "share-packet" as const, packetError: error.message }, { status: 400 });
    },
  );
}

const draftSchema = z.object({ kind: postedText, concerns: postedText });

async function draftReply({ session, claimId, form }: ClaimPost) {
  const posted = postedFields(form, draftSchema);
  const kind = posted.kind;
  const concerns = posted.concerns.slice(0, 4_000);
  const claim = getClaim(session.accountId, claimId);
  const trip = claim ? getTrip(session.accountId, claim.tripId) : undefined;
  if (!claim || !trip) notFound("No claim with that id here.");
  if (!isDraftKind(kind)) {
    return formReply(null, { status: 400, formError: "Choose which draft to write." });
  }
  const draft = await writeDraft(
    claimRecord(session.accountId, claim, trip),
    kind,
    concerns,
    textDrafterFromEnv(),
  );
  recordEvent("feature_usage", { feature: "claims", action: `draft-${kind}` }, session.user.id);
  return { intent: "draft" as const, draft, concerns };
}

const claimIntents = {
  draft: draftReply,
  "share-packet": sharePacket,
  "revoke-packet-link": revokePacket,
  change: changePosted,
} satisfies IntentHandlers<IntentOf<typeof claimPostSchema>, ClaimPost>;

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData;
  const { trip } = claim;
  const navigation = useNavigation();
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/claims", label: "Claims" }}
        title={`${claim.kind} claim · ${claim.statusLabel}`}
        actions={
          <a href={`/dashboard/claim/${claim.id}/packet.pdf`} className="btn-outline" download>
            Evidence packet (PDF)
          </a>
        }
        intro={
          <>
            <Link
              to={`/dashboard/trip/${trip.id}`}
              className="font-medium text-brand-700 underline"
            >
              Trip {trip.reservationId}
            </Link>
            {trip.vehicleLabel ? ` · ${trip.vehicleLabel}` : ""}
            {trip.guestName ? ` · ${trip.guestName}` : ""}
            <br />
            Ended {formatDateTime(trip.endAt, trip.timeZone)}
          </>
        }
      />
      {loaderData.readOnly ? <ReadOnlyNotice feature="claims" /> : null}
      <NextStepBox
        step={claim.nextStep}
        estimateHref={`/app?${new URLSearchParams({
          ...(trip.vehicleId ? { vehicleId: trip.vehicleId } : {}),
          tripId: trip.id,
        })}`}
      />
      <ClaimAmounts
        claimedCents={claim.claimedCents}
        approvedCents={claim.approvedCents}
        paidCents={claim.paidCents}
      />
      {claim.reportId ? (
        <p className="text-sm text-slate-700">
          From{" "}
          <Link to={`/analysis/${claim.reportId}`} className="font-medium text-brand-700 underline">
            the estimate, revision {claim.reportRevision}
          </Link>
          .
        </p>
      ) : null}
      {claim.evidence ? (
        <CardSection id="claim-evidence" title="Evidence check">
          <EvidenceCheck audit={claim.evidence} timeZone={trip.timeZone} />
        </CardSection>
      ) : null}
      {claim.route.status !== "not-applicable" ? (
        <CardSection id="claim-route" title="Which route pays more">
          <RouteAdvisor
            result={claim.route}
            tripId={trip.id}
            vehicleId={trip.vehicleId}
            draft={claim.status === "draft"}
          />
        </CardSection>
      ) : null}
      <CardSection
        id="claim-deadlines"
        title="Deadlines"
        description={`Times are local to the trip (${trip.timeZone.replaceAll("_", " ")}).`}
      >
        {OPEN_CLAIM_STATUSES.includes(claim.status) ? (
          <ClaimDeadlines deadlines={claim.deadlines} timeZone={trip.timeZone} />
        ) : (
          // A finished claim (paid, closed, withdrawn, denied) has nothing left to count down to.
          <p className="text-sm text-slate-700">
            This claim is {claim.statusLabel.toLowerCase()}: its deadlines no longer apply.
          </p>
        )}
      </CardSection>
      {claim.nextStatuses.length > 0 ? (
        <CardSection id="claim-change" title="Update the claim">
          <ClaimChangeForm
            // A new status starts a blank form: the amounts just saved are not offered again.
            key={claim.status}
            draft={claim.status === "draft"}
            claimedDollars={
              claim.claimedCents === null ? "" : (claim.claimedCents / 100).toFixed(2)
            }
            nextStatuses={claim.nextStatuses}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        </CardSection>
      ) : null}
      <CardSection id="claim-drafts" title="Drafts">
        <ClaimDrafts
          draft={actionData && "draft" in actionData ? actionData.draft : undefined}
          concerns={actionData && "concerns" in actionData ? actionData.concerns : undefined}
        />
      </CardSection>
      <CardSection id="claim-packet" title="Share the evidence packet">
        <PacketShare
          links={loaderData.packetLinks}
          newUrl={actionData && "packetUrl" in actionData ? actionData.packetUrl : undefined}
          error={actionData && "packetError" in actionData ? actionData.packetError : undefined}
          title={`Claim evidence: trip ${trip.reservationId}`}
          busy={navigation.state !== "idle"}
        />
      </CardSection>
      <CardSection id="claim-history" title="History">
        <ClaimHistory entries={claim.history} />
      </CardSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that claim", [
  { to: "/dashboard/claims", label: "All claims" },
  { to: "/dashboard", label: "Back to the dashboard" },
]);
