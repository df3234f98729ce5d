/**
 * Realistic guest messages the inbox must handle, with what a careful host would do: which are
 * restricted (a person answers, the guest gets the holding reply) and what each asks to act on.
 * Shared by the unit tests and the end-to-end tests.
 */
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
