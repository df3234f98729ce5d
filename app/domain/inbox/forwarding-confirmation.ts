/**
 * Gmail's forwarding confirmation. Before Gmail forwards anything to an address, it sends that
 * address an email from forwarding-noreply@google.com with a link (and, in older emails, a
 * confirmation code) that the recipient must open. The inbox is that recipient, so it reads the
 * email and shows the host the code and the link; otherwise no Gmail user could finish.
 *
 * Gmail writes the email in the account's language, so it is known by its sender and its
 * "vf-" link, not by its wording; the English subject and labels only add the code and the
 * Gmail address asking.
 */

export const FORWARDING_CONFIRMATION = "forwarding-confirmation" as const;

/** The only sender of Gmail's forwarding confirmations. */
export const GMAIL_FORWARDING_SENDER = "forwarding-noreply@google.com";

export interface ForwardingConfirmation {
  /** The confirmation code, when the email has one (Gmail dropped it from newer emails). */
  code: string | null;
  /** The link that confirms the forwarding (never the "uf-" link that cancels it). */
  confirmUrl: string | null;
  /** The Gmail address that asked to forward its mail here. */
  forwardingFrom: string | null;
}

// Only Google's own confirm pages: an email can't make the inbox show a link elsewhere.
const CONFIRM_LINK = /https:\/\/(?:mail-settings|mail)\.google\.com\/mail\/vf-[^\s"'<>]+/i;
const CODE_IN_SUBJECT = /\(#(\d{4,12})\)/;
const CODE_IN_BODY = /confirmation code:?\s*(\d{4,12})\b/i;
const ADDRESS = String.raw`([^\s@()<>]+@[^\s@()<>]+?)`;
const FROM_IN_SUBJECT = new RegExp(`Receive Mail from ${ADDRESS}\\.?\\s*$`, "i");
const FROM_IN_BODY = new RegExp(`^\\s*${ADDRESS} has requested to automatically forward`, "im");

/**
 * Reads Gmail's forwarding confirmation: null for any other email (another sender, or neither a
 * confirm link nor a code).
 */
export function readForwardingConfirmation(email: {
  /** The From address. */
  from: string | null;
  subject: string;
  text: string;
  /** The HTML body, when there is one (links may be only there). */
  html?: string;
}): ForwardingConfirmation | null {
  if (email.from?.trim().toLowerCase() !== GMAIL_FORWARDING_SENDER) return null;
  const html = (email.html ?? "").replace(/&amp;/g, "&");
  const link = CONFIRM_LINK.exec(email.text)?.[0] ?? CONFIRM_LINK.exec(html)?.[0] ?? null;
  const code =
    CODE_IN_SUBJECT.exec(email.subject)?.[1] ??
    CODE_IN_BODY.exec(email.text)?.[1] ??
    CODE_IN_BODY.exec(html.replace(/<[^>]*>/g, " "))?.[1] ??
    null;
  if (!link && !code) return null;
  const forwardingFrom =
    FROM_IN_SUBJECT.exec(email.subject.trim())?.[1] ?? FROM_IN_BODY.exec(email.text)?.[1] ?? null;
  return { code, confirmUrl: link ? trimTrailingPunctuation(link) : null, forwardingFrom };
}

/** The Gmail address in a confirmation's subject ("… Receive Mail from host@gmail.com"). */
export function forwardingFromSubject(subject: string | null): string | null {
  return subject ? (FROM_IN_SUBJECT.exec(subject.trim())?.[1] ?? null) : null;
}

function trimTrailingPunctuation(url: string): string {
  return url.replace(/[.,;:)\]]+$/, "");
}
