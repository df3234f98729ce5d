import { describe, expect, it } from "vitest";
import { auditFleet, parseEarningsCsv, type FleetVehicleInput } from "~/domain/fleet-audit";
import {
  CSV_MESSAGES,
  EXAMPLE_ROW,
  importRedirect,
  MAX_AUDIT_ROWS,
  MAX_CSV_UPLOAD_BYTES,
  MAX_IMPORT_QUERY_LENGTH,
  parseFleetAuditQuery,
  serializeFleetAuditQuery,
} from "./fleet-audit-query";
import { readEarningsCsvSubmission } from "./fleet-audit-import.server";
import { SAMPLE_CAMRY } from "~/tests/support/tool-fixtures";

const camry = SAMPLE_CAMRY;

const model3: FleetVehicleInput = {
  ...camry,
  name: "Model 3, white",
  dailyPriceCents: 120_50,
  utilizationPercent: 72.5,
  hostPlan: 90,
  tollsMonthlyCents: 0,
  averageRepairCostCents: 2_000_00,
};

const q = (query: string) => parseFleetAuditQuery(new URLSearchParams(query));

describe("parseFleetAuditQuery", () => {
  it("a first visit shows the labeled example, valid", () => {
    const parsed = q("");
    expect(parsed.isExample).toBe(true);
    expect(parsed.valid).toBe(true);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]?.values).toEqual(EXAMPLE_ROW);
    expect(parsed.rows[0]?.values.name).toMatch(/^Example/);
    expect(parsed.vehicles).toHaveLength(1);
    expect(auditFleet(parsed.vehicles).totals.netProfitCents).toBe(-80_62);
  });

  it("junk params alone are a first visit", () => {
    expect(q("x=%3Cscript%3E&utm_source=mail").isExample).toBe(true);
  });

  it("round-trips rows through the query string", () => {
    const params = serializeFleetAuditQuery([camry, model3]);
    const parsed = parseFleetAuditQuery(params);
    expect(parsed.valid).toBe(true);
    expect(parsed.isExample).toBe(false);
    expect(parsed.vehicles).toEqual([camry, model3]);
    expect(parsed.vehicleRowIndexes).toEqual([0, 1]);
    expect(parsed.options).toEqual({ monthlyDamageRatePercent: 10 });
    expect(params.get("v1.price")).toBe("120.50");
    expect(params.get("v1.tolls")).toBeNull(); // zero costs stay blank
    expect(parsed.rows[1]?.values.tolls).toBe("");
  });

  it("reads money and percents as people type them", () => {
    const parsed = q(
      "v0.name=Van&v0.price=%241%2C200.50&v0.util=40%25&v0.plan=60&v0.fin=%24300&damageRate=5",
    );
    expect(parsed.valid).toBe(true);
    expect(parsed.vehicles[0]).toMatchObject({
      dailyPriceCents: 1_200_50,
      utilizationPercent: 40,
      hostPlan: 60,
      financingMonthlyCents: 300_00,
      insuranceMonthlyCents: 0,
      averageRepairCostCents: 4_730_00,
    });
    expect(parsed.options).toEqual({ monthlyDamageRatePercent: 5 });
  });

  it("a filled-in row needs a name, a price and a utilization", () => {
    const parsed = q("v0.fin=100&v0.plan=75");
    expect(parsed.valid).toBe(false);
    expect(parsed.rows[0]?.errors).toEqual({
      name: "Give the car a name.",
      price: "Enter the average daily price guests pay.",
      util: "Enter the utilization: the share of days the car is booked.",
    });
    expect(parsed.vehicles).toEqual([]);
  });

  it("range errors come from the domain rules, per field", () => {
    const parsed = q("v0.name=A&v0.price=-5&v0.util=150&v0.plan=75&v0.ins=abc");
    expect(parsed.rows[0]?.errors).toEqual({
      price: "Daily price must be between $0 and $100,000.",
      util: "Utilization must be between 0% and 100%.",
      ins: "Insurance must be a dollar amount, like 1250.",
    });
  });

  it("an unknown plan is an error, not silently replaced", () => {
    const parsed = q("v0.name=A&v0.price=50&v0.util=50&v0.plan=99");
    expect(parsed.rows[0]?.errors.plan).toBe("Choose the host protection plan.");
    expect(parsed.valid).toBe(false);
  });

  it("a too-long name is capped and reported", () => {
    const parsed = q(`v0.name=${"x".repeat(10_000)}&v0.price=50&v0.util=50&v0.plan=75`);
    expect(parsed.rows[0]?.values.name.length).toBe(200);
    expect(parsed.rows[0]?.errors.name).toBe("Keep the name under 100 characters.");
  });

  it("blank rows are skipped without errors; valid rows still audit beside invalid ones", () => {
    const parsed = q(
      "v0.name=A&v0.price=50&v0.util=50&v0.plan=75&v1.plan=75&v1.repair=4730&v2.name=B&v2.plan=75",
    );
    expect(parsed.rows.map((row) => row.blank)).toEqual([false, true, false]);
    expect(parsed.rows[1]?.errors).toEqual({});
    expect(parsed.rows[2]?.errors.price).toBeDefined();
    expect(parsed.vehicles.map((vehicle) => vehicle.name)).toEqual(["A"]);
    expect(parsed.vehicleRowIndexes).toEqual([0]);
    expect(parsed.valid).toBe(false);
  });

  it("all rows blank asks for a car", () => {
    const parsed = q("v0.plan=75");
    expect(parsed.formErrors).toEqual([
      "Enter at least one car: its name, average daily price and utilization.",
    ]);
    expect(parsed.valid).toBe(false);
  });

  it("Add a car: rows=N+1 adds an empty row with the first row's plan and keeps values", () => {
    const base = serializeFleetAuditQuery([{ ...camry, hostPlan: 85 }]);
    base.set("rows", "2");
    const parsed = parseFleetAuditQuery(base);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]?.values.name).toBe("Camry");
    expect(parsed.rows[1]).toMatchObject({ blank: true, errors: {} });
    expect(parsed.rows[1]?.values.plan).toBe("85");
    expect(parsed.rows[1]?.values.repair).toBe("4730");
    expect(parsed.addedRowIndex).toBe(1);
    expect(parsed.valid).toBe(true);
  });

  it("Remove: drops that row and moves the later rows up", () => {
    const params = serializeFleetAuditQuery([camry, model3, { ...camry, name: "Third" }]);
    params.set("remove", "1");
    const parsed = parseFleetAuditQuery(params);
    expect(parsed.rows.map((row) => [row.index, row.values.name])).toEqual([
      [0, "Camry"],
      [1, "Third"],
    ]);
    expect(parsed.vehicleRowIndexes).toEqual([0, 1]);
  });

  it("Remove never removes the only row, and ignores bad indexes", () => {
    const one = serializeFleetAuditQuery([camry]);
    one.set("remove", "0");
    expect(parseFleetAuditQuery(one).rows).toHaveLength(1);
    for (const bad of ["5", "-1", "abc", "0.5"]) {
      const params = serializeFleetAuditQuery([camry, model3]);
      params.set("remove", bad);
      expect(parseFleetAuditQuery(params).rows).toHaveLength(2);
    }
  });

  it(`caps the form at ${MAX_AUDIT_ROWS} rows`, () => {
    const many = serializeFleetAuditQuery(
      Array.from({ length: MAX_AUDIT_ROWS }, (_, index) => ({ ...camry, name: `Car ${index}` })),
    );
    many.set("rows", String(MAX_AUDIT_ROWS + 1));
    const parsed = parseFleetAuditQuery(many);
    expect(parsed.rows).toHaveLength(MAX_AUDIT_ROWS);
    expect(parsed.canAddRow).toBe(false);
    expect(parsed.notices[0]).toMatch(/most one audit holds: 25 cars/);
    expect(parsed.valid).toBe(true);

    const huge = q("rows=99999999999999999999&v0.name=A&v0.price=1&v0.util=1");
    expect(huge.rows).toHaveLength(MAX_AUDIT_ROWS);
  });

  it("data in rows past the cap is an error, not silently dropped", () => {
    const parsed = q("v0.name=A&v0.price=1&v0.util=1&v30.name=B&v99999.price=5");
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.formErrors[0]).toMatch(/up to 25 cars/);
    expect(parsed.valid).toBe(false);
  });

  it("ignores non-canonical and unknown row keys", () => {
    const parsed = q("v0.name=A&v0.price=1&v0.util=1&v00.name=B&v1.bogus=1&v1x.name=C");
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.valid).toBe(true);
  });

  it("repeated keys: the first value wins", () => {
    const parsed = q("v0.name=A&v0.name=B&v0.price=10&v0.price=20&v0.util=5");
    expect(parsed.vehicles[0]).toMatchObject({ name: "A", dailyPriceCents: 10_00 });
  });

  it("validates the damage rate", () => {
    expect(q("v0.name=A&v0.price=1&v0.util=1&damageRate=101").damageRate.error).toBe(
      "Monthly damage rate must be between 0% and 100%.",
    );
    const parsed = q("v0.name=A&v0.price=1&v0.util=1&damageRate=Infinity");
    expect(parsed.damageRate.error).toBe("Monthly damage rate must be a number.");
    expect(parsed.options).toBeNull();
    expect(parsed.valid).toBe(false);
  });

  it("reads the import period only in its exact format", () => {
    expect(q("v0.name=A&imported=2024-01-01_2024-03-31").imported).toEqual({
      start: "2024-01-01",
      end: "2024-03-31",
    });
    expect(q("v0.name=A&imported=%3Cscript%3E").imported).toBeNull();
  });

  it("never throws on hostile input", () => {
    for (const query of [
      "v0.name=%00&v0.price=1e400&v0.util=NaN",
      `v0.price=${"9".repeat(5000)}&v0.util=-0`,
      "v0.plan=constructor&v0.name=__proto__",
      "rows=-3&remove=1e9",
      "v0.name=%F0%9F%9A%97&v0.price=(12)&v0.util=1",
    ]) {
      expect(() => q(query)).not.toThrow();
      expect(q(query).valid).toBe(false);
    }
  });
});

