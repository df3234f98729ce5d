import { describe, expect, it } from "vitest";
import { marketplace } from "~/config/marketplace";
import {
  buildClaimLetter,
  claimLetterToText,
  evidenceChecklist,
  MAX_ADDITIONAL_CHARGES,
  validateInsuranceClaimInput,
  type InsuranceClaimInput,
} from "./insurance-claim-letter";
import { InvalidInputError } from "./validation";

const input: InsuranceClaimInput = {
  host: {
    name: "Sam Rivera",
    businessName: "Rivera Rentals LLC",
    email: "sam@example.com",
    phone: "(408) 555-0100",
    address: "1 Market St, San Jose, CA 95113",
  },
  guest: { name: "Alex Chen", email: "alex@example.com" },
  insurer: { name: "Acme Mutual", policyNumber: "PA-123-456", email: "claims@acme.example" },
  vehicle: { description: "2022 Tesla Model 3", vin: "5YJ3E1EA7NF000001", licensePlate: "8ABC123" },
  trip: { reservationId: "R-98765", startDate: "2026-06-05", endDate: "2026-06-08" },
  incident: {
    date: "2026-06-07",
    location: "Santa Cruz, CA",
    description:
      "The rear bumper was scraped and cracked while parking.\n\nThe guest reported it at drop-off.",
  },
  repairEstimateCents: 1_850_40,
  repairShop: "Bay Collision Center",
  additionalCharges: [
    { description: "Towing", amountCents: 125_00 },
    { description: "Loss of use (4 days)", amountCents: 480_00 },
  ],
  guestPlan: "declined",
  letterDate: "2026-06-10",
  evidence: { "pre-trip-photos": true, "post-trip-photos": true, "repair-estimate": true },
};

