/**
 * Reads the marketplace's notification emails that a host forwards to FleetAssist: what kind of
 * notification it is, and what it says about the guest, the trip and the guest's message.
 *
 * The marketplace publishes no format for these emails, so this reads them the way a person
 * does: by the subject line's wording and the body's labels and links, with a "Fwd:" prefix and a
 * forwarding header block allowed. Anything it can't place is kept as "unrecognized" with the
 * original, never dropped.
 */

export const NOTIFICATION_KINDS = [
  "guest-message",
  "booking-confirmed",
  "trip-changed",
  "trip-cancelled",
  "unrecognized",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationEmail {
  subject: string;
  /** The plain-text body (or the HTML body turned into text). */
  text: string;
}

export interface ReadNotification {
  kind: NotificationKind;
  guestName: string | null;
  reservationId: string | null;
  /** The guest's own words, for a message notification. */
  messageText: string | null;
}

/** The longest guest message kept from one email. */
const MAX_MESSAGE_CHARS = 4_000;

const NAME = String.raw`([A-Z][\p{L}'’.-]*(?: [A-Z][\p{L}'’.-]*){0,3})`;

/** Subject patterns, most specific first; the first group, where there is one, is the guest. */
const SUBJECTS: readonly { kind: Exclude<NotificationKind, "unrecognized">; pattern: RegExp }[] = [
  {
    kind: "trip-cancelled",
    pattern: new RegExp(`^${NAME} cancell?ed (?:their|the|your) trip`, "u"),
  },
  { kind: "trip-cancelled", pattern: /\btrip (?:was |has been )?cancell?ed\b|\bcancell?ation\b/i },
  {
    kind: "trip-changed",
    pattern: new RegExp(
      `^${NAME} (?:wants to|would like to|requested to) (?:change|modify|extend)`,
      "u",
    ),
  },
  {
    kind: "trip-changed",
    pattern:
      /\b(?:trip|booking) (?:change|modification|extension)\b|\b(?:trip|booking) (?:was |has been )?(?:changed|modified|updated)\b/i,
  },
  { kind: "booking-confirmed", pattern: new RegExp(`^${NAME} (?:booked|reserved) your\\b`, "u") },
  {
    kind: "booking-confirmed",
    pattern:
      /\b(?:booking|trip|reservation) (?:is )?confirmed\b|\bnew (?:booking|trip|reservation)\b|\byou(?:'|’)ve been booked\b/i,
  },
  { kind: "guest-message", pattern: new RegExp(`^(?:[Nn]ew )?[Mm]essage from ${NAME}`, "u") },
  {
    kind: "guest-message",
    pattern: new RegExp(`^${NAME} (?:sent you a message|messaged you|replied|wrote)`, "u"),
  },
  { kind: "guest-message", pattern: new RegExp(`[Nn]ew message from ${NAME}`, "u") },
];

const FORWARD_PREFIX = /^(?:\s*(?:fwd?|fw|tr|wg)\s*:\s*)+/i;

/** Reservation ids: a reservation link, or a labeled id. */
const RESERVATION_PATTERNS = [
  /\/reservation\/(\d{5,})/i,
  /\b(?:reservation|trip|booking)\s*(?:id|number|no\.?|#)\s*[:#]?\s*(\d{5,})/i,
];

/** Lines that end a quoted guest message: the email's buttons, links and footer. */
const MESSAGE_END =
  /^(?:reply|respond|view (?:the )?(?:message|trip)|open (?:the )?(?:app|trip)|https?:\/\/|—|--|_{3,}|download the app)/i;

export function readNotificationEmail(email: NotificationEmail): ReadNotification {
  const subject = email.subject.replace(FORWARD_PREFIX, "").trim();
  const text = email.text.replace(/\r\n?/g, "\n");
  const reservationId = findReservationId(`${subject}\n${text}`);
  for (const { kind, pattern } of SUBJECTS) {
    const match = pattern.exec(subject);
    if (!match) continue;
    const guestName = match[1]?.trim() || findLabeled(text, "guest");
    return {
      kind,
      guestName: guestName ?? null,
      reservationId,
      messageText: kind === "guest-message" ? guestMessage(text, guestName ?? null) : null,
    };
  }
  return { kind: "unrecognized", guestName: null, reservationId, messageText: null };
}

function findReservationId(text: string): string | null {
  for (const pattern of RESERVATION_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

function findLabeled(text: string, label: string): string | null {
  const match = new RegExp(`^\\s*${label}\\s*:\\s*(.+)$`, "im").exec(text);
  return match ? match[1]!.trim() : null;
}

/**
 * The guest's words: a quoted block when there is one, else the lines after "<name> wrote:" (or
 * "says:", "message:") up to the email's buttons and footer.
 */
function guestMessage(text: string, guestName: string | null): string | null {
  const body = withoutForwardHeader(text);
  const quoted = /[“"]([^”"]{2,})[”"]/.exec(body);
  if (quoted) return clip(quoted[1]!);
  const lines = body.split("\n");
  const intro = lines.findIndex(
    (line) =>
      /\b(?:wrote|says|said|message)\s*:\s*$/i.test(line.trim()) ||
      (guestName !== null && line.trim().toLowerCase() === `${guestName.toLowerCase()}:`),
  );
  const start = intro >= 0 ? intro + 1 : 0;
  const kept: string[] = [];
  for (const line of lines.slice(start)) {
    if (MESSAGE_END.test(line.trim())) break;
    kept.push(line.replace(/^>\s?/, ""));
  }
  const message = kept.join("\n").trim();
  return message ? clip(message) : null;
}

/** Drops a mail client's "---------- Forwarded message ---------" header block. */
function withoutForwardHeader(text: string): string {
  const marker = /^-{2,}\s*(?:forwarded message|original message)\s*-{2,}\s*$/im.exec(text);
  if (!marker) return text;
  const after = text.slice(marker.index + marker[0].length);
  // The header block ends at its first blank line.
  const blank = after.search(/\n\s*\n/);
  return blank >= 0 ? after.slice(blank).trim() : after.trim();
}

function clip(text: string): string {
  const trimmed = text.trim().replace(/\n{3,}/g, "\n\n");
  return trimmed.length > MAX_MESSAGE_CHARS ? `${trimmed.slice(0, MAX_MESSAGE_CHARS)}…` : trimmed;
}