describe("serializeFleetAuditQuery", () => {
  it("writes the damage rate only when it differs from the default, and the import period", () => {
    const params = serializeFleetAuditQuery([camry], {
      damageRatePercent: 10,
      imported: { start: "2024-01-01", end: "2024-01-31" },
    });
    expect(params.has("damageRate")).toBe(false);
    expect(params.get("imported")).toBe("2024-01-01_2024-01-31");
    expect(serializeFleetAuditQuery([camry], { damageRatePercent: 7.5 }).get("damageRate")).toBe(
      "7.5",
    );
  });
});

const EXPORT = [
  "Vehicle,Trip start,Trip end,Trip status,Trip price,Total earnings",
  "Toyota Camry 2020,2024-01-01 10:00,2024-01-04 10:00,Completed,$150.00,$112.50",
  '"Tesla Model 3, white",2024-01-05 08:00,2024-01-10 08:00,Completed,"$1,000.00",$900.00',
  '"Tesla Model 3, white",2024-01-25 08:00,2024-01-31 08:00,Completed,"$1,200.00","$1,080.00"',
].join("\n");

function multipart(fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request("http://localhost/fleet-audit-calculator", {
    method: "POST",
    body: form,
    headers,
  });
}

describe("readEarningsCsvSubmission", () => {
  it("reads an uploaded file first, with the chosen plan", async () => {
    const file = new File([EXPORT], "earnings.csv", { type: "text/csv" });
    const result = await readEarningsCsvSubmission(
      multipart({ csvFile: file, csvText: "ignored", importPlan: "80" }),
    );
    expect(result).toMatchObject({ ok: true, text: EXPORT, hostPlan: 80 });
  });

  it("falls back to the pasted text, and to the default plan", async () => {
    const result = await readEarningsCsvSubmission(
      multipart({
        csvFile: new File([], "", { type: "application/octet-stream" }),
        csvText: EXPORT,
        importPlan: "42",
      }),
    );
    // Form fields travel with CRLF line breaks; the CSV reader takes either.
    const sent = EXPORT.replace(/\n/g, "\r\n");
    expect(result).toMatchObject({ ok: true, text: sent, hostPlan: 75, pasted: sent });
  });

  it("asks for a file when nothing was sent", async () => {
    const result = await readEarningsCsvSubmission(multipart({ csvText: "  " }));
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      error: { row: null, column: null, message: CSV_MESSAGES.missing },
    });
  });

  it("refuses a body that is not a form", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
    });
    expect(await readEarningsCsvSubmission(request)).toMatchObject({
      ok: false,
      status: 400,
      error: { message: CSV_MESSAGES.unreadable },
    });
  });

  it("refuses a declared Content-Length over 2 MB without parsing", async () => {
    const request = multipart({ csvText: EXPORT }, { "Content-Length": "5000000" });
    expect(await readEarningsCsvSubmission(request)).toMatchObject({
      ok: false,
      status: 413,
      error: { message: CSV_MESSAGES.tooLarge },
    });
  });

  it("refuses a body over 2 MB even without a Content-Length", async () => {
    const big = new File(["a,b\n".repeat(MAX_CSV_UPLOAD_BYTES / 4 + 100_000)], "big.csv");
    expect(await readEarningsCsvSubmission(multipart({ csvFile: big }))).toMatchObject({
      ok: false,
      status: 413,
    });
  });
});

