/**
 * Takes a forwarded email apart: the host's own note above the forward, the forwarded message's
 * header block (its sender, date and subject) and the forwarded body. Mail clients each mark a
 * forward their own way, in the sender's language:
 * - Gmail: "---------- Forwarded message ---------" ("Mensaje reenviado"), then From/Date/Subject/To;
 * - Outlook desktop and web: a "________________________________" rule (or none, or
 *   "-----Original Message-----"), then From/Sent/To/Subject (De/Enviado/Para/Asunto);
 * - Apple Mail: "Begin forwarded message:" ("Inicio del mensaje reenviado:"), then
 *   From/Subject/Date/To, on the iPhone with every line quoted by "> ".
 * An email with no forward block is the marketplace's own email, whole.
 */

export interface ForwardedEmail {
  /** What the host wrote above the forward (not the guest's words); "" when nothing. */
  hostNote: string;
  /** The forwarded message's headers, when the email is a forward. */
  from: string | null;
  subject: string | null;
  date: string | null;
  /** The forwarded message's body (or the whole email when it isn't a forward). */
  body: string;
}

const DIVIDER =
  /^\s*(?:-{3,}\s*(?:forwarded message|mensaje reenviado|original message|mensaje original)\s*-{3,}|(?:begin forwarded message|inicio del mensaje reenviado|mensaje reenviado)\s*:|_{10,}|-{10,})\s*$/i;

const HEADER_LABELS: Readonly<
  Record<string, keyof Pick<ForwardedEmail, "from" | "subject" | "date">>
> = {
  from: "from",
  de: "from",
  subject: "subject",
  asunto: "subject",
  date: "date",
  sent: "date",
  fecha: "date",
  enviado: "date",
  "enviado el": "date",
};

/** Other labels a forward's header block has (recipients), read past but not kept. */
const OTHER_LABELS = /^(?:to|cc|bcc|reply-to|para|cc|cco|responder a)$/i;

const HEADER_LINE = /^\s*\*?([A-Za-zÀ-ÿ -]{1,16}?)\s*:\*?\s*(.*)$/;

export function readForward(text: string): ForwardedEmail {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let index = 0; index < lines.length; index++) {
    const divider = DIVIDER.test(lines[index]!);
    const blockStart = divider ? nextNonBlank(lines, index + 1) : index;
    if (blockStart < 0) continue;
    const block = headerBlock(lines, blockStart);
    if (!block) continue;
    // An Outlook block with no divider must start with its sender, like the client writes it.
    if (!divider && block.firstLabel !== "from") continue;
    const quoted = lines.slice(blockStart, block.end).every((line) => /^\s*>/.test(line));
    const rest = lines.slice(block.end);
    return {
      hostNote: lines.slice(0, index).join("\n").trim(),
      from: block.headers.from ?? null,
      subject: block.headers.subject ?? null,
      date: block.headers.date ?? null,
      body: (quoted ? unquote(rest) : rest).join("\n").trim(),
    };
  }
  return { hostNote: "", from: null, subject: null, date: null, body: text.trim() };
}

function nextNonBlank(lines: readonly string[], from: number): number {
  for (let index = from; index < lines.length && index < from + 4; index++) {
    if (lines[index]!.replace(/^\s*>/, "").trim() !== "") return index;
  }
  return -1;
}

/**
 * The header block starting at `start`: consecutive "Label: value" lines (a long value may run
 * onto the next line) with at least a sender and a subject. Null when there is none.
 */
function headerBlock(lines: readonly string[], start: number) {
  const headers: Partial<Record<"from" | "subject" | "date", string>> = {};
  let firstLabel: string | null = null;
  let last: "from" | "subject" | "date" | null = null;
  let index = start;
  // A client's block is at most about eight lines; a longer run of "Label:" lines is no block.
  for (; index < lines.length && index < start + 16; index++) {
    const line = lines[index]!.replace(/^\s*>\s?/, "");
    if (line.trim() === "") break;
    const match = HEADER_LINE.exec(line);
    const label = match ? match[1]!.trim().toLowerCase() : null;
    const field = label ? HEADER_LABELS[label] : undefined;
    if (match && field) {
      firstLabel ??= field;
      headers[field] ??= match[2]!.replace(/\*+$/, "").trim();
      last = field;
    } else if (match && label && OTHER_LABELS.test(label)) {
      firstLabel ??= "other";
      last = null;
    } else if (last && index > start) {
      // A wrapped value ("Subject: …" too long for one line).
      headers[last] = `${headers[last]} ${line.trim()}`;
    } else {
      return null;
    }
  }
  if (!headers.from || !headers.subject) return null;
  return { headers, firstLabel, end: index };
}

function unquote(lines: readonly string[]): string[] {
  return lines.map((line) => line.replace(/^\s*>\s?/, ""));
}
