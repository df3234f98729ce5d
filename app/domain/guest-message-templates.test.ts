import { describe, expect, it } from "vitest";
import { marketplace } from "~/config/marketplace";
import {
  COMMON_TEMPLATE_VARIABLES,
  fillTemplate,
  findTemplate,
  GUEST_MESSAGE_TEMPLATES,
  missingVariables,
  TEMPLATE_VARIABLES,
  templatesByStage,
  templateVariables,
  TRIP_STAGES,
  type TemplateValues,
} from "./guest-message-templates";
import {
  CLAIM_DEADLINE_RULES,
  FEES,
  REIMBURSEMENT_RULE,
  TRIP_PHOTO_RULE,
} from "./marketplace-rules";

const allValues = Object.fromEntries(
  Object.entries(TEMPLATE_VARIABLES).map(([key, { example }]) => [key, example]),
) as Required<TemplateValues>;

const beforeTripStart = new Set<string>(
  TRIP_STAGES.filter((stage) => stage.beforeTripStart).map((stage) => stage.id),
);
const preTripTemplates = GUEST_MESSAGE_TEMPLATES.filter((template) =>
  beforeTripStart.has(template.stage),
);
const textOf = (template: (typeof GUEST_MESSAGE_TEMPLATES)[number]) =>
  [template.title, template.whenToSend, template.body].join("\n");

