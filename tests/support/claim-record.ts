import type { ClaimRecord } from "../../app/domain/claims/claim-drafts";

/** The facts of one damage claim, as the claim drafts (template or AI) are written from them. */
export const SAMPLE_CLAIM_RECORD: ClaimRecord = {
  reservationId: "R-81234567",
  guestName: "Jordan Lee",
  vehicle: "2019 Toyota Corolla",
  tripStart: "Nov 20, 2026, 10:00 AM MST",
  tripEnd: "Nov 22, 2026, 6:30 PM MST",
  kindLabel: "Damage",
  damage: ["Moderate dent, hood"],
  claimedCents: 59_034,
  estimate: { revision: 1, totalCents: 59_034, lowCents: 53_100, highCents: 76_800 },
  photoCount: { preTrip: 4, postTrip: 6 },
  note: null,
};
