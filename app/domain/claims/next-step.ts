/**
 * What a claim's page leads with: the one thing to do now, and each deadline read against what
 * was done (met in time, missed, still open). A deadline that passed before its step was done is
 * a problem to show, not history to grey out.
 */
import { marketplace } from "~/config/marketplace";
import type { ClaimKind, ClaimStatus } from "./claim";
import type { ClaimDeadlineId } from "~/domain/marketplace-rules";

/** "unchecked": the photo window passed and no photos here can say whether it was met. */
export type DeadlineOutcome = "open" | "met" | "missed" | "not-needed" | "unchecked";

export interface DeadlineFacts {
  key: ClaimDeadlineId;
  dueAtMs: number;
  status: "open" | "passed";
}

export interface ClaimProgress {
  kind: ClaimKind;
  status: ClaimStatus;
  claimedCents: number | null;
  /** When the claim was first marked filed, and escalated. */
  filedAt: number | null;
  escalatedAt: number | null;
  /** Whether a post-trip photo of the claimed damage is inside its window; null without photos. */
  postTripPhotosInWindow: boolean | null;
}

const FINISHED: readonly ClaimStatus[] = ["paid", "closed", "withdrawn", "denied"];
const DECIDED: readonly ClaimStatus[] = [...FINISHED, "approved", "partially-approved"];

/** Whether the step a deadline asks for was done in time, is still open, or was missed. */
export function deadlineOutcome(deadline: DeadlineFacts, claim: ClaimProgress): DeadlineOutcome {
  const doneBy = (at: number | null) => at !== null && at <= deadline.dueAtMs;
  let met: boolean;
  if (deadline.key === "escalate") {
    if (doneBy(claim.escalatedAt)) return "met";
    // Nobody escalates a claim that was settled or ended.
    if (DECIDED.includes(claim.status)) return "not-needed";
    met = false;
  } else if (deadline.key === "post-trip-photos") {
    // Filing says nothing about photos: only the estimate's photos do.
    if (claim.postTripPhotosInWindow === null) {
      return deadline.status === "open" ? "open" : "unchecked";
    }
    met = claim.postTripPhotosInWindow;
  } else {
    // Reporting, the estimate and the reimbursement windows are all met by filing in time.
    met = doneBy(claim.filedAt);
  }
  if (met) return "met";
  if (deadline.status === "open") return "open";
  return claim.status === "withdrawn" ? "not-needed" : "missed";
}

export interface NextStep {
  tone: "urgent" | "todo" | "wait" | "done";
  title: string;
  text: string;
  /** Where the step is done on the page (or the estimate tool); null when nothing is to do. */
  action: "update" | "estimate" | "drafts" | "packet" | "evidence" | null;
}

export interface NextStepDeadline extends DeadlineFacts {
  /** "Nov 20, 2026, 6:00 PM MST" and "5 hours left" / "passed 2 days ago". */
  dueText: string;
  left: string;
}

/** The one thing to do now on a claim. */
export function nextStep(
  claim: ClaimProgress,
  deadlines: readonly NextStepDeadline[],
  evidenceProblems: number,
): NextStep {
  return filedClaimStep(claim, deadlines) ?? draftClaimStep(claim, deadlines, evidenceProblems);
}

const findDeadline = (deadlines: readonly NextStepDeadline[], key: ClaimDeadlineId) =>
  deadlines.find((deadline) => deadline.key === key);

