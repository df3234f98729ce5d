/**
 * A free tool's use is counted once per submitted form or shared link, and not again for every
 * live answer the browser asks the loader for while the host types (real SQLite).
 */
import { describe, expect, it } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";

setUpTempDataDir("tool-usage");

async function usageCount(): Promise<number> {
  const { db } = await import("~/lib/runtime/db.server");
  const row = db()
    .$client.prepare("select count(*) as n from analytics_events where name = 'feature_usage'")
    .get() as { n: number };
  return row.n;
}

describe("recordToolUsage", () => {
  it("counts a submitted form or a shared link, not a first visit or a live answer", async () => {
    const { recordToolUsage } = await import("./tool-usage.server");
    const before = await usageCount();
    recordToolUsage(
      new Request("http://localhost/turo-protection-plan"),
      "protection_plan_checker",
    );
    expect(await usageCount()).toBe(before);
    recordToolUsage(
      new Request("http://localhost/turo-protection-plan?guest=standard&estimate=1200"),
      "protection_plan_checker",
    );
    expect(await usageCount()).toBe(before + 1);
    recordToolUsage(
      new Request("http://localhost/turo-protection-plan?guest=standard&estimate=1300&live=1"),
      "protection_plan_checker",
    );
    expect(await usageCount()).toBe(before + 1);
  }, 30_000);
});
