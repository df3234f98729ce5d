import { describe, expect, it } from "vitest";
import {
  defaultEquipment,
  effectiveEquipment,
  engineEquipment,
  type StatedEquipment,
} from "./vehicle-equipment";

const nothing: StatedEquipment = {
  windshieldCamera: null,
  frontRadar: null,
  frontParkingSensors: null,
  rearParkingSensors: null,
  blindSpotMonitors: null,
  rearCamera: null,
  surroundCameras: null,
  headlampType: null,
  aluminumPanels: null,
};

describe("vehicle equipment", () => {
  it("assumes from the year and class, and says why", () => {
    expect(defaultEquipment("rearCamera", { year: 2019, priceClass: "economy" })).toEqual({
      value: true,
      reason: "required on new US cars from May 2018",
    });
    expect(defaultEquipment("windshieldCamera", { year: 2015, priceClass: "mid" }).value).toBe(
      false,
    );
    expect(defaultEquipment("windshieldCamera", { year: 2015, priceClass: "luxury" }).value).toBe(
      true,
    );
    expect(defaultEquipment("surroundCameras", { year: 2022, priceClass: "mid" }).value).toBe(
      false,
    );
  });

  it("keeps what the host stated and lists every assumption", () => {
    const result = effectiveEquipment(
      { year: 2022, priceClass: "mid" },
      { ...nothing, frontRadar: false, headlampType: "led" },
    );
    expect(result.equipment.frontRadar).toBe(false);
    expect(result.equipment.windshieldCamera).toBe(true);
    expect(result.headlampType).toBe("led");
    expect(result.assumptions).toContain(
      "Windshield camera (lane keeping, automatic braking): assumed yes (most cars from 2018 on have one); the host can correct it on the vehicle page.",
    );
    expect(result.assumptions.some((text) => text.startsWith("Front radar"))).toBe(false);
    expect(result.assumptions.some((text) => text.startsWith("Headlamps"))).toBe(false);
    expect(result.assumptions).toContain(
      "Aluminum panels: assumed none; the host can list them on the vehicle page.",
    );
  });

  it("names the class with the right article in the headlamp assumption", () => {
    const economy = effectiveEquipment({ year: 2019, priceClass: "economy" }, nothing);
    expect(economy.assumptions).toContain(
      "Headlamps: assumed Halogen (usual for an economy car); the host can correct it on the vehicle page.",
    );
    const hybrid = effectiveEquipment({ year: 2019, priceClass: "ev-hybrid" }, nothing);
    expect(hybrid.assumptions.find((text) => text.startsWith("Headlamps"))).toContain(
      "(usual for an EV or hybrid)",
    );
  });

  it("tells the engine which panels carry sensors", () => {
    expect(
      engineEquipment({
        windshieldCamera: true,
        frontRadar: false,
        frontParkingSensors: false,
        rearParkingSensors: true,
        blindSpotMonitors: false,
        rearCamera: true,
        surroundCameras: false,
      }),
    ).toEqual({ hasAdas: true, sensorPanels: ["windshield", "trunk-liftgate", "rear-bumper"] });
    expect(
      engineEquipment({
        windshieldCamera: false,
        frontRadar: false,
        frontParkingSensors: false,
        rearParkingSensors: false,
        blindSpotMonitors: false,
        rearCamera: false,
        surroundCameras: false,
      }),
    ).toEqual({ hasAdas: false, sensorPanels: [] });
  });
});
