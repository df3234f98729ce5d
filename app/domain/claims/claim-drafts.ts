/**
 * The claims agent's drafts, written from the claim record only: the description for the
 * marketplace's claim form, the message to the guest, and a point-by-point reply when the
 * marketplace writes that it may deny. A person edits and sends every draft, in the
 * marketplace's own messaging.
 *
 * Whoever writes a draft (the template here, or the AI), `checkDraft` reads it before anyone sees
 * it: a draft is blocked when it states a number, amount, date or id that isn't in the record (an
 * invented fact), admits fault or liability, or takes the conversation or the money off the
 * marketplace.
 */
import { marketplace } from "~/config/marketplace";
import { formatCents } from "~/domain/money";

export const DRAFT_KINDS = ["marketplace-description", "guest-message", "denial-reply"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

export function isDraftKind(value: unknown): value is DraftKind {
  return DRAFT_KINDS.includes(value as DraftKind);
}

export const DRAFT_KIND_LABELS: Readonly<Record<DraftKind, string>> = {
  "marketplace-description": `Claim description for ${marketplace.name}`,
  "guest-message": "Message to the guest",
  "denial-reply": `Reply to ${marketplace.name}'s concerns`,
};

/** Everything a draft may state: the claim's own record. */
export interface ClaimRecord {
  reservationId: string;
  guestName: string | null;
  vehicle: string;
  /** "Nov 20, 2026, 10:00 AM MST" in the trip's zone. */
  tripStart: string;
  tripEnd: string;
  kindLabel: string;
  /** "Moderate dent, rear bumper" for each claimed finding. */
  damage: string[];
  /** Null on a claim started before the amount is known. */
  claimedCents: number | null;
  /** "revision 2 of the estimate", when the claim stands on one. */
  estimate: { revision: number; totalCents: number; lowCents: number; highCents: number } | null;
  photoCount: { preTrip: number; postTrip: number };
  note: string | null;
}

const money = (cents: number) => formatCents(cents);

/** The drafts a template writes from the record (also what the AI is asked to improve on). */
export function templateDraft(kind: DraftKind, record: ClaimRecord, concerns = ""): string {
  const guest = record.guestName ?? "the guest";
  const damage =
    record.damage.length > 0 ? record.damage.join("; ") : record.kindLabel.toLowerCase();
  const estimate = record.estimate
    ? ` The repair estimate (revision ${record.estimate.revision}) is ${money(record.estimate.totalCents)}, with a likely range of ${money(record.estimate.lowCents)} to ${money(record.estimate.highCents)}.`
    : "";
  const photos = `${record.photoCount.preTrip} pre-trip and ${record.photoCount.postTrip} post-trip photos`;
  switch (kind) {
    case "marketplace-description":
      return [
        `Reservation ${record.reservationId}, ${record.vehicle}, trip from ${record.tripStart} to ${record.tripEnd} with ${guest}.`,
        `After the trip I found: ${damage}. It was not there before the trip.`,
        record.claimedCents === null
          ? `The repair estimate and the amount claimed follow.`
          : `I am claiming ${money(record.claimedCents)}.${estimate}`,
        `Attached: ${photos}, with their original capture times, and the itemized estimate.`,
      ].join("\n\n");
    case "guest-message":
      return [
        `Hi ${record.guestName ?? "there"},`,
        `Thank you for renting the ${record.vehicle} (reservation ${record.reservationId}). When the car came back on ${record.tripEnd}, I found: ${damage}, which wasn't there at pickup.`,
        `${record.claimedCents === null ? "I'm getting the repair estimated." : `The repair comes to ${money(record.claimedCents)}.${estimate}`} I'm sending the request through ${marketplace.name} with the photos and the itemized estimate, so you can see exactly what is charged and why.`,
        `If you have questions, please reply here in ${marketplace.name} messages.`,
      ].join("\n\n");
    case "denial-reply": {
      const points = concerns
        .split(/\n+/)
        .map((line) => line.trim())
        .filter(Boolean);
      return [
        `Thank you for reviewing reservation ${record.reservationId}. Here is what the record shows for each point:`,
        ...(points.length > 0
          ? points.map(
              (point, index) =>
                `${index + 1}. "${point}": [answer from the record: photos, times, estimate lines]`,
            )
          : ["1. [the marketplace's concern]: [answer from the record]"]),
        `Damage claimed: ${damage}. Evidence: ${photos} with original capture times and SHA-256 fingerprints, and the itemized estimate${record.estimate ? ` (revision ${record.estimate.revision})` : ""}.`,
      ].join("\n\n");
    }
  }
}

// ─── The guard ──────────────────────────────────────────────────────────────────────────────────

const ADMISSIONS = [
  /\b(it was|it's|this is|that was) (my|our) fault\b/i,
  /\b(i|we) (admit|accept|take) (full )?(liability|responsibility|the blame)\b/i,
  /\b(i|we) (am|are) (liable|responsible) for\b/i,
  /\bmy mistake\b/i,
];

const OFF_PLATFORM = [
  /\b(venmo|zelle|cash ?app|paypal|western union|wire transfer)\b/i,
  /\b(call|text|email|whatsapp) me\b/i,
  /\bpay (me )?(directly|outside|off)\b/i,
  /\boff[- ]platform\b/i,
  /\b\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b/, // a phone number
  /[\w.+-]+@[\w-]+\.[\w.]+/, // an email address
];

/** Every amount, number, time and id in a text, as written ("$1,250.00", "3", "10:00", "R-8123"). */
function factTokens(text: string): string[] {
  const tokens =
    text.match(
      /\$\s?\d[\d,]*(?:\.\d{2})?|\b\d{1,2}:\d{2}\b|\b[A-Z]{1,4}-?\d{3,}\b|\b\d[\d,]*(?:\.\d+)?\b/g,
    ) ?? [];
  return tokens.map((token) => token.replace(/\s/g, ""));
}

export interface DraftCheck {
  ok: boolean;
  /** Why the draft is blocked, one sentence each. */
  problems: string[];
}

/**
 * Reads a draft against the record. The facts a draft may state are those of the record (and the
 * marketplace's own concerns, for a reply); list numbering ("1.", "2.") is allowed.
 */
export function checkDraft(draft: string, record: ClaimRecord, concerns = ""): DraftCheck {
  const problems: string[] = [];
  const allowed = new Set([
    ...factTokens(templateDraft("marketplace-description", record)),
    ...factTokens(templateDraft("guest-message", record)),
    ...factTokens(templateDraft("denial-reply", record, concerns)),
    ...factTokens(record.note ?? ""),
    ...factTokens(concerns),
  ]);
  const numbering = new Set(Array.from({ length: 20 }, (_, index) => String(index + 1)));
  const invented = [...new Set(factTokens(draft))].filter(
    (token) => !allowed.has(token) && !numbering.has(token),
  );
  if (invented.length > 0) {
    problems.push(
      `States ${invented.map((token) => `"${token}"`).join(", ")}, which the claim record doesn't contain.`,
    );
  }
  if (ADMISSIONS.some((pattern) => pattern.test(draft))) {
    problems.push("Admits fault or liability; a claim states what happened, not who is to blame.");
  }
  if (OFF_PLATFORM.some((pattern) => pattern.test(draft))) {
    problems.push(
      `Takes the conversation or the payment off ${marketplace.name} (a phone number, an email address or another payment app); that voids the host's protection.`,
    );
  }
  return { ok: problems.length === 0, problems };
}
