/**
 * One reply for a whole conversation. A guest often writes again before the host answers
 * ("Where do I park?" then "Can I get a discount if I extend?"): the reply answers every question
 * the knowledge base covers and holds the rest with a line that promises nothing ("I'll confirm
 * the discount shortly"), so a second message never throws away the answer to the first.
 *
 * The guest's messages are read sentence by sentence: a sentence with a restricted topic or an
 * action item is held for a person (its knowledge words are not answered: "can I pick it up early
 * at the garage?" is a trip change, not a parking question); the others are what the knowledge
 * base (or the AI, from it) answers.
 */
import { marketplace } from "~/config/marketplace";
import { topicsAskedAbout, type KnowledgeTopic } from "./knowledge";
import { checkGuestMessage, type ActionItem, type RestrictedTopic } from "./restricted-topics";

/** What a reply holds for a person: a restricted topic or an action item. */
export type HeldReason = RestrictedTopic | ActionItem;

export interface ReplyPlan {
  /** The sentences the knowledge base may answer, by message (messages left empty dropped). */
  answerable: string[];
  /** The knowledge topics those sentences ask about. */
  askedAbout: KnowledgeTopic[];
  /** What a person answers, in the order the guest raised it. */
  held: HeldReason[];
  /** The lines that hold it, ours, in the guest's order. */
  holdingLines: string[];
  /** Questions neither the knowledge base's words nor the restricted topics recognize. */
  otherQuestions: number;
}

/** A message's sentences: split after ".", "!", "?" (and line breaks), kept with their mark. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?\n]*[.!?]+|[^.!?\n]+$/gm) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\d]/u.test(sentence));
}

function isQuestion(sentence: string): boolean {
  return /\?\s*$/.test(sentence) || /^¿/.test(sentence);
}

/** What the reply may say about a held topic: "I'll confirm <this> shortly." */
function heldSubject(reason: HeldReason, words: string): string | null {
  switch (reason) {
    case "price":
      if (/\b(?:discount|descuento|deal|cheaper)\b/i.test(words)) return "the discount";
      if (/\b(?:refund|money back|reembolso)\b/i.test(words)) return "the refund";
      return "the price";
    case "trip-change":
      return /\b(?:extend|extension|extra day|another day|keep the car|extender|un día más)\b/i.test(
        words,
      )
        ? "the extension"
        : "the change of time";
    case "cancellation":
      return "the cancellation";
    case "damage":
    case "damage-mentioned":
      return "the next steps about the damage";
    case "reimbursement":
      return "the charge you asked about";
    case "verification":
      return "your verification";
    case "late-return":
      return "the return time";
    default:
      return null;
  }
}

/** Lines for what no "I'll confirm" fits: facts that promise nothing, or urgency. */
const FIXED_LINES: Partial<Record<HeldReason, string>> = {
  "access-before-start": `Access details come through the ${marketplace.name} app when check-in opens.`,
  "off-platform": `Payments and messages need to stay in the ${marketplace.name} app, so let's keep everything here.`,
  "locked-out": "I'm on it and will get back to you right away about getting in.",
  "smoke-or-mess": "Thanks for letting me know; I'll look into it and get back to you shortly.",
};

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * How a reply to these unanswered guest messages splits: what the knowledge base may answer, what
 * a person holds (with the lines that hold it) and how many other questions nothing recognizes.
 */
export function planReply(
  messages: readonly string[],
  tripStarted: boolean | undefined,
): ReplyPlan {
  const answerable: string[] = [];
  const held: HeldReason[] = [];
  const subjects: string[] = [];
  const fixed: string[] = [];
  let otherQuestions = 0;
  for (const message of messages) {
    const kept: string[] = [];
    for (const sentence of sentencesOf(message)) {
      const check = checkGuestMessage(sentence, { tripStarted });
      if (!check.escalate) {
        kept.push(sentence);
        if (isQuestion(sentence) && topicsAskedAbout(sentence).length === 0) otherQuestions += 1;
        continue;
      }
      for (const reason of [...check.topics, ...check.actionItems]) {
        if (held.includes(reason)) continue;
        held.push(reason);
        const subject = heldSubject(reason, sentence);
        if (subject && !subjects.includes(subject)) subjects.push(subject);
        const line = FIXED_LINES[reason];
        if (line && !fixed.includes(line)) fixed.push(line);
      }
    }
    if (kept.length) answerable.push(kept.join(" "));
  }
  const holdingLines = [
    ...(subjects.length ? [`I'll confirm ${joinAnd(subjects)} shortly.`] : []),
    ...fixed,
  ];
  return {
    answerable,
    askedAbout: topicsAskedAbout(answerable.join("\n")),
    held,
    holdingLines,
    otherQuestions,
  };
}

/** The line for questions nothing recognized, when the reply answers others. */
export const OTHER_QUESTIONS_LINE = "I'll get back to you on your other question shortly.";

/**
 * The reply with the holding lines added before its sign-off: before the last paragraph when it
 * has paragraphs, else before the signature line, else at the end.
 */
export function withHoldingLines(
  text: string,
  lines: readonly string[],
  signature: string | null,
): string {
  const missing = lines.filter((line) => !text.includes(line));
  if (missing.length === 0) return text;
  const block = missing.join("\n");
  const trimmed = text.trimEnd();
  const lastParagraph = trimmed.lastIndexOf("\n\n");
  if (lastParagraph !== -1) {
    return `${trimmed.slice(0, lastParagraph)}\n\n${block}${trimmed.slice(lastParagraph)}`;
  }
  const rows = trimmed.split("\n");
  if (signature && rows.length > 1 && rows.at(-1)?.trim() === signature.trim()) {
    return [...rows.slice(0, -1), block, rows.at(-1)].join("\n");
  }
  return `${trimmed}\n\n${block}`;
}