describe("buildClaimLetter", () => {
  const letter = buildClaimLetter(input);

  it("addresses the insurer and references the policy", () => {
    expect(letter.date).toBe("June 10, 2026");
    expect(letter.senderLines).toEqual([
      "Sam Rivera",
      "Rivera Rentals LLC",
      "1 Market St, San Jose, CA 95113",
      "(408) 555-0100",
      "sam@example.com",
    ]);
    expect(letter.recipientLines).toEqual([
      "Acme Mutual, Claims Department",
      "claims@acme.example",
    ]);
    expect(letter.subject).toBe(
      "Property damage claim: 2022 Tesla Model 3, your insured Alex Chen, policy PA-123-456",
    );
    expect(letter.salutation).toBe("Dear Acme Mutual Claims Team,");
    expect(letter.references).toEqual([
      { label: "Your insured", value: "Alex Chen" },
      { label: "Policy number", value: "PA-123-456" },
      { label: "Date of loss", value: "June 7, 2026" },
      { label: "Vehicle", value: "2022 Tesla Model 3, VIN 5YJ3E1EA7NF000001, plate 8ABC123" },
      { label: `${marketplace.name} reservation`, value: "R-98765" },
      { label: "Amount claimed", value: "$2,455.40" },
    ]);
  });

  it("itemizes the charges and totals them", () => {
    expect(letter.charges).toEqual({
      lines: [
        {
          description: "Repair estimate (Bay Collision Center)",
          amountCents: 1_850_40,
          amount: "$1,850.40",
        },
        { description: "Towing", amountCents: 125_00, amount: "$125.00" },
        { description: "Loss of use (4 days)", amountCents: 480_00, amount: "$480.00" },
      ],
      totalCents: 2_455_40,
      total: "$2,455.40",
    });
  });

  it("tells the story in sections", () => {
    expect(letter.sections.map((section) => section.heading)).toEqual([
      "Claim",
      "What happened",
      "Damages",
      "Request",
    ]);
    const [claim, happened, damages, request] = letter.sections;
    expect(claim?.paragraphs[0]).toBe(
      `I am writing to submit a property damage claim under the auto policy of your insured, Alex Chen (policy PA-123-456). Alex Chen rented my 2022 Tesla Model 3 through ${marketplace.name}, a peer-to-peer car-sharing marketplace, from June 5, 2026 to June 8, 2026 (reservation R-98765), and the car was damaged during that rental.`,
    );
    expect(claim?.paragraphs[1]).toContain("declined the protection plans");
    expect(happened?.paragraphs).toEqual([
      "Date of loss: June 7, 2026, at Santa Cruz, CA.",
      "The rear bumper was scraped and cracked while parking.",
      "The guest reported it at drop-off.",
    ]);
    expect(damages?.paragraphs[0]).toBe(
      "The amounts claimed are itemized below and total $2,455.40. The repair estimate was prepared by Bay Collision Center.",
    );
    expect(request?.paragraphs[0]).toContain("Please open a claim");
    expect(letter.enclosures).toEqual([
      "Pre-trip photos",
      "Post-trip photos",
      "Itemized repair estimate",
    ]);
    expect(letter.closing).toBe("Sincerely,");
    expect(letter.signatureLines).toEqual([
      "Sam Rivera",
      "Rivera Rentals LLC",
      "(408) 555-0100",
      "sam@example.com",
    ]);
  });

  it("uses an existing claim number and a police report", () => {
    const withNumbers = buildClaimLetter({
      ...input,
      insurer: { ...input.insurer, claimNumber: "CLM-1" },
      incident: { ...input.incident, policeReportNumber: "SCPD-77" },
    });
    expect(withNumbers.references).toContainEqual({ label: "Claim number", value: "CLM-1" });
    expect(withNumbers.sections[3]?.paragraphs[0]).toContain("under claim number CLM-1");
    expect(withNumbers.sections[1]?.paragraphs).toContain("Police report number: SCPD-77.");
  });

  it("mentions a chosen guest plan, or nothing when unknown", () => {
    const standard = buildClaimLetter({ ...input, guestPlan: "standard" });
    expect(standard.sections[0]?.paragraphs[1]).toBe(
      `When booking, Alex Chen chose the Standard protection plan on ${marketplace.name}.`,
    );
    const unknown = buildClaimLetter({ ...input, guestPlan: undefined });
    expect(unknown.sections[0]?.paragraphs).toHaveLength(1);
  });

  it("works with only the required fields", () => {
    const minimal = buildClaimLetter({
      host: { name: "Sam", email: "sam@example.com" },
      guest: { name: "Alex" },
      insurer: { name: "Acme", policyNumber: "P1" },
      vehicle: { description: "Civic" },
      trip: { reservationId: "R1", startDate: "2026-01-01", endDate: "2026-01-01" },
      incident: { date: "2026-01-01", description: "Dent in the door." },
      repairEstimateCents: 300_00,
      additionalCharges: [],
      letterDate: "2026-01-01",
    });
    expect(minimal.charges.lines).toEqual([
      { description: "Repair estimate", amountCents: 300_00, amount: "$300.00" },
    ]);
    expect(minimal.senderLines).toEqual(["Sam", "sam@example.com"]);
    expect(minimal.recipientLines).toEqual(["Acme, Claims Department"]);
    expect(minimal.sections[1]?.paragraphs[0]).toBe("Date of loss: January 1, 2026.");
    expect(minimal.enclosures).toEqual([]);
  });

  it("a claim of other charges only has no repair line", () => {
    const chargesOnly = buildClaimLetter({ ...input, repairEstimateCents: 0 });
    expect(chargesOnly.charges.lines.map((line) => line.description)).toEqual([
      "Towing",
      "Loss of use (4 days)",
    ]);
    expect(chargesOnly.charges.totalCents).toBe(605_00);
  });

  it("never argues fault or coverage", () => {
    const text = claimLetterToText(letter);
    expect(text).not.toMatch(
      /fault|liab|negligen|coverage applies|you must pay|our responsibility/i,
    );
  });

  it("trims what the host typed", () => {
    const messy = buildClaimLetter({
      ...input,
      guest: { name: "  Alex Chen  " },
      repairShop: "  ",
    });
    expect(messy.references[0]?.value).toBe("Alex Chen");
    expect(messy.charges.lines[0]?.description).toBe("Repair estimate");
  });

  it("refuses invalid input", () => {
    expect(() => buildClaimLetter({ ...input, letterDate: "June 10" })).toThrow(InvalidInputError);
  });
});

