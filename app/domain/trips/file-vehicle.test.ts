import { describe, expect, it } from "vitest";
import {
  labelParts,
  matchFileVehicle,
  newCarFromFile,
  rememberKeys,
  titleParts,
  type MatchableVehicle,
} from "./file-vehicle";

const car = (id: string, fields: Partial<MatchableVehicle>): MatchableVehicle => ({
  id,
  vin: null,
  plate: null,
  nickname: null,
  year: 2019,
  make: "Toyota",
  model: "Corolla",
  trim: null,
  ...fields,
});

const file = (fields: Partial<Parameters<typeof matchFileVehicle>[2]>) => ({
  label: null,
  title: null,
  vin: null,
  listingId: null,
  ...fields,
});

describe("how the export names a car", () => {
  it("splits the Vehicle cell into nickname, state and plate", () => {
    expect(labelParts("Silver Benz (VA #UXR4412)")).toEqual({
      nickname: "Silver Benz",
      state: "VA",
      plate: "UXR4412",
    });
    expect(labelParts("Dad's car (#abc-123)")).toEqual({
      nickname: "Dad's car",
      state: null,
      plate: "ABC123",
    });
    expect(labelParts("Honda Civic 2019")).toEqual({
      nickname: "Honda Civic 2019",
      state: null,
      plate: null,
    });
  });

  it("reads make, model and year with the year at either end", () => {
    expect(titleParts("Mercedes-Benz C-Class 2019")).toEqual({
      year: 2019,
      make: "Mercedes-Benz",
      model: "C-Class",
    });
    expect(titleParts("2024 Tesla Model 3")).toEqual({
      year: 2024,
      make: "Tesla",
      model: "Model 3",
    });
    expect(titleParts("Land Rover Range Rover Sport 2020")).toEqual({
      year: 2020,
      make: "Land Rover",
      model: "Range Rover Sport",
    });
    expect(titleParts("Silver Benz")).toBeNull();
  });

  it("fills a new car from the file", () => {
    expect(
      newCarFromFile(
        file({
          label: "Red Mustang (VA #MUS6600)",
          title: "Ford Mustang 2017",
          vin: "1fa6p8th6h5271106",
        }),
      ),
    ).toEqual({
      nickname: "Red Mustang",
      plate: "MUS6600",
      vin: "1FA6P8TH6H5271106",
      year: 2017,
      make: "Ford",
      model: "Mustang",
    });
  });
});

describe("matching a file's car to the host's", () => {
  const none = new Map<string, string>();

  it("goes VIN, remembered, plate, nickname, model, and stops at two candidates", () => {
    const fleet = [
      car("vin", { vin: "W1KWF8DB1KR512874", plate: "OTHER1" }),
      car("plate", { plate: "uxr-4412" }),
      car("nick", { nickname: "Silver Benz" }),
      car("model", { year: 2019, make: "Mercedes-Benz", model: "C-Class" }),
    ];
    const benz = {
      label: "Silver Benz (VA #UXR4412)",
      title: "Mercedes-Benz C-Class 2019",
      listingId: "1184203",
    };
    expect(matchFileVehicle(fleet, none, file({ ...benz, vin: "W1KWF8DB1KR512874" }))).toEqual({
      kind: "matched",
      vehicleId: "vin",
      by: "vin",
    });
    expect(matchFileVehicle(fleet, none, file(benz))).toMatchObject({ vehicleId: "plate" });
    expect(matchFileVehicle(fleet.slice(2), none, file(benz))).toMatchObject({ vehicleId: "nick" });
    expect(matchFileVehicle(fleet.slice(3), none, file(benz))).toMatchObject({
      vehicleId: "model",
    });
    const remembered = new Map([["listing:1184203", "model"]]);
    expect(matchFileVehicle(fleet, remembered, file(benz))).toEqual({
      kind: "matched",
      vehicleId: "model",
      by: "remembered",
    });

    const twins = [car("a", {}), car("b", {})];
    expect(matchFileVehicle(twins, none, file({ title: "Toyota Corolla 2019" }))).toEqual({
      kind: "ambiguous",
      vehicleIds: ["a", "b"],
      by: "model",
    });
  });

  it("never matches a car whose own VIN differs from the file's by a weaker name", () => {
    const fleet = [car("other", { vin: "2T1BURHE1LC298845", nickname: "Corolla" })];
    expect(
      matchFileVehicle(fleet, none, file({ label: "Corolla", vin: "2T1BURHE0KC246810" })),
    ).toEqual({ kind: "none" });
  });

  it("remembers by listing, VIN, plate and nickname; by model only when nothing else names it", () => {
    expect(
      rememberKeys(
        file({
          label: "Silver Benz (VA #UXR4412)",
          title: "Mercedes-Benz C-Class 2019",
          listingId: "9",
        }),
      ),
    ).toEqual(["listing:9", "plate:UXR4412", "name:benz silver"]);
    expect(rememberKeys(file({ title: "Toyota Corolla 2019" }))).toEqual([
      "title:2019 corolla toyota",
    ]);
  });
});

describe("a file with only a Vehicle name column", () => {
  it("may hold the listing's nickname there", () => {
    const fleet = [car("blue", { nickname: "Blue Camry", model: "Camry", year: 2021 })];
    expect(
      matchFileVehicle(fleet, new Map(), {
        label: null,
        title: "Blue Camry",
        vin: null,
        listingId: null,
      }),
    ).toEqual({ kind: "matched", vehicleId: "blue", by: "nickname" });
  });
});
