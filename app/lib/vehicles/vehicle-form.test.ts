import { getZodConstraint } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/http/form";
import { fieldErrorsOf } from "~/lib/http/form.server";
import {
  equipmentValues,
  VehicleFormSchema,
  vehicleFormForBrowser,
  withVehicleDefaults,
} from "./vehicle-form";

/** A 2021 Toyota (WMI 4T1, model-year code M) with a valid check digit. */
const TOYOTA_2021 = "4T1B11HK4MU123456";
/** The same VIN with the check digit (9th character) changed. */
const BAD_CHECK_DIGIT = "4T1B11HK5MU123456";

const base = { model: "Camry", bodyType: "sedan", priceClass: "mid", paintType: "solid" };

function errors(input: unknown) {
  const result = VehicleFormSchema.safeParse(input);
  if (result.success) throw new Error("expected the vehicle to be refused");
  return fieldErrorsOf(result.error.issues);
}

describe("VehicleFormSchema", () => {
  it("refuses a VIN with a wrong check digit, on the vin field", () => {
    expect(errors({ ...base, vin: BAD_CHECK_DIGIT, year: "2021", make: "Toyota" })).toEqual({
      vin: "The check digit (9th character) should be 4, not 5: check for a typo.",
    });
  });

  it("fills an empty year and make from a valid VIN, normalising it", () => {
    const vehicle = VehicleFormSchema.parse({
      ...base,
      vin: " 4t1b11hk4-mu123456 ",
      year: "",
      make: "",
    });
    expect(vehicle).toMatchObject({ vin: TOYOTA_2021, year: 2021, make: "Toyota" });
  });

  it("keeps what the host typed over the VIN's decode", () => {
    const vehicle = VehicleFormSchema.parse({
      ...base,
      vin: TOYOTA_2021,
      year: "2022",
      make: "Lexus",
    });
    expect(vehicle).toMatchObject({ year: 2022, make: "Lexus" });
  });

  it("asks for a missing model", () => {
    expect(errors({ ...base, model: undefined, year: "2021", make: "Toyota" })).toEqual({
      model: "Enter the model, e.g. Camry.",
    });
    expect(errors({ ...base, model: "   ", year: "2021", make: "Toyota" })).toEqual({
      model: "Enter the model, e.g. Camry.",
    });
  });

  it("shows every missing field at once", () => {
    expect(errors({ bodyType: "sedan", priceClass: "mid", paintType: "solid" })).toEqual({
      year: "Enter the model year, e.g. 2021.",
      make: "Enter the make, e.g. Toyota.",
      model: "Enter the model, e.g. Camry.",
    });
  });

  it("asks for year and make when there is no VIN to fill them", () => {
    expect(errors({ ...base, year: "", make: " " })).toEqual({
      year: "Enter the model year, e.g. 2021.",
      make: "Enter the make, e.g. Toyota.",
    });
  });

  it("asks for each choice in plain words", () => {
    expect(errors({ model: "Camry", year: "2021", make: "Toyota", bodyType: "tank" })).toEqual({
      bodyType: "Choose the body type.",
      priceClass: "Choose the price class.",
      paintType: "Choose the paint type.",
    });
  });

  it("turns empty optional fields into null and defaults the status to active", () => {
    expect(
      VehicleFormSchema.parse({ ...base, year: "2019", make: "Honda", nickname: " ", plate: "" }),
    ).toEqual({
      nickname: null,
      vin: null,
      year: 2019,
      make: "Honda",
      model: "Camry",
      trim: null,
      bodyType: "sedan",
      priceClass: "mid",
      paintType: "solid",
      plate: null,
      status: "active",
      windshieldCamera: null,
      frontRadar: null,
      frontParkingSensors: null,
      rearParkingSensors: null,
      blindSpotMonitors: null,
      rearCamera: null,
      surroundCameras: null,
      headlampType: null,
      aluminumPanels: null,
    });
  });

  it("reads equipment as yes, no or not sure, and aluminum panels as a stored list", () => {
    const parsed = VehicleFormSchema.parse({
      ...base,
      year: "2022",
      make: "Ford",
      windshieldCamera: "yes",
      frontRadar: "no",
      rearCamera: "",
      headlampType: "led",
      aluminumPanels: ["hood", "front-door-left"],
    });
    expect(parsed).toMatchObject({
      windshieldCamera: true,
      frontRadar: false,
      rearCamera: null,
      headlampType: "led",
      aluminumPanels: JSON.stringify(["hood", "front-door-left"]),
    });
    expect(
      errors({ ...base, year: "2022", make: "Ford", aluminumPanels: ["front-bumper"] })
        .aluminumPanels,
    ).toBe("Only sheet-metal panels can be aluminum.");
  });

  it("reads the seat material: leather or cloth, '' for not sure, and refuses anything else", () => {
    const car = { ...base, year: "2022", make: "Audi" };
    expect(VehicleFormSchema.parse({ ...car, interiorMaterial: "leather" }).interiorMaterial).toBe(
      "leather",
    );
    expect(VehicleFormSchema.parse({ ...car, interiorMaterial: "" }).interiorMaterial).toBeNull();
    expect(errors({ ...car, interiorMaterial: "velvet" }).interiorMaterial).toBe(
      "Choose the seat material from the list.",
    );
    expect(
      equipmentValues({
        equipment: {} as never,
        headlampType: null,
        aluminumPanels: null,
        interiorMaterial: "cloth",
      }).interiorMaterial,
    ).toBe("cloth");
  });

  it("tells 'no aluminum panels' (None, or the API's empty list) from 'not sure' (nothing)", () => {
    const car = { ...base, year: "2022", make: "Ford" };
    expect(VehicleFormSchema.parse({ ...car, aluminumPanels: "none" }).aluminumPanels).toBe("[]");
    expect(VehicleFormSchema.parse({ ...car, aluminumPanels: [] }).aluminumPanels).toBe("[]");
    expect(VehicleFormSchema.parse(car).aluminumPanels).toBeNull();
    expect(errors({ ...car, aluminumPanels: ["none", "hood"] }).aluminumPanels).toBe(
      "Check “None” or the aluminum panels, not both.",
    );
    expect(
      equipmentValues({ equipment: {} as never, headlampType: null, aluminumPanels: [] })
        .aluminumPanels,
    ).toEqual(["none"]);
    expect(
      equipmentValues({ equipment: {} as never, headlampType: null, aluminumPanels: null })
        .aluminumPanels,
    ).toEqual([]);
  });

  it("refuses impossible years", () => {
    for (const year of ["1800", "20x1", "2021.5", "99999"]) {
      expect(errors({ ...base, year, make: "Toyota" }).year).toBe(
        "Enter the model year, e.g. 2021.",
      );
    }
  });

  it("never throws on hostile input: it parses or returns messages", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom("", " ", "<script>alert(1)</script>", "' OR 1=1 --", "\u0000", "𝔘𝔫𝔦"),
    );
    const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const field = fc.constantFrom(
      "nickname",
      "vin",
      "year",
      "make",
      "model",
      "trim",
      "bodyType",
      "priceClass",
      "paintType",
      "plate",
      "status",
      "__proto__",
      "constructor",
    );
    fc.assert(
      fc.property(fc.dictionary(field, value), (input) => {
        const result = VehicleFormSchema.safeParse(input);
        if (!result.success) {
          for (const message of Object.values(fieldErrorsOf(result.error.issues))) {
            expect(message).toEqual(expect.any(String));
            expect(message?.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("the vehicle form's native constraints", () => {
  const constraint = getZodConstraint(vehicleFormForBrowser);

  it("leave year and make optional in the browser: the server fills them from a VIN", () => {
    expect(constraint.year?.required).toBe(false);
    expect(constraint.make?.required).toBe(false);
    expect(constraint.vin?.required).toBe(false);
  });

  it("require the model and the three pricing choices, not the status", () => {
    for (const name of ["model", "bodyType", "priceClass", "paintType"]) {
      expect(constraint[name]?.required, name).toBe(true);
    }
    expect(constraint.status?.required).toBe(false);
  });

  it("parse in the browser as on the server (the VIN fills a blank year and make)", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...base, vin: TOYOTA_2021, year: "", make: "" }))
      form.set(name, value);
    const submission = parseSubmission(form, vehicleFormForBrowser);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      year: 2021,
      make: "Toyota",
    });
  });
});

describe("the JSON API's vehicle", () => {
  it("takes the year as a number too, with the same message for an impossible one", () => {
    expect(VehicleFormSchema.parse({ ...base, year: 2020, make: "Honda" }).year).toBe(2020);
    expect(errors({ ...base, year: 2020.5, make: "Honda" }).year).toBe(
      "Enter the model year, e.g. 2021.",
    );
  });
});

describe("withVehicleDefaults (the JSON API)", () => {
  it("fills price class from the VIN's make and the paint, and says so", () => {
    // A 2021 Toyota VIN: the make comes from the VIN, so the class is mid-range.
    const { input, assumed } = withVehicleDefaults({
      vin: "4T1B11HK4MU123456",
      model: "Camry",
      bodyType: "sedan",
    });
    expect(assumed).toEqual(["priceClass", "paintType"]);
    const parsed = VehicleFormSchema.safeParse(input);
    expect(parsed.success && parsed.data).toMatchObject({
      make: "Toyota",
      priceClass: "mid",
      paintType: "metallic-pearl",
    });
  });

  it("keeps what the client sent", () => {
    const { input, assumed } = withVehicleDefaults({
      year: 2022,
      make: "BMW",
      model: "X3",
      bodyType: "suv",
      priceClass: "luxury",
    });
    expect(assumed).toEqual(["paintType"]);
    expect(input.priceClass).toBe("luxury");
  });
});
