/**
 * Guest Message Templates: a library of messages by trip stage with {{variables}}. The host fills
 * the variables once (guest, car, times, place…) and every template updates.
 *
 * Ground rules, enforced by the tests:
 * - No template before trip start carries an access code (no such variable exists at all): access
 *   details go out through the marketplace's app once the trip is confirmed and check-in opens.
 * - No template admits liability: they state facts, point to evidence and the marketplace's
 *   process, and never say whose fault something is.
 * - Every deadline or fee a template mentions is read from marketplace-rules.ts.
 * - Messages ask to stay inside the marketplace's messaging, which is the record for disputes.
 */
import { marketplace } from "~/config/marketplace";
import { claimDeadlineRule, describeDuration, FEES, REIMBURSEMENT_RULE } from "./marketplace-rules";
import { formatCents } from "./money";
import {
  fillTemplate,
  missingVariables,
  TRIP_STAGES,
  type TemplateValues,
  type TemplateVariable,
  type TripStageId,
} from "./guest-message-fill";

// The stages, variables and filling live in their own module so the browser can fill a template
// without downloading every template's text (the page's loader sends those).
export {
  COMMON_TEMPLATE_VARIABLES,
  fillTemplate,
  missingVariables,
  TEMPLATE_VARIABLES,
  templateVariables,
  TRIP_STAGES,
  type TemplateValues,
  type TemplateVariable,
  type TripStageId,
} from "./guest-message-fill";

export type TemplateId =
  | "booking-confirmation"
  | "pre-pickup-instructions"
  | "curb-caution"
  | "return-reminder"
  | "late-return-extension"
  | "post-trip-thanks"
  | "damage-follow-up"
  | "toll-reimbursement"
  | "refuel-reimbursement"
  | "smoking"
  | "cleaning";

export interface GuestMessageTemplate {
  id: TemplateId;
  stage: TripStageId;
  title: string;
  /** When to send it. */
  whenToSend: string;
  /** The message, with {{variable}} placeholders. */
  body: string;
}

const name = marketplace.name;
const hours = (id: Parameters<typeof claimDeadlineRule>[0]) =>
  describeDuration(claimDeadlineRule(id).duration);
const fee = (cents: number) => formatCents(cents, { trimWholeDollars: true });
const disputeWindow = `${REIMBURSEMENT_RULE.guestDisputeWindowHours} hours`;
const signOff = "Thanks,\n{{hostName}}";
const stayInApp = `Please keep our messages here in the ${name} app so we both have a record.`;

