/**
 * The one place that names the marketplace. Routes (/turo-claims, /turo-protection-plan), the
 * demo-lead profile field (turoProfile) and marketplace copy all derive from here.
 */
export const marketplace = {
  name: "Turo",
  slug: "turo",
  profileField: "turoProfile",
  profileExample: "https://turo.com/us/en/drivers/123456",
} as const;

export const claimsPath = `/${marketplace.slug}-claims`;
export const protectionPlanPath = `/${marketplace.slug}-protection-plan`;

/**
 * Where a reservation's messages open on the marketplace (the link its notification emails
 * carry): replies to guests are sent there, by a person.
 */
export function reservationMessagesUrl(reservationId: string): string {
  return `https://turo.com/us/en/reservation/${encodeURIComponent(reservationId)}/messages`;
}

/** The marketplace's host inbox, for a conversation that names no reservation. */
export const marketplaceInboxUrl = "https://turo.com/us/en/inbox";

/**
 * The address the marketplace's notification emails (guest messages, bookings, changes,
 * cancellations) come from: what the Gmail filter and the Outlook rule on the inbox's setup page
 * match. Source: hosts' own Turo mail, as public integrations that read it record it (their Gmail
 * searches and IMAP filters use `from:noreply@mail.turo.com`; one notes that Gmail's
 * `from:turo.com` misses this subdomain, so the filter names the whole address).
 */
export const notificationSender = "noreply@mail.turo.com";
