/**
 * What a guest's message is about that no AI may answer, and what it asks the host to act on.
 *
 * Restricted topics get the host's holding reply (the guest is never left in silence) and go to
 * the VA or owner: trip changes, price and refunds, cancellations, damage and claims,
 * reimbursements, guest verification, access details before the trip starts, moving payment or
 * talk off the marketplace. The check is deterministic (word lists, English and Spanish), so it
 * can be tested and can't be talked out of its answer; it errs toward escalating.
 */
import { valuesOf } from "~/domain/labeled-values";

export const RESTRICTED_TOPIC_LABELS = {
  "trip-change": "Trip change (extension, early or late times)",
  price: "Price, discount or refund",
  cancellation: "Cancellation",
  damage: "Damage or a claim",
  reimbursement: "Reimbursement or fee",
  verification: "Guest verification",
  "access-before-start": "Access details before the trip starts",
  "off-platform": "Paying or talking off the marketplace",
} as const;
export type RestrictedTopic = keyof typeof RESTRICTED_TOPIC_LABELS;
export const RESTRICTED_TOPICS = valuesOf<RestrictedTopic>(RESTRICTED_TOPIC_LABELS);

export const ACTION_ITEM_LABELS = {
  "locked-out": "Locked out: urgent",
  "damage-mentioned": "Damage mentioned: the claim clock may be running",
  "late-return": "Late return",
  "smoke-or-mess": "Smoke or mess: a reimbursement may apply",
} as const;
export type ActionItem = keyof typeof ACTION_ITEM_LABELS;
export const ACTION_ITEMS = valuesOf<ActionItem>(ACTION_ITEM_LABELS);

/** Word patterns, matched case-insensitively on word boundaries (accents allowed as written). */
const TOPIC_WORDS: Readonly<Record<RestrictedTopic, readonly string[]>> = {
  "trip-change": [
    "extend",
    "extension",
    "extra day",
    "another day",
    "keep the car",
    "early (?:check-?in|pick-?up|pickup)",
    "pick (?:it )?up early",
    // "pick it up two hours early", "drop the car off a bit later"
    "(?:pick|get|grab|collect|drop|bring)(?: it| the car| the keys?)? (?:up|off|back)[^.?!\\n]{0,25}(?:early|earlier|sooner|late|later)",
    "(?:early|earlier)[^.?!\\n]{0,25}(?:pick-?up|pickup|check-?in)",
    "(?:come|arrive|get there) early",
    "late (?:check-?out|return|drop-?off)",
    "return (?:it )?(?:late|later)",
    "change (?:the|my|our) (?:trip|dates?|times?|pick-?up|return)",
    "swap",
    "extender",
    "un día más",
    "más temprano",
    "recoger (?:el auto |el carro |el coche )?(?:una hora |dos horas )?antes",
  ],
  price: [
    "discount",
    "cheaper",
    "lower (?:the )?price",
    "deal",
    "refund",
    "money back",
    "price",
    "descuento",
    "reembolso",
    "precio",
  ],
  cancellation: ["cancel", "cancell?ation", "cancelar", "cancelación"],
  damage: [
    "damage",
    "damaged",
    "scratch(?:ed|es)?",
    "dent(?:ed)?",
    "ding",
    "accident",
    "crash(?:ed)?",
    "hit (?:a|another|the)",
    "fender bender",
    "claim",
    "broke",
    "broken",
    "cracked",
    "daño",
    "choque",
    "rayón",
  ],
  reimbursement: [
    "reimburse(?:ment)?",
    "toll(?:s)? (?:charge|fee|bill)",
    "cleaning fee",
    "smoking fee",
    "late fee",
    "fuel (?:charge|fee)",
    "gas (?:charge|fee)",
    "charged me",
    "ticket",
    "citation",
  ],
  verification: [
    "verif(?:y|ied|ication)",
    "driver'?s license",
    "licen[cs]e",
    "approved to drive",
    "id check",
  ],
  "access-before-start": [
    "(?:door|lock ?box|lockbox|access|entry|key ?box|gate) code",
    "code",
    "lock ?box",
    "where (?:is|are) the keys?",
    "key(?:s)? (?:location|pick-?up)",
    "address",
    "código",
    "llave",
  ],
  "off-platform": [
    "venmo",
    "zelle",
    "cash ?app",
    "paypal",
    "pay (?:you )?(?:in )?cash",
    "cash",
    "whats ?app",
    "text me",
    "call me at",
    "my (?:cell|number|phone number) is",
    "email me",
    "outside (?:of )?(?:the )?(?:app|turo)",
    "off (?:the )?(?:app|platform)",
    "efectivo",
  ],
};

const ACTION_WORDS: Readonly<Record<ActionItem, readonly string[]>> = {
  "locked-out": [
    "locked out",
    "can'?t (?:get in|open|unlock|start)",
    "won'?t (?:open|unlock|start)",
    "(?:doesn'?t|does not|isn'?t) (?:open|unlock|work)",
    "stuck",
    "no puedo abrir",
  ],
  "damage-mentioned": TOPIC_WORDS.damage,
  "late-return": [
    "running late",
    "be late",
    "(?:return|bring) (?:it )?(?:back )?late",
    "stuck in traffic",
    "flight (?:is )?delayed",
    "llegar tarde",
  ],
  "smoke-or-mess": [
    "smok(?:e|ed|ing)",
    "cigarette",
    "vape",
    "weed",
    "spill(?:ed)?",
    "vomit",
    "dog hair",
    "pet hair",
    "mess",
    "stain",
    "fumar",
  ],
};

function matcher(words: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\d])(?:${words.join("|")})(?![\\p{L}\\d])`, "iu");
}

const TOPIC_MATCHERS = Object.entries(TOPIC_WORDS).map(
  ([topic, words]) => [topic as RestrictedTopic, matcher(words)] as const,
);
const ACTION_MATCHERS = Object.entries(ACTION_WORDS).map(
  ([item, words]) => [item as ActionItem, matcher(words)] as const,
);

export interface MessageCheck {
  topics: RestrictedTopic[];
  actionItems: ActionItem[];
  /** A restricted topic or anything to act on: a person takes it. */
  escalate: boolean;
}

/**
 * The restricted topics and action items of a guest's message. Access details only count as
 * restricted before the trip starts (`tripStarted` false or unknown): after it, where the key is
 * is an ordinary question.
 */
export function checkGuestMessage(
  text: string,
  options: { tripStarted?: boolean } = {},
): MessageCheck {
  const topics = TOPIC_MATCHERS.filter(
    ([topic, pattern]) =>
      pattern.test(text) && !(topic === "access-before-start" && options.tripStarted === true),
  ).map(([topic]) => topic);
  const actionItems = ACTION_MATCHERS.filter(([, pattern]) => pattern.test(text)).map(
    ([item]) => item,
  );
  return {
    topics,
    actionItems,
    escalate: topics.length > 0 || actionItems.length > 0,
  };
}

/** Where the host's own holding reply puts the guest's first name. */
export const GUEST_NAME_TOKEN = "{guest}";

/**
 * The reply a guest gets at once when a person has to answer: it promises nothing and keeps the
 * conversation in the marketplace. The host may write their own, with {guest} for the guest's
 * first name.
 */
export function holdingReply(guestName: string | null, hostText?: string | null): string {
  const first = guestName?.trim().split(/\s+/)[0];
  if (hostText?.trim())
    return hostText
      .trim()
      .split(GUEST_NAME_TOKEN)
      .join(first ?? "there");
  return `Hi${first ? ` ${first}` : ""}, thanks for your message! I've seen it and will get back to you here shortly.`;
}