export const GUEST_MESSAGE_TEMPLATES: readonly GuestMessageTemplate[] = [
  {
    id: "booking-confirmation",
    stage: "booking",
    title: "Booking confirmation",
    whenToSend: "As soon as the booking is confirmed.",
    body: `Hi {{guestName}},

Thanks for booking the {{vehicle}}! Your trip starts {{tripStart}} at {{location}} and ends {{tripEnd}}.

I'll send pickup instructions the day before your trip. Access details are shared in the ${name} app once check-in opens. ${stayInApp}

${signOff}`,
  },
  {
    id: "pre-pickup-instructions",
    stage: "pre-pickup",
    title: "Pickup instructions (the day before)",
    whenToSend: "The day before pickup.",
    body: `Hi {{guestName}},

Your trip in the {{vehicle}} starts tomorrow, {{tripStart}}, at {{location}}.

Before you drive off, please take photos in the ${name} app of all four sides, the wheels, the interior, the fuel or charge level and the odometer. I take the same set, and together they protect us both.

Access details come through the ${name} app when check-in opens. If anything is unclear, reply here.

${signOff}`,
  },
  {
    id: "curb-caution",
    stage: "pre-pickup",
    title: "Low-profile tires: curb caution",
    whenToSend: "Before pickup, for cars with low-profile tires or large wheels.",
    body: `Hi {{guestName}},

A quick heads-up about the {{vehicle}}: it has low-profile tires, so the wheels scrape easily on curbs.

When parking, please stop a little short of the curb, and take driveways and speed bumps slowly and at an angle. Curb scrapes on these wheels are costly to repair.

Enjoy the drive!

${signOff}`,
  },
  {
    id: "return-reminder",
    stage: "on-trip",
    title: "Refuel or charge, and return photos",
    whenToSend: "The day before or the morning of the return.",
    body: `Hi {{guestName}},

A reminder that your trip ends {{tripEnd}} at {{location}}.

Please return the {{vehicle}} with {{returnLevel}}. When you drop it off, take photos in the ${name} app of all four sides, the wheels, the interior, the fuel or charge level and the odometer.

${signOff}`,
  },
  {
    id: "late-return-extension",
    stage: "on-trip",
    title: "Late return or extension",
    whenToSend: "When the guest may run late, or shortly before the return time.",
    body: `Hi {{guestName}},

Your trip in the {{vehicle}} is scheduled to end {{tripEnd}}. If you need more time, please request an extension in the ${name} app before then and I'll approve it if the car is free.

Under ${name}'s policy, returning ${FEES.lateReturn.minimumHoursLate} hours or more late adds a ${fee(FEES.lateReturn.feeCents)} late fee plus the cost of the extra time.

${signOff}`,
  },
  {
    id: "post-trip-thanks",
    stage: "post-trip",
    title: "Thanks and review request",
    whenToSend: "After the car is back and checked.",
    body: `Hi {{guestName}},

Thanks for taking good care of the {{vehicle}}. I hope the trip went well!

If you have a minute, a review on ${name} helps other guests find the car. I'll leave one for you too.

${signOff}`,
  },
  {
    id: "damage-follow-up",
    stage: "charges",
    title: "Damage follow-up with evidence",
    whenToSend: `After the post-trip inspection finds damage, within ${hours("report-damage")} of trip end.`,
    body: `Hi {{guestName}},

When the {{vehicle}} came back ({{tripEnd}}), I found {{damageDescription}}, which isn't in the pre-trip photos. I've attached the before-and-after photos to this message.

${name} asks hosts to report damage within ${hours("report-damage")} of the trip ending, so I've reported it, and I'll share a repair estimate within ${hours("repair-estimate")}. We can settle it between us, or it can go through ${name}'s claims process; either of us can ask ${name} to step in within ${hours("escalate")}.

Could you tell me what you know about it?

${signOff}`,
  },
  {
    id: "toll-reimbursement",
    stage: "charges",
    title: "Toll reimbursement",
    whenToSend: `When the toll statement arrives (requests are accepted up to ${hours("toll-reimbursement")} after the trip).`,
    body: `Hi {{guestName}},

The toll statement for the {{vehicle}} shows {{tollTotal}} in tolls during your trip ({{tripStart}} to {{tripEnd}}). I've sent a reimbursement request through ${name} with the statement attached.

You'll have ${disputeWindow} to review it in the app and dispute anything that looks wrong.

${signOff}`,
  },
  {
    id: "refuel-reimbursement",
    stage: "charges",
    title: "Refuel or recharge reimbursement",
    whenToSend: "After the return, when the car came back below the agreed level.",
    body: `Hi {{guestName}},

The {{vehicle}} went out with {{returnLevel}} and came back with {{returnedLevel}}; the photos are attached. I've sent a reimbursement request through ${name} for {{refuelCost}}, with the receipt.

You'll have ${disputeWindow} to review it in the app and dispute anything that looks wrong.

${signOff}`,
  },
  {
    id: "smoking",
    stage: "charges",
    title: "Smoking fee",
    whenToSend: "After the return, when there is smoke odor or evidence of smoking.",
    body: `Hi {{guestName}},

When the {{vehicle}} came back it had a smoke odor; the photos are attached. All cars on ${name} are non-smoking.

I've requested the {{smokingFee}} smoking fee through ${name}. The policy sets it at ${fee(FEES.smoking.odorOnlyCents)} for odor only, ${fee(FEES.smoking.odorWithEvidenceCents)} with physical evidence and ${fee(FEES.smoking.multipleIssuesCents)} for multiple cleaning issues. You'll have ${disputeWindow} to review it in the app.

${signOff}`,
  },
  {
    id: "cleaning",
    stage: "charges",
    title: "Cleaning fee",
    whenToSend: "After the return, when the car needed more than a normal clean.",
    body: `Hi {{guestName}},

The {{vehicle}} came back needing extra cleaning: {{cleaningIssue}}. The photos are attached.

I've sent a reimbursement request through ${name} for the {{cleaningFee}} cleaning fee. You'll have ${disputeWindow} to review it in the app and dispute anything that looks wrong.

${signOff}`,
  },
];

/**
 * How a sentence reads without a variable nobody knows, for the messages the inbox drafts by
 * itself: the phrase is left out (or said in general words) instead of showing a bracket.
 */
const WITHOUT: Partial<Record<TemplateVariable, ReadonlyArray<[RegExp, string]>>> = {
  guestName: [[/ \{\{guestName\}\}/g, ""]],
  hostName: [[/\n\{\{hostName\}\}/g, ""]],
  vehicle: [
    [/the \{\{vehicle\}\}/g, "the car"],
    [/\{\{vehicle\}\}/g, "the car"],
  ],
  location: [[/ at \{\{location\}\}/g, ""]],
  tripEnd: [[/ and ends \{\{tripEnd\}\}/g, ""]],
};

/**
 * The message with every known {{variable}} filled and the sentences around unknown ones
 * reworded (see WITHOUT), so no bracket reaches a guest, with the variables it had to leave
 * out. A variable no rewording covers stays as a "[Label]" placeholder, which the draft guard
 * blocks.
 */
export function fillTemplateLeavingOut(
  template: Pick<GuestMessageTemplate, "body">,
  values: TemplateValues,
): { text: string; missing: TemplateVariable[] } {
  const missing = missingVariables(template, values);
  let body = template.body;
  for (const key of missing) {
    for (const [pattern, replacement] of WITHOUT[key] ?? []) {
      body = body.replace(pattern, replacement);
    }
  }
  return { text: fillTemplate({ body }, values), missing };
}

/** Templates grouped by stage, in trip order (stages without templates are left out). */
export function templatesByStage(): Array<{
  stage: (typeof TRIP_STAGES)[number];
  templates: GuestMessageTemplate[];
}> {
  return TRIP_STAGES.map((stage) => ({
    stage,
    templates: GUEST_MESSAGE_TEMPLATES.filter((template) => template.stage === stage.id),
  })).filter((group) => group.templates.length > 0);
}

export function findTemplate(id: string): GuestMessageTemplate | undefined {
  return GUEST_MESSAGE_TEMPLATES.find((template) => template.id === id);
}
