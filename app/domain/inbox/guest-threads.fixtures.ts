/**
 * Realistic guest messages the inbox must handle, with what a careful host would do: which are
 * restricted (a person answers, the guest gets the holding reply) and what each asks to act on.
 * Shared by the unit tests and the end-to-end tests.
 */
import type { KnowledgeTopic } from "./knowledge";
import type { ActionItem, RestrictedTopic } from "./restricted-topics";

export interface GuestThreadFixture {
  name: string;
  text: string;
  tripStarted: boolean;
  topics: RestrictedTopic[];
  actionItems: ActionItem[];
}

export const GUEST_THREADS: readonly GuestThreadFixture[] = [
  {
    name: "lock-out",
    text: "I'm at the car and it won't unlock, the app keeps spinning. Help!",
    tripStarted: true,
    topics: [],
    actionItems: ["locked-out"],
  },
  {
    name: "early check-in",
    text: "Hi! My flight lands early, could I pick it up early, around 8am instead of 11?",
    tripStarted: false,
    topics: ["trip-change"],
    actionItems: [],
  },
  {
    name: "smoke smell",
    text: "Just picked up the car and it smells like smoke inside. Not from me!",
    tripStarted: true,
    topics: [],
    actionItems: ["smoke-or-mess"],
  },
  {
    name: "early pickup in other words",
    text: "Could I pick it up two hours early? My flight lands at 8.",
    tripStarted: false,
    topics: ["trip-change"],
    actionItems: [],
  },
  {
    name: "toll device question",
    text: "Does the car have a toll transponder, or should I avoid the toll roads?",
    tripStarted: false,
    topics: [],
    actionItems: [],
  },
  {
    name: "extension request",
    text: "Loving the car. Can I extend my trip until Sunday evening?",
    tripStarted: true,
    topics: ["trip-change"],
    actionItems: [],
  },
  {
    name: "code asked before start",
    text: "What's the lockbox code so I can grab the keys tomorrow?",
    tripStarted: false,
    topics: ["access-before-start"],
    actionItems: [],
  },
  {
    name: "off-platform payment",
    text: "For the extra day can I just Venmo you? Easier than the app.",
    tripStarted: true,
    topics: ["trip-change", "off-platform"],
    actionItems: [],
  },
  {
    name: "message in Spanish",
    text: "Hola, ¿puedo recoger el auto una hora antes? Gracias.",
    tripStarted: false,
    topics: ["trip-change"],
    actionItems: [],
  },
  {
    name: "parking question",
    text: "Where exactly is the car parked at the airport? Which level?",
    tripStarted: false,
    topics: [],
    actionItems: [],
  },
  {
    name: "damage reported by the guest",
    text: "Someone scratched the rear bumper in the parking lot overnight, sorry. What should I do?",
    tripStarted: true,
    topics: ["damage"],
    actionItems: ["damage-mentioned"],
  },
];

/**
 * Conversations where the guest wrote again (or asked several things at once) before the host
 * replied, as guests really do: each with the knowledge topics one reply answers, what it holds
 * for a person, and the holding line the guest reads.
 */
export interface MultiQuestionFixture {
  name: string;
  /** The guest's messages, oldest first, none answered yet. */
  messages: string[];
  tripStarted: boolean;
  /** Knowledge topics the reply answers (the host has entries for every topic). */
  answers: KnowledgeTopic[];
  /** Restricted topics and action items it holds for a person. */
  held: Array<RestrictedTopic | ActionItem>;
  /** The line the guest reads about what is held (none when nothing is). */
  holdingLine: string | null;
}

export const MULTI_QUESTION_THREADS: readonly MultiQuestionFixture[] = [
  {
    name: "parking, then a discount for extending",
    messages: ["Where do I park at pickup?", "Can I get a discount if I extend two days?"],
    tripStarted: false,
    answers: ["pickup-spot"],
    held: ["trip-change", "price"],
    holdingLine: "I'll confirm the extension and the discount shortly.",
  },
  {
    name: "tolls and fuel in one message, then a refund",
    messages: [
      "Hi! Does the car have a toll transponder? And what gas does it take?",
      "Also, I was charged twice for the booking, can I get a refund for one?",
    ],
    tripStarted: false,
    answers: ["fuel", "toll-device"],
    held: ["price"],
    holdingLine: "I'll confirm the refund shortly.",
  },
  {
    name: "on the trip: a scratch, mileage, and an extension",
    messages: [
      "Hey, quick one: how many miles a day are included?",
      "Someone scratched the rear bumper in the lot overnight, sorry.",
      "And could I extend until Sunday evening?",
    ],
    tripStarted: true,
    answers: ["mileage"],
    held: ["damage", "damage-mentioned", "trip-change"],
    holdingLine: "I'll confirm the next steps about the damage and the extension shortly.",
  },
  {
    name: "four questions: parking, charging, a code before the start, pets",
    messages: [
      "Which level is the car parked on?",
      "Can I charge it at a Supercharger?",
      "What's the lockbox code so I can grab the keys tomorrow?",
      "Is it OK to bring my dog?",
    ],
    tripStarted: false,
    answers: ["pickup-spot", "ev-charging", "cleaning"],
    held: ["access-before-start"],
    holdingLine: "Access details come through the Turo app when check-in opens.",
  },
  {
    name: "two plain questions, nothing restricted",
    messages: ["Where exactly is the car parked?", "Does it have a toll transponder?"],
    tripStarted: false,
    answers: ["pickup-spot", "toll-device"],
    held: [],
    holdingLine: null,
  },
];
