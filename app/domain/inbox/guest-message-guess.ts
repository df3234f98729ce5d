/**
 * "Make this a guest message": what can be guessed from an email the inbox couldn't read, to
 * prefill the form the host checks: the guest (the sender, or the original sender of a forward,
 * unless that is the marketplace), the reservation (a reservation link or a labeled id) and the
 * message (the body, without a forward's header block). The host corrects what is wrong.
 */

export interface GuessInput {
  subject: string;
  text: string;
  fromName: string | null;
  fromAddress: string | null;
}

export interface GuestMessageGuess {
  guestName: string;
  reservationId: string;
  text: string;
}

/** The most text a guest message keeps (as a pasted conversation). */
export const MAX_GUESSED_CHARS = 4_000;

const FORWARD_SUBJECT = /^\s*(?:fwd?|fw|tr|wg|rv)\s*:/i;
const RESERVATION = [
  /\/reservation\/(\d{5,})/i,
  /\b(?:reservation|trip|booking|reserva(?:ción)?)\s*(?:id|number|no\.?|#|n[úu]mero)?\s*[:#]?\s*(\d{5,})\b/i,
];
// A forward's header block: Gmail's "---------- Forwarded message ---------", Outlook's
// "From: … Sent: …", Apple Mail's "Begin forwarded message:".
const FORWARD_MARKER =
  /^[ \t>]*(?:-{2,}\s*Forwarded message\s*-{2,}|-{2,}\s*Original Message\s*-{2,}|Begin forwarded message:|_{10,})[ \t]*$/im;
const HEADER_LINE = /^[ \t>]*(?:From|De|Sent|Enviado|Date|Fecha|To|Para|Cc|Subject|Asunto):/i;

export function guessGuestMessage(
  email: GuessInput,
  marketplace: { name: string; sender: string },
) {
  const forwarded = FORWARD_SUBJECT.test(email.subject) || FORWARD_MARKER.test(email.text);
  const block = forwarded ? forwardedBlock(email.text) : null;
  const sender = block ? block.from : { name: email.fromName, address: email.fromAddress };
  const fromMarketplace =
    sender.address?.toLowerCase() === marketplace.sender.toLowerCase() ||
    sender.name?.trim().toLowerCase() === marketplace.name.toLowerCase();
  const body = (block ? block.body : email.text).replace(/\r\n?/g, "\n").trim();
  const reservationId =
    RESERVATION.map((pattern) => pattern.exec(`${email.subject}\n${email.text}`)?.[1]).find(
      Boolean,
    ) ?? "";
  return {
    guestName: fromMarketplace ? "" : cleanName(sender.name ?? ""),
    reservationId,
    text: body.slice(0, MAX_GUESSED_CHARS),
  } satisfies GuestMessageGuess;
}

/** The forwarded message's sender and body (after its header block). */
function forwardedBlock(text: string) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const marker = lines.findIndex((line) => FORWARD_MARKER.test(line));
  let index = marker === -1 ? lines.findIndex((line) => HEADER_LINE.test(line)) : marker + 1;
  if (index === -1) return null;
  let from: { name: string | null; address: string | null } = { name: null, address: null };
  while (index < lines.length && (lines[index]!.trim() === "" || HEADER_LINE.test(lines[index]!))) {
    const match = /^[ \t>]*(?:From|De):\s*(.*)$/i.exec(lines[index]!);
    if (match) from = nameAndAddress(match[1]!);
    index++;
    // The block ends at the first blank line after a header line.
    if (lines[index - 1]!.trim() !== "" && lines[index]?.trim() === "") break;
  }
  return { from, body: lines.slice(index).join("\n") };
}

function nameAndAddress(value: string) {
  const angle = /^\s*"?([^"<]*?)"?\s*<([^>]+)>/.exec(value);
  if (angle) return { name: angle[1]!.trim() || null, address: angle[2]!.trim() };
  const bracket = /^\s*(.*?)\s*\[mailto:([^\]]+)\]/.exec(value);
  if (bracket) return { name: bracket[1]!.trim() || null, address: bracket[2]!.trim() };
  const address = /[^\s@]+@[^\s@]+/.exec(value)?.[0] ?? null;
  return { name: address ? null : value.trim() || null, address };
}

function cleanName(name: string): string {
  return name.replace(/\s+/g, " ").trim().slice(0, 80);
}