describe("importRedirect", () => {
  const summary = parseEarningsCsv(EXPORT);
  if (!summary.ok) throw new Error("fixture should parse");

  it("prefills one row per car with zero costs, and says what to do next", () => {
    const { search, title, description } = importRedirect(summary, 80, 12);
    const parsed = parseFleetAuditQuery(new URLSearchParams(search));
    expect(parsed.valid).toBe(true);
    expect(
      parsed.vehicles.map((car) => [
        car.name,
        car.dailyPriceCents,
        car.utilizationPercent,
        car.hostPlan,
        car.financingMonthlyCents,
      ]),
    ).toEqual([
      ["Tesla Model 3, white", 200_00, 36.7, 80, 0],
      ["Toyota Camry 2020", 50_00, 10, 80, 0],
    ]);
    expect(parsed.options).toEqual({ monthlyDamageRatePercent: 12 });
    expect(parsed.imported).toEqual({ start: "2024-01-01", end: "2024-01-31" });
    expect(title).toBe("Imported 2 cars from your earnings export");
    expect(description).toBe(
      "Read 3 trips from 2024-01-01 to 2024-01-31. Now add each car's monthly costs.",
    );
  });

  it("keeps the address short when car names are long", () => {
    const rows = Array.from(
      { length: 25 },
      (_, index) =>
        `"${String(index).padStart(2, "0")} ${"🚗".repeat(98)}",2024-01-01,2024-01-03,Completed,$100`,
    );
    const long = parseEarningsCsv(
      ["Vehicle,Trip start,Trip end,Status,Trip price", ...rows].join("\n"),
    );
    if (!long.ok) throw new Error("fixture should parse");
    const { search, description } = importRedirect(long, 75);
    expect(search.length).toBeLessThanOrEqual(MAX_IMPORT_QUERY_LENGTH);
    const parsed = parseFleetAuditQuery(new URLSearchParams(search));
    expect(parsed.valid).toBe(true);
    expect(parsed.rows.length).toBeGreaterThan(1);
    expect(parsed.rows[0]?.values.name.startsWith("00 🚗")).toBe(true);
    expect(description).toContain("Long car names were shortened.");
  });

  it(`fills at most ${MAX_AUDIT_ROWS} cars and says so`, () => {
    const rows = Array.from(
      { length: 30 },
      (_, index) => `Car ${String(index).padStart(2, "0")},2024-01-01,2024-01-03,Completed,$100`,
    );
    const many = parseEarningsCsv(
      ["Vehicle,Trip start,Trip end,Status,Trip price", ...rows].join("\n"),
    );
    if (!many.ok) throw new Error("fixture should parse");
    const { search, description } = importRedirect(many, 75);
    expect(parseFleetAuditQuery(new URLSearchParams(search)).rows).toHaveLength(MAX_AUDIT_ROWS);
    expect(description).toContain("Your file has 30 cars; the first 25 by name are filled in.");
    expect(description.length).toBeLessThanOrEqual(500);
  });
});