describe("the library", () => {
  it("covers every stage the issue lists", () => {
    // Pinned in order, written as one line rather than a copy of the list.
    expect(GUEST_MESSAGE_TEMPLATES.map((template) => template.id).join(" ")).toBe(
      "booking-confirmation pre-pickup-instructions curb-caution return-reminder late-return-extension post-trip-thanks damage-follow-up toll-reimbursement refuel-reimbursement smoking cleaning",
    );
  });

  it("has unique ids and known stages, in trip order", () => {
    const ids = GUEST_MESSAGE_TEMPLATES.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stageOrder = TRIP_STAGES.map((stage) => stage.id as string);
    const positions = GUEST_MESSAGE_TEMPLATES.map((template) => stageOrder.indexOf(template.stage));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("groups by stage", () => {
    const groups = templatesByStage();
    expect(groups.map((group) => group.stage.id)).toEqual(TRIP_STAGES.map((stage) => stage.id));
    expect(groups.flatMap((group) => group.templates)).toEqual(GUEST_MESSAGE_TEMPLATES);
  });

  it("finds templates by id", () => {
    expect(findTemplate("smoking")?.title).toBe("Smoking fee");
    expect(findTemplate("nope")).toBeUndefined();
  });

  it.each(GUEST_MESSAGE_TEMPLATES.map((template) => [template.id, template] as const))(
    "%s only uses known variables and greets the guest",
    (_id, template) => {
      const placeholders = [...template.body.matchAll(/\{\{\s*([^}]*)\s*\}\}/g)].map(
        (match) => match[1],
      );
      for (const key of placeholders) expect(Object.keys(TEMPLATE_VARIABLES)).toContain(key);
      expect(template.body.startsWith("Hi {{guestName}},")).toBe(true);
      // No stray or malformed braces once the real placeholders are removed.
      expect(template.body.replace(/\{\{[a-zA-Z]+\}\}/g, "")).not.toMatch(/[{}]/);
    },
  );

  it("every common variable is used somewhere", () => {
    const used = new Set(
      GUEST_MESSAGE_TEMPLATES.flatMap((template) => templateVariables(template)),
    );
    for (const key of COMMON_TEMPLATE_VARIABLES) expect(used).toContain(key);
    for (const key of Object.keys(TEMPLATE_VARIABLES)) expect(used).toContain(key);
  });

  it("names the marketplace from config", () => {
    expect(findTemplate("booking-confirmation")?.body).toContain(`${marketplace.name} app`);
  });
});

describe("safety rules", () => {
  const ACCESS_SECRET = /code|lock\s*box|key\s*box|pin|password|passcode|combination|access/i;

  it("there is no access-code variable at all", () => {
    for (const key of Object.keys(TEMPLATE_VARIABLES)) expect(key).not.toMatch(ACCESS_SECRET);
    for (const { label } of Object.values(TEMPLATE_VARIABLES))
      expect(label).not.toMatch(ACCESS_SECRET);
  });

  it.each(preTripTemplates.map((template) => [template.id, template] as const))(
    "%s (before trip start) carries no access code",
    (_id, template) => {
      for (const key of templateVariables(template)) expect(key).not.toMatch(ACCESS_SECRET);
      // No code handed over in prose either: "the code is 1234", "lockbox: 55", a bare PIN.
      expect(template.body).not.toMatch(/(code|combination|pin|lock\s*box|key\s*box)\s*(is|:)/i);
      expect(template.body).not.toMatch(/\d{3,}/);
      // Access details are promised through the app only.
      if (/access/i.test(template.body))
        expect(template.body).toMatch(/app when check-in opens|app once check-in opens/);
    },
  );

  it("pre-trip stages are exactly booking and pre-pickup", () => {
    expect([...beforeTripStart]).toEqual(["booking", "pre-pickup"]);
    expect(preTripTemplates.length).toBeGreaterThanOrEqual(3);
  });

  const LIABILITY_ADMISSIONS = [
    /our fault/i,
    /my fault/i,
    /\bwe(?:'re| are) (?:fully )?responsible/i,
    /\bI(?:'m| am) (?:fully )?responsible/i,
    /we apologi[sz]e for the damage/i,
    /(?:sorry|apologi[sz]e) (?:for|about) (?:the )?(?:damage|accident|breakdown|problem with the car)/i,
    /\b(?:we|I) (?:accept|admit) (?:liability|responsibility|fault)/i,
    /\bliab(?:le|ility)\b/i,
    /\b(?:we|I)(?: will|'ll) (?:pay|cover|reimburse) (?:for )?(?:the|your|any) (?:damage|repair|injur)/i,
    /\b(?:we|I) caused\b/i,
    /\bshould have (?:fixed|repaired|told|warned)/i,
    /\b(?:was|were) (?:already )?(?:broken|damaged|faulty) before/i,
    /\bnot your fault\b/i,
  ];

  it.each(GUEST_MESSAGE_TEMPLATES.map((template) => [template.id, template] as const))(
    "%s never admits liability",
    (_id, template) => {
      const filled = fillTemplate(template, allValues);
      for (const phrase of LIABILITY_ADMISSIONS) {
        expect(textOf(template)).not.toMatch(phrase);
        expect(filled).not.toMatch(phrase);
      }
    },
  );

  it("the liability check itself catches the phrases it should", () => {
    const samples = [
      "Sorry, that was our fault.",
      "We are responsible for the repair.",
      "We apologize for the damage.",
      "I'll pay for the damage.",
      "I accept liability.",
    ];
    for (const sample of samples) {
      expect(LIABILITY_ADMISSIONS.some((phrase) => phrase.test(sample))).toBe(true);
    }
  });

  it("every deadline a template mentions comes from the rules", () => {
    const ruleHours = new Set<number>([
      ...CLAIM_DEADLINE_RULES.filter((rule) => rule.duration.unit === "elapsed-hours").map(
        (rule) => rule.duration.amount,
      ),
      REIMBURSEMENT_RULE.guestDisputeWindowHours,
      FEES.lateReturn.minimumHoursLate,
      TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd,
    ]);
    const ruleDays = new Set<number>(
      CLAIM_DEADLINE_RULES.filter((rule) => rule.duration.unit === "calendar-days").map(
        (rule) => rule.duration.amount,
      ),
    );
    let mentions = 0;
    for (const template of GUEST_MESSAGE_TEMPLATES) {
      for (const match of textOf(template).matchAll(/(\d+)\s*(hours?|days?|h\b)/g)) {
        mentions++;
        const amount = Number(match[1]);
        expect(
          match[2]?.startsWith("day") ? ruleDays : ruleHours,
          `${template.id}: ${match[0]}`,
        ).toContain(amount);
      }
    }
    expect(mentions).toBeGreaterThan(5);
  });

  it("every fee a template states comes from the rules", () => {
    const ruleFees = new Set(
      [
        FEES.lateReturn.feeCents,
        FEES.smoking.odorOnlyCents,
        FEES.smoking.odorWithEvidenceCents,
        FEES.smoking.multipleIssuesCents,
      ].map((cents) => `$${cents / 100}`),
    );
    for (const template of GUEST_MESSAGE_TEMPLATES) {
      for (const match of textOf(template).matchAll(/\$\d[\d,.]*/g)) {
        expect(ruleFees, `${template.id}: ${match[0]}`).toContain(match[0]);
      }
    }
  });

  it("the damage message cites the rules' deadlines", () => {
    const body = findTemplate("damage-follow-up")?.body ?? "";
    expect(body).toContain("within 24 hours of the trip ending");
    expect(body).toContain("within 72 hours");
    expect(body).toContain("within 20 days");
    expect(body).toContain("photos");
  });

  it("charge messages point to the evidence and the dispute window", () => {
    for (const id of [
      "toll-reimbursement",
      "refuel-reimbursement",
      "smoking",
      "cleaning",
    ] as const) {
      const body = findTemplate(id)?.body ?? "";
      expect(body).toMatch(/attached/);
      expect(body).toContain("72 hours");
    }
    expect(findTemplate("smoking")?.body).toContain(
      "$50 for odor only, $150 with physical evidence and $250",
    );
    expect(findTemplate("late-return-extension")?.body).toContain(
      "2 hours or more late adds a $20 late fee",
    );
  });
});

describe("fillTemplate", () => {
  const booking = findTemplate("booking-confirmation")!;

  it("fills every variable", () => {
    for (const template of GUEST_MESSAGE_TEMPLATES) {
      const filled = fillTemplate(template, allValues);
      expect(filled).not.toMatch(/\{\{|\}\}|\[[A-Z][^\]]*\]/);
    }
    expect(fillTemplate(booking, allValues)).toContain(
      "Hi Alex,\n\nThanks for booking the 2022 Tesla Model 3!",
    );
  });

  it("shows a visible placeholder for missing or blank values", () => {
    const filled = fillTemplate(booking, { guestName: "  ", vehicle: "Civic" });
    expect(filled).toContain("Hi [Guest name],");
    expect(filled).toContain("Thanks for booking the Civic!");
    expect(filled).toContain("starts [Pickup time] at [Pickup and return place]");
    expect(filled).toContain("Thanks,\n[Your name]");
  });

  it("fills the same value everywhere it appears", () => {
    const template = { body: "{{guestName}} and {{ guestName }}" };
    expect(fillTemplate(template, { guestName: "Jo" })).toBe("Jo and Jo");
  });

  it("inserts values literally, in one pass", () => {
    const filled = fillTemplate(booking, { guestName: "{{vehicle}} $& $1", vehicle: "Civic" });
    expect(filled).toContain("Hi {{vehicle}} $& $1,");
  });

  it("trims values", () => {
    expect(fillTemplate({ body: "Hi {{guestName}}!" }, { guestName: "  Ana \n" })).toBe("Hi Ana!");
  });

  it("leaves unknown placeholders alone", () => {
    expect(fillTemplate({ body: "{{unknown}} {{guestName}}" }, { guestName: "Jo" })).toBe(
      "{{unknown}} Jo",
    );
  });

  it("lists the variables a template uses and which are missing", () => {
    expect(templateVariables(booking)).toEqual([
      "guestName",
      "vehicle",
      "tripStart",
      "location",
      "tripEnd",
      "hostName",
    ]);
    expect(missingVariables(booking, { guestName: "Jo", vehicle: " " })).toEqual([
      "vehicle",
      "tripStart",
      "location",
      "tripEnd",
      "hostName",
    ]);
    expect(missingVariables(booking, allValues)).toEqual([]);
  });
});
