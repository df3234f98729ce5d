/**
 * The host's knowledge base: what a guest may ask and the host has answered once (where the car
 * is parked, the fuel, tolls…), each entry dated by when the host last confirmed it. A draft reply
 * is built only from entries, and lists the ones it used, so nothing in it is made up; entries not
 * confirmed for 90 days are flagged stale, because stale answers, not models, cause most wrong
 * replies.
 */

export const KNOWLEDGE_TOPICS = [
  "pickup-spot",
  "key-steps",
  "fuel",
  "ev-charging",
  "toll-device",
  "tires-and-curbs",
  "mileage",
  "cleaning",
  "smoking",
] as const;
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];

export const KNOWLEDGE_TOPIC_INFO: Readonly<
  Record<KnowledgeTopic, { label: string; example: string; words: readonly string[] }>
> = {
  "pickup-spot": {
    label: "Pickup spot",
    example: "The car is on level 2 of the Economy Lot, row F, close to the elevators.",
    words: [
      "parked",
      "park",
      "where is the car",
      "which level",
      "pick ?up",
      "pickup",
      "parking lot",
      "garage",
      "find the car",
    ],
  },
  "key-steps": {
    label: "Keys and unlocking (sent only once the trip has started)",
    example: "Unlock the car in the app; the key is in the glove box.",
    words: ["key", "keys", "unlock", "open the car", "start the car"],
  },
  fuel: {
    label: "Fuel",
    example: "Regular unleaded (87). Please return it with the same level you got it at.",
    words: ["gas", "fuel", "petrol", "diesel", "unleaded", "premium", "octane", "fill (?:it )?up"],
  },
  "ev-charging": {
    label: "EV charging",
    example: "It charges at any Supercharger; the adapter for other chargers is in the frunk.",
    words: ["charg(?:e|er|ing)", "supercharger", "battery", "range", "plug"],
  },
  "toll-device": {
    label: "Toll device",
    example: "The car has a toll transponder; tolls are billed to you after the trip at cost.",
    words: ["toll", "tolls", "transponder", "e-?zpass", "fastrak", "sunpass"],
  },
  "tires-and-curbs": {
    label: "Tires and curbs",
    example: "The wheels have low-profile tires: please keep away from curbs when parking.",
    words: ["tire", "tires", "curb", "curbs", "wheel", "wheels"],
  },
  mileage: {
    label: "Mileage limit",
    example: "200 miles a day are included; extra miles are charged at the listed rate.",
    words: ["miles", "mileage", "distance", "road trip", "how far"],
  },
  cleaning: {
    label: "Cleaning",
    example: "Please return it as clean as you got it; sand and pet hair need a cleaning fee.",
    words: ["clean", "cleaning", "wash", "vacuum", "dirty", "sand", "pets?", "dogs?"],
  },
  smoking: {
    label: "Smoking",
    example: "No smoking or vaping in the car; smoke odor is charged as the marketplace allows.",
    words: ["smoke", "smoking", "vape", "vaping", "cigarette"],
  },
};

/** An entry not confirmed for this long is flagged stale. */
export const STALE_AFTER_DAYS = 90;
const DAY_MS = 86_400_000;

export interface KnowledgeEntry {
  topic: KnowledgeTopic;
  text: string;
  confirmedAt: number;
}

export function isStale(entry: Pick<KnowledgeEntry, "confirmedAt">, now = Date.now()): boolean {
  return now - entry.confirmedAt > STALE_AFTER_DAYS * DAY_MS;
}

const TOPIC_MATCHERS = KNOWLEDGE_TOPICS.map(
  (topic) =>
    [
      topic,
      new RegExp(
        `(?<![\\p{L}\\d])(?:${KNOWLEDGE_TOPIC_INFO[topic].words.join("|")})(?![\\p{L}\\d])`,
        "iu",
      ),
    ] as const,
);

/** The topics a guest's message asks about, in the knowledge base's order. */
export function topicsAskedAbout(text: string): KnowledgeTopic[] {
  return TOPIC_MATCHERS.filter(([, pattern]) => pattern.test(text)).map(([topic]) => topic);
}

export interface KnowledgeDraft {
  text: string;
  /** The entries the draft is made of. */
  used: KnowledgeTopic[];
  /** Entries used that haven't been confirmed lately. */
  stale: KnowledgeTopic[];
}

/**
 * A reply made of the host's entries for what the guest asked, or null when no entry answers it.
 * Key steps are left out before the trip starts (access details go out only at check-in).
 */
export function draftFromKnowledge(input: {
  message: string;
  entries: readonly KnowledgeEntry[];
  guestName: string | null;
  hostName: string | null;
  tripStarted: boolean;
  now?: number;
}): KnowledgeDraft | null {
  const asked = topicsAskedAbout(input.message).filter(
    (topic) => topic !== "key-steps" || input.tripStarted,
  );
  const entries = asked
    .map((topic) => input.entries.find((entry) => entry.topic === topic))
    .filter((entry): entry is KnowledgeEntry => Boolean(entry?.text.trim()));
  if (entries.length === 0) return null;
  const first = input.guestName?.trim().split(/\s+/)[0];
  const lines = [
    `Hi${first ? ` ${first}` : ""}, thanks for your message!`,
    "",
    ...entries.map((entry) => entry.text.trim()),
    "",
    "Let me know here if anything else comes up.",
    ...(input.hostName ? [input.hostName] : []),
  ];
  return {
    text: lines.join("\n"),
    used: entries.map((entry) => entry.topic),
    stale: entries.filter((entry) => isStale(entry, input.now)).map((entry) => entry.topic),
  };
}