describe("claimLetterToText", () => {
  it("renders a complete plain-text letter", () => {
    const text = claimLetterToText(buildClaimLetter(input));
    expect(text).toBe(`Sam Rivera
Rivera Rentals LLC
1 Market St, San Jose, CA 95113
(408) 555-0100
sam@example.com

June 10, 2026

Acme Mutual, Claims Department
claims@acme.example

Re: Property damage claim: 2022 Tesla Model 3, your insured Alex Chen, policy PA-123-456

Your insured: Alex Chen
Policy number: PA-123-456
Date of loss: June 7, 2026
Vehicle: 2022 Tesla Model 3, VIN 5YJ3E1EA7NF000001, plate 8ABC123
${marketplace.name} reservation: R-98765
Amount claimed: $2,455.40

Dear Acme Mutual Claims Team,

I am writing to submit a property damage claim under the auto policy of your insured, Alex Chen (policy PA-123-456). Alex Chen rented my 2022 Tesla Model 3 through ${marketplace.name}, a peer-to-peer car-sharing marketplace, from June 5, 2026 to June 8, 2026 (reservation R-98765), and the car was damaged during that rental.

When booking, Alex Chen declined the protection plans offered by ${marketplace.name}, so I am directing this claim to their personal auto policy.

Date of loss: June 7, 2026, at Santa Cruz, CA.

The rear bumper was scraped and cracked while parking.

The guest reported it at drop-off.

The amounts claimed are itemized below and total $2,455.40. The repair estimate was prepared by Bay Collision Center.

  Repair estimate (Bay Collision Center)       $1,850.40
  Towing                                         $125.00
  Loss of use (4 days)                           $480.00
  Total                                        $2,455.40

Please open a claim, confirm receipt with the claim number, and let me know which adjuster is handling it and what else you need from me.

The car is available for inspection, and I can send the original photos with their capture times on request.

Enclosures:
- Pre-trip photos
- Post-trip photos
- Itemized repair estimate

Sincerely,

Sam Rivera
Rivera Rentals LLC
(408) 555-0100
sam@example.com
`);
  });
});

describe("evidenceChecklist", () => {
  it("lists what to send, marks what the host has", () => {
    const list = evidenceChecklist(input);
    expect(list.map((item) => [item.id, item.importance, item.provided])).toEqual([
      ["pre-trip-photos", "required", true],
      ["post-trip-photos", "required", true],
      ["repair-estimate", "required", true],
      ["trip-receipt", "required", false],
      ["registration", "required", false],
      ["charge-receipts", "required", false],
      ["police-report", "recommended", false],
      ["damage-report", "recommended", false],
      ["guest-messages", "recommended", false],
      ["guest-insurance-details", "recommended", false],
    ]);
  });

  it("quotes the photo and reporting windows from the rules", () => {
    const list = evidenceChecklist(input);
    expect(list.find((item) => item.id === "pre-trip-photos")?.detail).toContain(
      "24 hours before the trip started",
    );
    expect(list.find((item) => item.id === "post-trip-photos")?.detail).toContain(
      "within 24 hours of the trip's end",
    );
    expect(list.find((item) => item.id === "damage-report")?.detail).toContain("within 24 hours");
    expect(list.find((item) => item.id === "trip-receipt")?.detail).toContain("R-98765");
    expect(list.find((item) => item.id === "charge-receipts")?.detail).toBe(
      "One for each charge in the letter: Towing, Loss of use (4 days).",
    );
  });

  it("needs no charge receipts without other charges", () => {
    const list = evidenceChecklist({ ...input, additionalCharges: [] });
    expect(list.some((item) => item.id === "charge-receipts")).toBe(false);
  });

  it("a police report number makes the report required", () => {
    const list = evidenceChecklist({
      ...input,
      incident: { ...input.incident, policeReportNumber: "SCPD-77" },
    });
    expect(list.find((item) => item.id === "police-report")).toMatchObject({
      importance: "required",
      detail: "Report number SCPD-77, as quoted in the letter.",
    });
  });

  it("nothing is provided when the host ticked nothing", () => {
    expect(evidenceChecklist({ ...input, evidence: undefined }).some((item) => item.provided)).toBe(
      false,
    );
  });
});

