import { describe, expect, it } from "vitest";
import { CLAIMS_ROI_EXAMPLE } from "~/domain/claims-roi";
import { parseClaimsRoiQuery } from "./claims-roi-query";

describe("parseClaimsRoiQuery", () => {
  it("starts from the example when the URL has no values", () => {
    const { input, errors } = parseClaimsRoiQuery(new URLSearchParams());
    expect(errors).toEqual({});
    expect(input).toEqual(CLAIMS_ROI_EXAMPLE);
  });

  it("keeps what was typed and names the field that is wrong", () => {
    const { input, errors, values } = parseClaimsRoiQuery(new URLSearchParams("fleet=lots"));
    expect(input).toBeNull();
    expect(values.fleet).toBe("lots");
    expect(errors.fleetSize).toMatch(/Cars in your fleet/);
  });
});
