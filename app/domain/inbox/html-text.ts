/**
 * The text a person sees in an HTML email body: blocks and line breaks become new lines, runs
 * of source whitespace one space, entities decoded, a horizontal rule a divider line. For
 * HTML-only emails (Outlook's phone app sends no plain-text part); the generic converter the
 * MIME parser uses wraps lines at 80 characters, which would change a guest's words.
 */

/** Emails larger than this are cut before reading: a notification is a few kilobytes. */
export const MAX_HTML_CHARS = 1_000_000;

/** What a horizontal rule reads as: Outlook's own plain-text divider. */
export const RULE_LINE = "________________________________";

const BLOCK_TAGS =
  "p|div|tr|li|ul|ol|table|tbody|thead|h[1-6]|blockquote|pre|section|article|header|footer|center|dl|dt|dd";

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  zwnj: "",
  zwj: "",
  shy: "",
};

export function htmlToPlainText(html: string): string {
  const source = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  const marked = source
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    // Source line breaks and indentation are layout, not text.
    .replace(/\s+/g, " ")
    .replace(/<br\b[^>]*>/gi, "\n")
    .replace(/<hr\b[^>]*>/gi, `\n${RULE_LINE}\n`)
    .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, "gi"), "\n")
    .replace(/<\/t[dh]\s*>/gi, " ")
    // A button's link is how the notice names its reservation: kept after the button's words.
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*["'](https?:[^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_whole, href: string, inner: string) => {
        const words = inner.replace(/<[^>]*>/g, "").trim();
        return words === "" || words === href ? href : `${inner} &lt;${href}&gt;`;
      },
    )
    .replace(/<[^>]*>/g, "");
  return decodeEntities(marked)
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * An email's text as a person reads it, from the MIME parser's result: its plain-text part, else
 * (an HTML-only email, as Outlook's phone app sends) its HTML read line by line.
 */
export function noticeText(parsed: {
  text?: string;
  html?: string | false;
  headers: ReadonlyMap<string, unknown>;
}): string {
  // mailparser keeps a Content-Type header as { value, params }.
  const type = parsed.headers.get("content-type") as { value?: unknown } | undefined;
  const rootType = typeof type?.value === "string" ? type.value.toLowerCase() : "";
  const htmlOnly = rootType === "text/html" || !parsed.text?.trim();
  if (htmlOnly && typeof parsed.html === "string") return htmlToPlainText(parsed.html);
  return parsed.text ?? "";
}
