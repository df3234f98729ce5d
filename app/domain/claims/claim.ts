/**
 * A claim: money the host asks for after a trip, followed until it is paid or closed. Damage
 * claims come from an estimate's finalized revision; reimbursements cover the other costs a
 * guest can be invoiced for through the marketplace.
 */
import { valuesOf } from "~/domain/labeled-values";

export const CLAIM_KIND_LABELS = {
  damage: "Damage",
  fuel: "Fuel",
  "ev-charge": "EV charge",
  tolls: "Tolls",
  tickets: "Tickets",
  cleaning: "Cleaning",
  smoking: "Smoking",
  "extra-distance": "Extra distance",
  "late-return": "Late return",
  impound: "Impound",
} as const;
export type ClaimKind = keyof typeof CLAIM_KIND_LABELS;
export const CLAIM_KINDS = valuesOf<ClaimKind>(CLAIM_KIND_LABELS);

export const CLAIM_STATUS_LABELS = {
  draft: "Draft",
  filed: "Filed",
  "guest-responded": "Guest responded",
  disputed: "Disputed",
  escalated: "Escalated",
  approved: "Approved",
  "partially-approved": "Partly approved",
  paid: "Paid",
  closed: "Closed",
  denied: "Denied",
  withdrawn: "Withdrawn",
} as const;
export type ClaimStatus = keyof typeof CLAIM_STATUS_LABELS;
export const CLAIM_STATUSES = valuesOf<ClaimStatus>(CLAIM_STATUS_LABELS);

/** Where a claim can go from each status. Denied and withdrawn claims end; paid ones close. */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  draft: ["filed", "withdrawn"],
  filed: [
    "guest-responded",
    "disputed",
    "escalated",
    "approved",
    "partially-approved",
    "denied",
    "withdrawn",
  ],
  "guest-responded": [
    "disputed",
    "escalated",
    "approved",
    "partially-approved",
    "denied",
    "withdrawn",
  ],
  disputed: ["escalated", "approved", "partially-approved", "denied", "withdrawn"],
  escalated: ["approved", "partially-approved", "denied", "withdrawn"],
  approved: ["paid", "closed"],
  "partially-approved": ["paid", "escalated", "closed"],
  paid: ["closed"],
  closed: [],
  denied: ["escalated", "closed"],
  withdrawn: [],
};

/** Statuses still waiting on someone: they keep their deadlines on the board. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = [
  "draft",
  "filed",
  "guest-responded",
  "disputed",
  "escalated",
  "approved",
  "partially-approved",
];

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_TRANSITIONS[from].includes(to);
}

export interface ClaimAmounts {
  /** Null until the estimate or the host gives it: a claim starts when the damage is known. */
  claimedCents: number | null;
  approvedCents: number | null;
  paidCents: number | null;
}

/** What filing without an amount answers, on the page and from the API. */
export const FILING_NEEDS_AMOUNT =
  "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.";

/**
 * What a status change needs besides the status: filing needs the amount claimed (which can be
 * entered or corrected while the claim is a draft), an approval states the amount approved (a
 * partial one less than claimed, a full one the amount claimed unless said otherwise), a payment
 * the amount paid. Returns the amounts after the change, or the problem.
 */
export function amountsAfter(
  from: ClaimStatus,
  to: ClaimStatus,
  current: ClaimAmounts,
  given: { claimedCents?: number | null; approvedCents?: number | null; paidCents?: number | null },
):
  | { ok: true; amounts: ClaimAmounts }
  | { ok: false; field: "claimedCents" | "approvedCents" | "paidCents"; message: string } {
  const amounts: ClaimAmounts = {
    claimedCents: current.claimedCents,
    approvedCents: current.approvedCents,
    paidCents: current.paidCents,
  };
  if (given.claimedCents !== undefined && given.claimedCents !== null) {
    if (from !== "draft") {
      return {
        ok: false,
        field: "claimedCents",
        message: "The amount claimed is fixed once the claim is filed; add a note instead.",
      };
    }
    amounts.claimedCents = given.claimedCents;
  }
  if (to === "filed" && amounts.claimedCents === null) {
    return { ok: false, field: "claimedCents", message: FILING_NEEDS_AMOUNT };
  }
  const claimed = amounts.claimedCents ?? 0;
  if (to === "approved") amounts.approvedCents = given.approvedCents ?? claimed;
  if (to === "partially-approved") {
    if (given.approvedCents === undefined || given.approvedCents === null) {
      return { ok: false, field: "approvedCents", message: "Enter the amount approved." };
    }
    if (given.approvedCents >= claimed) {
      return {
        ok: false,
        field: "approvedCents",
        message:
          "A partial approval is less than the amount claimed; choose Approved for the full amount.",
      };
    }
    amounts.approvedCents = given.approvedCents;
  }
  if (to === "paid") {
    const paid = given.paidCents ?? amounts.approvedCents;
    if (paid === null || paid === undefined) {
      return { ok: false, field: "paidCents", message: "Enter the amount paid." };
    }
    amounts.paidCents = paid;
  }
  for (const field of ["claimedCents", "approvedCents", "paidCents"] as const) {
    const value = amounts[field];
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > 100_000_000)) {
      return { ok: false, field, message: "Enter an amount from $0 to $1,000,000." };
    }
  }
  return { ok: true, amounts };
}
