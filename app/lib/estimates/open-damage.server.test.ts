/**
 * Open damage on a real SQLite database: an earlier finalized report's unrepaired new damage is
 * open on the next report of the same car; repaired, pre-existing, unfinished and "same as"
 * findings aren't; a match must say same or new.
 */
import { describe, expect, it } from "vitest";
import { loadAppModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, texturedJpeg } from "~/tests/support/rows";
import { checkSameDamage } from "./open-damage";

setUpTempDataDir("open-damage");

// Loaded after DATA_DIR is set: the database reads it once.
const m = await loadAppModules();
const open = await import("./open-damage.server");

async function report(
  owner: { accountId: string; userId: string },
  vehicleId: string,
  seed: number,
) {
  const { staged } = await m.photos.stageFiles(
    owner,
    [new File([new Uint8Array(await texturedJpeg(seed))], `p${seed}.jpg`)],
    "post_trip",
  );
  return m.reports.createReport({
    ...owner,
    vehicleId,
    photoIds: staged.map((photo) => photo.id),
    mode: "manual",
  });
}

const dent = {
  panel: "front-door-left",
  damageType: "dent",
  severity: "moderate",
  preExisting: false,
} as const;

describe("open damage", () => {
  it("carries an earlier report's unrepaired new damage into the next report of the car", async () => {
    const owner = insertOwner(m.db, m.schema, "open_carry");
    const car = m.vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!car.ok) throw new Error("vehicle");
    const first = await report(owner, car.vehicle.id, 31);
    m.reportEdits.addFinding(owner.accountId, first.id, dent);
    m.reportEdits.addFinding(owner.accountId, first.id, {
      ...dent,
      panel: "hood",
      preExisting: true,
    });
    const draftOnly = await report(owner, car.vehicle.id, 32);
    m.reportEdits.addFinding(owner.accountId, draftOnly.id, { ...dent, panel: "roof" });
    m.reportEdits.finalizeReport(owner.accountId, first.id, owner.userId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await report(owner, car.vehicle.id, 33);

    const list = open.openDamageFor(owner.accountId, second);
    expect(list.map((entry) => [entry.panel, entry.reportId, entry.label])).toEqual([
      ["front-door-left", first.id, "Moderate dent, left front door"],
    ]);
    const original = list[0]!.findingId;

    expect(checkSameDamage(list, dent)).toMatchObject({ ok: false, kind: "ask" });
    expect(checkSameDamage(list, { ...dent, newDamage: true })).toEqual({ ok: true });
    expect(checkSameDamage(list, { ...dent, sameAsFindingId: original })).toEqual({ ok: true });
    expect(checkSameDamage(list, { ...dent, damageType: "scratch" })).toEqual({ ok: true });
    expect(checkSameDamage(list, { ...dent, preExisting: true })).toEqual({ ok: true });
    expect(
      checkSameDamage(list, { ...dent, panel: "hood", sameAsFindingId: original }),
    ).toMatchObject({
      ok: false,
      kind: "invalid",
    });

    // Marked "same as" on the second report: shown there, not charged, and still one open dent.
    m.reportEdits.addFinding(owner.accountId, second.id, { ...dent, sameAsFindingId: original });
    const loaded = m.reports.loadReport(owner.accountId, second.id)!;
    expect(m.reports.priceFindings(loaded.report, loaded.vehicle, loaded.findings).lines).toEqual(
      [],
    );
    m.reportEdits.addFinding(owner.accountId, second.id, { ...dent, panel: "trunk-liftgate" });
    m.reportEdits.finalizeReport(owner.accountId, second.id, owner.userId);
    const third = await report(owner, car.vehicle.id, 34);
    expect(open.openDamageFor(owner.accountId, third).map((entry) => entry.panel)).toEqual([
      "front-door-left",
      "trunk-liftgate",
    ]);

    // Once repaired, it's no longer open.
    m.fleet.markFindingRepaired(owner.accountId, original, true);
    expect(open.openDamageFor(owner.accountId, third).map((entry) => entry.panel)).toEqual([
      "trunk-liftgate",
    ]);
  });
});