/** The step once the claim is past its draft (null while it is a draft). */
function filedClaimStep(
  claim: ClaimProgress,
  deadlines: readonly NextStepDeadline[],
): NextStep | null {
  const name = marketplace.name;
  switch (claim.status) {
    case "closed":
      return {
        tone: "done",
        title: "Nothing left to do",
        text: "This claim is closed.",
        action: null,
      };
    case "withdrawn":
      return {
        tone: "done",
        title: "Nothing left to do",
        text: "This claim was withdrawn.",
        action: null,
      };
    case "paid":
      return {
        tone: "done",
        title: "Close the claim",
        text: "The money is in. Close the claim once nothing else is owed on it.",
        action: "update",
      };
    case "denied":
      return {
        tone: "todo",
        title: "Escalate or close the claim",
        text: `${name} denied it. If you have evidence it didn't weigh, escalate; otherwise close the claim.`,
        action: "update",
      };
    case "approved":
    case "partially-approved":
      return {
        tone: "wait",
        title: "Record the payment when it arrives",
        text:
          claim.status === "approved"
            ? "Mark the claim paid with the amount that reached your account."
            : "Mark it paid when the approved part arrives, or escalate the rest.",
        action: "update",
      };
    case "escalated":
      return {
        tone: "wait",
        title: `Wait for ${name}'s decision`,
        text: `If ${name} emails its concerns, answer them with the “reply to concerns” draft, with the packet link.`,
        action: "drafts",
      };
    case "disputed": {
      const escalate = findDeadline(deadlines, "escalate");
      return {
        tone: escalate?.status === "open" ? "urgent" : "todo",
        title: "Answer the dispute",
        text:
          escalate?.status === "open"
            ? `Send the guest the evidence packet, or hand the claim to ${name} by ${escalate.dueText} (${escalate.left}).`
            : `Send the guest the evidence packet in ${name}'s messages, or escalate the claim to ${name}.`,
        action: "packet",
      };
    }
    case "filed":
    case "guest-responded":
      return {
        tone: "wait",
        title:
          claim.status === "filed" ? "Wait for the guest's answer" : "Record what happens next",
        text: `The guest pays or disputes through ${name}. Record the answer here when it comes.`,
        action: "update",
      };
    case "draft":
      return null;
  }
}

/** The step of a draft claim: report the damage, enter the amount, or file it. */
function draftClaimStep(
  claim: ClaimProgress,
  deadlines: readonly NextStepDeadline[],
  evidenceProblems: number,
): NextStep {
  const firstOpen = deadlines.find(
    (deadline) => deadline.status === "open" && deadline.key !== "escalate",
  );
  const name = marketplace.name;
  const report = claim.kind === "damage" ? findDeadline(deadlines, "report-damage") : undefined;
  const evidence =
    evidenceProblems > 0
      ? ` The evidence check found ${evidenceProblems === 1 ? "a problem" : `${evidenceProblems} problems`}: fix what you can first.`
      : "";
  const fileBy = firstOpen
    ? ` File it in ${name} by ${firstOpen.dueText} (${firstOpen.left}).`
    : "";
  if (claim.claimedCents === null) {
    if (report?.status === "open") {
      return {
        tone: "urgent",
        title: `Report the damage in ${name} by ${report.dueText}`,
        text: `${capitalize(report.left)}. Report every damaged area at once; the amount can follow. Then enter the amount here and mark the claim filed.`,
        action: "estimate",
      };
    }
    return {
      tone: firstOpen ? "urgent" : "todo",
      title: "Enter the amount claimed",
      text:
        claim.kind === "damage"
          ? `Make an estimate from your photos, or enter a shop's quote or the invoice. Filing needs the amount.${fileBy}`
          : `Enter what the guest owes, with the receipt at hand. Filing needs the amount.${fileBy}`,
      action: claim.kind === "damage" ? "estimate" : "update",
    };
  }
  if (report?.status === "passed") {
    // The managed route is a long shot after the report window (the route advice says why).
    return {
      tone: "todo",
      title: "Ask the guest to pay directly",
      text: `${name}'s report window closed ${report.left.replace(/^passed /, "")}. Send the guest the amount with the estimate in ${name}'s messages (the “message to the guest” draft); file with ${name} only if the guest told you about the damage after the trip ended.${evidence}`,
      action: "drafts",
    };
  }
  const due = report?.status === "open" ? report : firstOpen;
  return {
    tone: due ? "urgent" : "todo",
    title: due ? `File the claim in ${name} by ${due.dueText}` : "File the claim",
    text: `${due ? `${capitalize(due.left)}. ` : ""}Submit it in ${name}, then mark it filed here.${evidence}`,
    action: evidenceProblems > 0 ? "evidence" : "update",
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
