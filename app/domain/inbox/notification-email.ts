/**
 * Reads the marketplace's notification emails that a host forwards to FleetAssist: what kind of
 * notification it is, and what it says about the guest, the trip and the guest's message.
 *
 * The marketplace publishes no format for these emails, so this reads them the way a person
 * does, in English or Spanish: by the subject line's wording (the forwarded message's own
 * subject when the forward shows it, else the email's without "Fwd:", "FW:" or "RV:") and the
 * body's labels and links. The host's note above a forward is never read as the guest's.
 * Anything it can't place is kept as "unrecognized" with the original, never dropped.
 */
import type { LocalDate, LocalDateTime } from "~/domain/zoned-time";
import { readForward } from "./forwarded-email";
import { parseNoticeTime } from "./notice-dates";

export const NOTIFICATION_KINDS = [
  "guest-message",
  "booking-confirmed",
  "trip-changed",
  "trip-cancelled",
  "reimbursement",
  "damage-claim",
  "unrecognized",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationEmail {
  subject: string;
  /** The plain-text body (or the HTML body turned into text). */
  text: string;
  /** The day the email arrived, in the host's zone: a trip date without a year is read from it. */
  receivedOn?: LocalDate;
}

export interface ReadNotification {
  kind: NotificationKind;
  guestName: string | null;
  reservationId: string | null;
  /** The guest's own words, for a message notification. */
  messageText: string | null;
  /** A booking or change: the car as the notice names it. */
  vehicleName: string | null;
  /** A booking or a made change: the trip's times, local wall-clock time (no zone). */
  startAt: LocalDateTime | null;
  endAt: LocalDateTime | null;
}

/** A notice is a few kilobytes; text past this is never read (a huge email can't stall reading). */
const MAX_TEXT_CHARS = 200_000;

/** The longest guest message kept from one email. */
const MAX_MESSAGE_CHARS = 4_000;

const WORD = String.raw`\p{Lu}[\p{L}'’.-]*`;
const NAME = String.raw`(${WORD}(?: ${WORD}){0,3})`;

type Kind = Exclude<NotificationKind, "unrecognized">;
interface SubjectRule {
  kind: Kind;
  pattern: RegExp;
  /** A change the guest only asked for: the trip's times stay as they are. */
  request?: boolean;
  /** The match group naming the car. */
  vehicleGroup?: number;
}

const named = (source: string) => new RegExp(source, "u");
const anyCase = (source: string) => new RegExp(source, "iu");

/** Subject wordings naming the guest (group 1), most specific first. */
const NAMED_SUBJECTS: readonly SubjectRule[] = [
  {
    kind: "trip-cancelled",
    pattern: named(
      `^(?:[Yy]our trip with|[Tt]u viaje con) ${NAME} (?:was|has been|is|ha sido|fue|se ha) cancel`,
    ),
  },
  {
    kind: "trip-cancelled",
    pattern: named(`^(?:[Ss]e (?:ha )?cancel(?:ó|ado)) (?:tu|el) viaje con ${NAME}`),
  },
  {
    kind: "trip-cancelled",
    pattern: named(
      `^${NAME} (?:has |ha )?cancel(?:l?ed|ó|ado) (?:their|the|your|su|el|tu) (?:trip|viaje)`,
    ),
  },
  {
    kind: "trip-changed",
    pattern: named(
      `^${NAME} (?:wants to|would like to|requested to|has requested to|quiere|solicitó|ha solicitado) (?:change|modify|extend|shorten|cambiar|modificar|extender|acortar)`,
    ),
    request: true,
  },
  {
    kind: "trip-changed",
    pattern: named(
      `^(?:[Yy]our trip with|[Tt]u viaje con) ${NAME} (?:was|has been|ha sido|fue) (?:changed|modified|updated|extended|shortened|modificado|cambiado|actualizado|extendido)`,
    ),
  },
  {
    kind: "trip-changed",
    pattern: named(
      `^${NAME} (?:has |ha )?(?:changed|modified|updated|extended|shortened|modificado|cambiado|modificó|cambió|extendió) (?:their|the|your|su|el|tu) (?:trip|viaje)`,
    ),
  },
  {
    kind: "booking-confirmed",
    pattern: named(`^${NAME} (?:has )?(?:booked|reserved) your (.+?)[.!]*$`),
    vehicleGroup: 2,
  },
  {
    kind: "booking-confirmed",
    pattern: named(`^${NAME} (?:ha reservado|reservó) tu (.+?)[.!]*$`),
    vehicleGroup: 2,
  },
  {
    kind: "reimbursement",
    pattern: named(
      `^${NAME} (?:has |ha )?(?:paid your reimbursement|pagado tu (?:solicitud de )?reembolso|pagó tu (?:solicitud de )?reembolso)`,
    ),
  },
  { kind: "guest-message", pattern: named(`^(?:[Nn]ew )?[Mm]essage from ${NAME}`) },
  { kind: "guest-message", pattern: named(`^(?:[Nn]uevo )?[Mm]ensaje de ${NAME}`) },
  {
    kind: "guest-message",
    pattern: named(
      `^${NAME} (?:sent you a message|sent you a new message|messaged you|replied|wrote|te (?:ha )?enviado un mensaje|te envió un mensaje|te escribió)`,
    ),
  },
  { kind: "guest-message", pattern: named(`[Nn]ew message from ${NAME}`) },
];

/** Wordings without the guest's name (the body names them). */
const OTHER_SUBJECTS: readonly SubjectRule[] = [
  { kind: "reimbursement", pattern: anyCase(String.raw`\breimburse|\breembols`) },
  {
    kind: "damage-claim",
    pattern: anyCase(String.raw`\bdamage\b|\bclaim\b|\bdaños?\b|\breclam(?:o|ación)\b`),
  },
  {
    kind: "trip-cancelled",
    pattern: anyCase(
      String.raw`\btrip (?:was |has been )?cancell?ed\b|\bcancell?ation\b|\bviaje (?:ha sido |fue )?cancelado\b|\bcancelaci[oó]n\b`,
    ),
  },
  {
    kind: "trip-changed",
    pattern: anyCase(
      String.raw`\b(?:trip|booking) (?:change|modification|extension)\b|\b(?:trip|booking) (?:was |has been )?(?:changed|modified|updated)\b|\bviaje (?:ha sido |fue )?(?:modificado|cambiado)\b|\bcambio (?:de|en) (?:tu |el )?viaje\b`,
    ),
  },
  {
    kind: "booking-confirmed",
    pattern: anyCase(
      String.raw`\b(?:booking|trip|reservation) (?:is )?confirmed\b|\bnew (?:booking|trip|reservation)\b|\byou(?:'|’)ve been booked\b|\bnueva reserva\b|\breserva confirmada\b`,
    ),
  },
];

const FORWARD_PREFIX = /^(?:\s*(?:fwd?|fw|rv|re|tr|wg|reenv)\s*:\s*)+/i;

/** Reservation ids: a reservation link, or a labeled id. */
const RESERVATION_PATTERNS = [
  /\/(?:reservation|reserva|trips?)\/(\d{5,})/i,
  /\b(?:reservation|trip|booking)\s*(?:id|number|no\.?|#)\s*[:#]?\s*(\d{5,})/i,
  /\b(?:id|n\.?º|nº|no\.?|número|#)\s*de\s*(?:la\s*)?(?:reserva|viaje)\s*[:#]?\s*(\d{5,})/i,
  /\b(?:reserva|viaje)\s*(?:n\.?º|nº|no\.?|número|#)\s*[:#]?\s*(\d{5,})/i,
];

/** Lines that end a guest's message: the email's buttons, links and footer. */
const MESSAGE_END =
  /^(?:reply|respond|responder|contestar|view (?:the )?(?:message|trip|conversation)|ver (?:el )?(?:mensaje|viaje)|open (?:the )?(?:app|trip)|abrir (?:la app|el viaje)|<?\[?https?:\/\/|—|--\s*$|_{3,}|-{10,}|download the app|descarga la app|trip details|detalles del viaje)/i;

const START_LABEL =
  /^(?:trip start|start|starts|pickup|pick-up|inicio(?: del viaje)?|comienza|recogida)\b/i;
const END_LABEL =
  /^(?:trip end|end|ends|return|drop-off|fin(?: del viaje)?|termina|devolución|devolucion)\b/i;
const VEHICLE_LABEL = /^(?:vehicle|car|vehículo|vehiculo|auto|coche)\s*(?::\s*(.*))?$/i;
/** The car in the notice's sentence: "… their trip in your Honda Civic 2022." */
const VEHICLE_IN_SENTENCE =
  /\b(?:trip in your|booked your|viaje en tu|reservado tu|reservó tu) (\p{Lu}[^.!\n]*?\d{4})\b/u;

export function readNotificationEmail(email: NotificationEmail): ReadNotification {
  const forward = readForward(email.text.slice(0, MAX_TEXT_CHARS));
  const subjects = [forward.subject, email.subject]
    .filter((subject): subject is string => subject !== null)
    .map((subject) => subject.replace(FORWARD_PREFIX, "").trim());
  const body = forward.body;
  // The notice's first lines repeat its subject: a host who retitled the forward still counts.
  const headlines = body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .slice(0, 6);
  const reservationId = findReservationId(`${subjects.join("\n")}\n${body}`);
  const match = matchSubject([...subjects, ...headlines]);
  if (!match) {
    return {
      kind: "unrecognized",
      guestName: null,
      reservationId,
      messageText: null,
      vehicleName: null,
      startAt: null,
      endAt: null,
    };
  }
  const { rule, found } = match;
  const guestName = cleanName(found[1] ?? null) ?? guestNameInBody(body);
  const isTripNotice = rule.kind === "booking-confirmed" || rule.kind === "trip-changed";
  const times =
    isTripNotice && !rule.request && email.receivedOn ? tripTimes(body, email.receivedOn) : null;
  return {
    kind: rule.kind,
    guestName,
    reservationId,
    messageText: rule.kind === "guest-message" ? guestMessage(body, guestName) : null,
    vehicleName: isTripNotice
      ? (cleanVehicle(rule.vehicleGroup ? found[rule.vehicleGroup] : undefined) ??
        labeledVehicle(body))
      : null,
    startAt: times?.startAt ?? null,
    endAt: times?.endAt ?? null,
  };
}

function matchSubject(candidates: readonly string[]) {
  for (const rules of [NAMED_SUBJECTS, OTHER_SUBJECTS]) {
    for (const candidate of candidates) {
      for (const rule of rules) {
        const found = rule.pattern.exec(candidate);
        if (found) return { rule, found };
      }
    }
  }
  return null;
}

function findReservationId(text: string): string | null {
  for (const pattern of RESERVATION_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

function cleanName(name: string | null): string | null {
  const cleaned = name?.replace(/(?:'s|’s)$/, "").trim();
  return cleaned ? cleaned : null;
}

function guestNameInBody(body: string): string | null {
  const withGuest = new RegExp(`(?:trip with|viaje con) ${NAME}`, "u").exec(body);
  if (withGuest) return cleanName(withGuest[1]!);
  const labeled = /^\s*(?:guest|huésped|huesped|invitado)\s*:?\s*(.+)$/im.exec(body);
  return labeled ? cleanName(labeled[1]!.trim()) : null;
}

function cleanVehicle(name: string | undefined): string | null {
  const cleaned = name?.replace(/[.!\s]+$/, "").trim();
  return cleaned ? cleaned : null;
}

/** The car's label: on its line ("Vehicle: Tesla Model 3 2021") or the next. */
function labeledVehicle(body: string): string | null {
  const lines = body.split("\n").map((line) => line.trim());
  for (let index = 0; index < lines.length; index++) {
    const match = VEHICLE_LABEL.exec(lines[index]!);
    if (!match) continue;
    const value = match[1]?.trim() || (lines[index + 1] ?? "");
    if (value) return cleanVehicle(value);
  }
  return cleanVehicle(VEHICLE_IN_SENTENCE.exec(body)?.[1]);
}

/** The times after the notice's "Trip start" and "Trip end" labels (same line or the next). */
function tripTimes(body: string, receivedOn: LocalDate) {
  const lines = body.split("\n").map((line) => line.trim());
  const after = (label: RegExp): LocalDateTime | null => {
    for (let index = 0; index < lines.length; index++) {
      if (!label.test(lines[index]!)) continue;
      const value = [
        lines[index]!.replace(label, ""),
        lines[index + 1] ?? "",
        lines[index + 2] ?? "",
      ]
        .join(" ")
        .replace(/^\s*:/, "");
      const time = parseNoticeTime(value, receivedOn);
      if (time) return time;
    }
    return null;
  };
  return { startAt: after(START_LABEL), endAt: after(END_LABEL) };
}

/**
 * The guest's words: the lines after the notice's "<name> sent you a message" (or "wrote:",
 * "te ha enviado un mensaje") and the guest's name line, up to the email's buttons and footer.
 * One pair of quotation marks around the whole message is the email's, not the guest's.
 */
function guestMessage(body: string, guestName: string | null): string | null {
  const lines = body.split("\n");
  const name = guestName?.toLowerCase() ?? null;
  const isNameLine = (line: string) => {
    const text = line.trim().toLowerCase().replace(/:$/, "");
    return (
      name !== null && (text === name || text.startsWith(`${name} ·`) || name.startsWith(text))
    );
  };
  const intro = lines.findIndex((line) => {
    const text = line.trim();
    return (
      /(?:sent you a(?: new)? message|messaged you|te (?:ha )?enviado un mensaje|te envió un mensaje|te escribió)\s*:?$/i.test(
        text,
      ) || /\b(?:wrote|escribió|says|dice|message|mensaje)\s*:$/i.test(text)
    );
  });
  let start = intro >= 0 ? intro + 1 : 0;
  while (start < lines.length && lines[start]!.trim() === "") start++;
  if (start < lines.length && isNameLine(lines[start]!)) start++;
  const kept: string[] = [];
  for (const line of lines.slice(start)) {
    if (MESSAGE_END.test(line.trim())) break;
    kept.push(line.trimEnd());
  }
  const message = withoutWrappingQuotes(kept.join("\n").trim());
  return message ? clip(message) : null;
}

function withoutWrappingQuotes(text: string): string {
  const pairs: Record<string, string> = { "“": "”", '"': '"', "«": "»" };
  const open = text[0] ?? "";
  const close = pairs[open];
  if (!close || text.length < 3 || !text.endsWith(close)) return text;
  const inner = text.slice(1, -1);
  const count = (mark: string) => inner.split(mark).length - 1;
  // Only when the marks enclose everything: "a" and "b" is two quotes, not one.
  const balanced = open === close ? count(open) % 2 === 0 : count(open) === count(close);
  return balanced ? inner.trim() : text;
}

function clip(text: string): string {
  const trimmed = text.replace(/\n{3,}/g, "\n\n");
  return trimmed.length > MAX_MESSAGE_CHARS ? `${trimmed.slice(0, MAX_MESSAGE_CHARS)}…` : trimmed;
}
