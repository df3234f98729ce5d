/**
 * The second check of every draft before anyone sees it. Deterministic, so a model can't talk its
 * way past it: a draft is blocked when it
 *
 * - gives access details (a code, a lockbox, the key steps) before the trip has started;
 * - offers or talks about money the host hasn't written (discounts, refunds, credits, fees
 *   waived) or agrees to a trip change or a cancellation;
 * - moves payment or contact off the marketplace (payment apps, phone numbers, email
 *   addresses, outside links);
 * - cites knowledge the host doesn't have;
 * - has a blank left to fill in: a "[Guest name]" style placeholder or an empty "{{field}}".
 *
 * The lines a reply holds a question with ("I'll confirm the discount shortly") are ours and
 * promise nothing: they are left out of the check, like the host's own entries.
 *
 * The host's own knowledge-base answers are their policy: text copied from an entry the draft
 * uses is not held against it (a "cleaning fee" in the host's cleaning rule is fine), except the
 * key steps, which never go out before the trip starts.
 */
import { valuesOf } from "~/domain/labeled-values";
import { checkGuestMessage, type RestrictedTopic } from "./restricted-topics";
import type { KnowledgeEntry, KnowledgeTopic } from "./knowledge";

export const DRAFT_PROBLEM_LABELS = {
  "access-before-start": "It gives access details before the trip starts.",
  money: "It offers or discusses a discount, refund, credit or fee.",
  "trip-change": "It agrees to a trip change or a cancellation.",
  "off-platform": "It moves payment or contact off the marketplace.",
  "unknown-knowledge": "It cites knowledge that isn't in your knowledge base.",
  placeholder: "It has a blank to fill in (a [placeholder] or an empty field).",
} as const;
export type DraftProblem = keyof typeof DRAFT_PROBLEM_LABELS;
export const DRAFT_PROBLEMS = valuesOf<DraftProblem>(DRAFT_PROBLEM_LABELS);

const TOPIC_PROBLEMS: Partial<Record<RestrictedTopic, DraftProblem>> = {
  "access-before-start": "access-before-start",
  price: "money",
  reimbursement: "money",
  "trip-change": "trip-change",
  cancellation: "trip-change",
  "off-platform": "off-platform",
};

/** What a draft may not contain whatever the topic: contact details and codes. */
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.-]+\b/;
const LINK = /\bhttps?:\/\/|\bwww\./i;
const CODE = /\b(?:code|combo|combination|pin|passcode|lock ?box)\b[^.\n]{0,30}?\b\d{3,8}\b/i;
/** "[Guest name]", "[ ]", "{{location}}", "{{ }}": a template field nobody filled. */
const PLACEHOLDER = /\[[^\]\n]{0,60}\]|\{\{[^}\n]{0,60}\}\}/;
const MONEY_OFFER = /\b(?:\d{1,3}\s?%\s?off|free (?:day|night|upgrade)|waive|credit)\b/i;

export interface GuardInput {
  draft: string;
  /** The entries the draft says it used. */
  usedKnowledge: readonly KnowledgeTopic[];
  /** The host's knowledge base (the entries that exist). */
  entries: readonly Pick<KnowledgeEntry, "topic" | "text">[];
  tripStarted: boolean;
  /** Our own holding lines in the draft, left out of the check. */
  holdingLines?: readonly string[];
}

export interface GuardResult {
  ok: boolean;
  problems: DraftProblem[];
}

/** Removes the host's own entry texts (their policy) from the draft before it is checked. */
function withoutHostPolicy(input: GuardInput): string {
  let text = input.draft;
  for (const line of input.holdingLines ?? []) text = text.split(line).join(" ");
  for (const entry of input.entries) {
    if (entry.topic === "key-steps") continue;
    const policy = entry.text.trim();
    if (policy) text = text.split(policy).join(" ");
  }
  return text;
}

export function guardDraft(input: GuardInput): GuardResult {
  const problems = new Set<DraftProblem>();
  const known = new Set(input.entries.map((entry) => entry.topic));
  if (input.usedKnowledge.some((topic) => !known.has(topic))) problems.add("unknown-knowledge");

  const beforeStart = !input.tripStarted;
  if (beforeStart) {
    if (input.usedKnowledge.includes("key-steps") || CODE.test(input.draft))
      problems.add("access-before-start");
    const keySteps = input.entries.find((entry) => entry.topic === "key-steps")?.text.trim();
    if (keySteps && input.draft.includes(keySteps)) problems.add("access-before-start");
  }

  const checked = withoutHostPolicy(input);
  for (const topic of checkGuestMessage(checked, { tripStarted: input.tripStarted }).topics) {
    const problem = TOPIC_PROBLEMS[topic];
    if (problem) problems.add(problem);
  }
  if (MONEY_OFFER.test(checked)) problems.add("money");
  if (PLACEHOLDER.test(checked)) problems.add("placeholder");
  if (PHONE.test(checked) || EMAIL.test(checked) || LINK.test(checked))
    problems.add("off-platform");

  const list = DRAFT_PROBLEMS.filter((problem) => problems.has(problem));
  return { ok: list.length === 0, problems: list };
}
