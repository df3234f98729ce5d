import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";
import type { Vehicle } from "~/domain/estimate/taxonomy";

describe("Lamps", () => {
  it("a broken headlamp on an economy car → aftermarket halogen + 0.8 h", () => {
    const estimate = run([finding("headlamp-left", "broken-lamp", "severe")], {
      priceClass: "economy",
    });
    expect(table(estimate)).toEqual([
      ["Replace", "headlamp-left", 0.8, 80_00],
      ["Part", "headlamp-left", null, 160_00],
      ["Tax", null, null, 16_00],
    ]);
    expect(only(estimate, "Part").description).toBe("Headlamp assembly, halogen (economy)");
    expect(estimate.costRaisers.join(" ")).toMatch(/Replacing the left headlamp can mean/);
  });

  it("luxury cars get LED by default; headlampType overrides", () => {
    const luxury = run([finding("headlamp-right", "crack", "moderate")], {
      priceClass: "luxury",
    });
    expect(only(luxury, "Part")).toMatchObject({
      amountCents: 1_500_00,
      description: "Headlamp assembly, LED (luxury)",
    });
    const midLed = run([finding("headlamp-right", "crack", "moderate")], { headlampType: "led" });
    expect(only(midLed, "Part").amountCents).toBe(1_000_00);
  });

  it("an HID (xenon) headlamp is priced between halogen and LED, from $400 for the assembly", () => {
    const partFor = (headlampType: "halogen" | "hid" | "led") =>
      only(run([finding("headlamp-left", "broken-lamp", "severe")], { headlampType }), "Part");
    const hid = partFor("hid");
    expect(hid).toMatchObject({
      amountCents: 650_00,
      description: "Headlamp assembly, HID xenon (mid-range)",
    });
    expect(hid.amountCents).toBeGreaterThan(partFor("halogen").amountCents);
    expect(hid.amountCents).toBeLessThan(partFor("led").amountCents);
    for (const priceClass of ["economy", "mid", "premium", "luxury", "ev-hybrid"] as const) {
      const part = only(
        run([finding("headlamp-left", "broken-lamp", "severe")], {
          priceClass,
          headlampType: "hid",
        }),
        "Part",
      );
      expect(part.amountCents).toBeGreaterThanOrEqual(400_00);
      expect(part.amountCents).toBeLessThanOrEqual(1_500_00);
    }
  });

  it("taillamps and fog lamps have their own prices and times", () => {
    expect(table(run([finding("taillamp-left", "broken-lamp", "moderate")])).slice(0, 2)).toEqual([
      ["Replace", "taillamp-left", 0.4, 40_00],
      ["Part", "taillamp-left", null, 200_00],
    ]);
    expect(table(run([finding("fog-lamp-right", "missing-part", "minor")])).slice(0, 2)).toEqual([
      ["Replace", "fog-lamp-right", 0.5, 50_00],
      ["Part", "fog-lamp-right", null, 100_00],
    ]);
  });

  it("a scuffed lens is polished unless severe", () => {
    expect(table(run([finding("headlamp-left", "scuff", "moderate")]))).toEqual([
      ["Polish", "headlamp-left", 0.5, 75_00],
    ]);
    expect(linesOf(run([finding("headlamp-left", "scratch", "severe")]), "Replace")).toHaveLength(
      1,
    );
  });
});

describe("Lamps by type", () => {
  it("adaptive LED headlamps cost more and are aimed and initialized", () => {
    const estimate = run([finding("headlamp-left", "broken-lamp", "severe")], {
      headlampType: "adaptive-led",
    });
    expect(table(estimate).slice(0, 3)).toEqual([
      ["Replace", "headlamp-left", 0.8, 80_00],
      ["Part", "headlamp-left", null, 1_600_00],
      ["Calibration", "headlamp-left", 0.5, 50_00],
    ]);
    expect(only(estimate, "Part").description).toBe("Headlamp assembly, adaptive LED (mid-range)");
  });

  it("taillamps: bulbs on economy and mid cars, LED on the others, unless the vehicle says", () => {
    const part = (vehicle: Partial<Vehicle>) =>
      only(run([finding("taillamp-right", "broken-lamp", "severe")], vehicle), "Part");
    expect(part({})).toMatchObject({
      amountCents: 200_00,
      description: "Taillamp assembly (mid-range)",
    });
    expect(part({ taillampType: "led" })).toMatchObject({
      amountCents: 320_00,
      description: "Taillamp assembly, LED (mid-range)",
    });
    expect(part({ priceClass: "premium" }).amountCents).toBe(450_00);
    expect(part({ priceClass: "luxury", taillampType: "bulb" }).amountCents).toBe(500_00);
  });
});