describe("validateInsuranceClaimInput", () => {
  it("accepts the example", () => {
    expect(validateInsuranceClaimInput(input)).toEqual({});
  });

  it("lists every missing required field of an empty form", () => {
    expect(validateInsuranceClaimInput({})).toEqual({
      "host.name": "Enter your name.",
      "host.email": "Enter your email address.",
      "guest.name": "Enter the guest's name (the insurer's policyholder or driver).",
      "insurer.name": "Enter the insurance company's name.",
      "insurer.policyNumber": "Enter the guest's policy number.",
      "vehicle.description": "Describe the car (year, make, model).",
      "trip.reservationId": "Enter the reservation ID.",
      "trip.startDate": "Enter the trip start date as a real date (YYYY-MM-DD).",
      "trip.endDate": "Enter the trip end date as a real date (YYYY-MM-DD).",
      "incident.date": "Enter the incident date as a real date (YYYY-MM-DD).",
      "incident.description": "Describe what happened.",
      repairEstimateCents: "Repair estimate must be a number.",
      letterDate: "Enter the letter date as a real date (YYYY-MM-DD).",
    });
  });

  it.each<[string, Partial<InsuranceClaimInput>, string, string]>([
    [
      "bad host email",
      { host: { ...input.host, email: "sam@" } },
      "host.email",
      "Enter your email address.",
    ],
    [
      "bad guest email",
      { guest: { name: "Alex", email: "nope" } },
      "guest.email",
      "Check the guest's email address.",
    ],
    [
      "bad insurer email",
      { insurer: { ...input.insurer, email: "x" } },
      "insurer.email",
      "Check the insurer's email address.",
    ],
    [
      "trip ends before it starts",
      { trip: { ...input.trip, endDate: "2026-06-01" } },
      "trip.endDate",
      "The trip end date is before the start date.",
    ],
    [
      "incident before the trip",
      { incident: { ...input.incident, date: "2026-06-04" } },
      "incident.date",
      "The incident date must fall within the trip dates.",
    ],
    [
      "incident after the trip",
      { incident: { ...input.incident, date: "2026-06-09" } },
      "incident.date",
      "The incident date must fall within the trip dates.",
    ],
    [
      "impossible date",
      { trip: { ...input.trip, startDate: "2026-02-30" } },
      "trip.startDate",
      "Enter the trip start date as a real date (YYYY-MM-DD).",
    ],
    [
      "letter before incident",
      { letterDate: "2026-06-06" },
      "letterDate",
      "The letter date is before the incident.",
    ],
    [
      "negative estimate",
      { repairEstimateCents: -1 },
      "repairEstimateCents",
      "Repair estimate must be between $0 and $10,000,000.",
    ],
    [
      "fractional cents",
      { repairEstimateCents: 0.5 },
      "repairEstimateCents",
      "Repair estimate must be a whole number of cents.",
    ],
    [
      "nothing claimed",
      { repairEstimateCents: 0, additionalCharges: [] },
      "repairEstimateCents",
      "Enter the repair estimate or at least one charge.",
    ],
    [
      "charge without description",
      { additionalCharges: [{ description: " ", amountCents: 10 }] },
      "additionalCharges[0].description",
      "Describe the charge.",
    ],
    [
      "negative charge",
      { additionalCharges: [{ description: "Tow", amountCents: -10 }] },
      "additionalCharges[0].amountCents",
      "The amount must be between $0 and $10,000,000.",
    ],
    [
      "unknown guest plan",
      { guestPlan: "gold" as never },
      "guestPlan",
      "Choose the guest's protection plan, or leave it blank.",
    ],
    [
      "long description",
      { incident: { ...input.incident, description: "x".repeat(4001) } },
      "incident.description",
      "Keep this under 4,000 characters.",
    ],
    [
      "long VIN",
      { vehicle: { ...input.vehicle, vin: "x".repeat(18) } },
      "vehicle.vin",
      "Keep this under 17 characters.",
    ],
  ])("%s", (_name, override, field, message) => {
    expect(validateInsuranceClaimInput({ ...input, ...override })).toEqual({ [field]: message });
  });

  it("caps the number of charges", () => {
    const charges = Array.from({ length: MAX_ADDITIONAL_CHARGES + 1 }, () => ({
      description: "Fee",
      amountCents: 1,
    }));
    expect(validateInsuranceClaimInput({ ...input, additionalCharges: charges })).toEqual({
      additionalCharges: "List at most 20 other charges.",
    });
  });

  it("survives hostile shapes from a form", () => {
    const errors = validateInsuranceClaimInput({
      host: "Sam",
      guest: null,
      insurer: 42,
      additionalCharges: "lots",
      repairEstimateCents: "100",
    } as never);
    expect(errors["host.name"]).toBeDefined();
    expect(errors["guest.name"]).toBeDefined();
    expect(errors.additionalCharges).toBe("Charges must be a list.");
    expect(errors.repairEstimateCents).toBe("Repair estimate must be a number.");
  });
});
