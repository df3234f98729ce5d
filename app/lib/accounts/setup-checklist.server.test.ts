/**
 * The setup checklist's facts, read from a real SQLite database: each item ticks when the
 * account holds what it asks for, and another account's rows never tick it.
 */
import { describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR } from "~/tests/support/rows";
import { loadAppModules, setUpTempDataDir } from "~/tests/support/app-modules";

setUpTempDataDir("setup-checklist");

// Loaded after DATA_DIR is set: the database reads it once.
const m = await loadAppModules();
const setup = await import("./setup-checklist.server");

describe("setup checklist facts", () => {
  it("ticks cars and a waiting invitation for this account only; an expired one doesn't count", () => {
    const owner = insertOwner(m.db, m.schema, "setup_owner");
    const other = insertOwner(m.db, m.schema, "setup_other");
    expect(setup.accountSetupFacts(owner.accountId)).toEqual({
      hasVehicles: false,
      hasTrips: false,
      hasForwardedEmail: false,
      hasKnowledge: false,
      hasTeam: false,
    });
    expect(m.vehicles.createVehicle(other.accountId, SAMPLE_CAR).ok).toBe(true);
    expect(setup.accountSetupFacts(owner.accountId).hasVehicles).toBe(false);
    expect(m.vehicles.createVehicle(owner.accountId, SAMPLE_CAR).ok).toBe(true);
    expect(setup.accountSetupFacts(owner.accountId).hasVehicles).toBe(true);

    const now = Date.now();
    const invite = (expiresAt: number) =>
      m.db
        .db()
        .insert(m.schema.invitations)
        .values({
          accountId: owner.accountId,
          email: `va.${expiresAt}@fleet.test`,
          role: "va",
          tokenHash: crypto.randomUUID(),
          invitedByUserId: owner.userId,
          expiresAt: new Date(expiresAt),
        })
        .run();
    invite(now - 1_000);
    expect(setup.accountSetupFacts(owner.accountId, now).hasTeam).toBe(false);
    invite(now + 86_400_000);
    expect(setup.accountSetupFacts(owner.accountId, now).hasTeam).toBe(true);
    expect(setup.accountSetupChecklist(owner.accountId)?.filter((item) => item.done)).toHaveLength(
      2,
    );
  });
});
