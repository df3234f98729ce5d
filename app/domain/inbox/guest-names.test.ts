import { describe, expect, it } from "vitest";
import { sameGuest } from "./guest-names";

describe("the same guest, written two ways", () => {
  it("matches the emails' short form to the export's full name, ignoring case and accents", () => {
    expect(sameGuest("Jordan L.", "Jordan Lee")).toBe(true);
    expect(sameGuest("jordan lee", "Jordan Lee")).toBe(true);
    expect(sameGuest("Maria Jose Garcia", "María José García")).toBe(true);
  });

  it("never matches on a first name alone or a different initial", () => {
    expect(sameGuest("Jordan", "Jordan Lee")).toBe(false);
    expect(sameGuest("Jordan K.", "Jordan Lee")).toBe(false);
    expect(sameGuest("Sam Park", "Sam Parker")).toBe(false);
    expect(sameGuest(null, "Sam Park")).toBe(false);
  });
});
