import { describe, expect, it } from "vitest";
import { DEFAULT_VA_PERMISSIONS, mayFinish } from "./permissions";

describe("what a VA may finish", () => {
  const limit = { ...DEFAULT_VA_PERMISSIONS, reimbursementLimitCents: 100_00 };
  it("approves reimbursements up to the limit only", () => {
    expect(mayFinish("va", limit, { kind: "reimbursement", amountCents: 100_00 }).ok).toBe(true);
    const refused = mayFinish("va", limit, { kind: "reimbursement", amountCents: 100_01 });
    expect(refused).toEqual({
      ok: false,
      message:
        "This reimbursement is $100.01. Your limit in this account is $100.00: pass it to the owner.",
    });
    expect(
      mayFinish("va", DEFAULT_VA_PERMISSIONS, { kind: "reimbursement", amountCents: 1 }).ok,
    ).toBe(false);
    // No amount known yet: the window itself can be checked off.
    expect(
      mayFinish("va", DEFAULT_VA_PERMISSIONS, { kind: "reimbursement", amountCents: null }).ok,
    ).toBe(true);
  });
  it("leaves trip changes, price and cancellations to the owner unless allowed", () => {
    const escalation = { kind: "escalation" as const, amountCents: null };
    expect(mayFinish("va", DEFAULT_VA_PERMISSIONS, escalation, ["price"]).ok).toBe(false);
    expect(mayFinish("va", DEFAULT_VA_PERMISSIONS, escalation, ["damage"]).ok).toBe(true);
    expect(
      mayFinish("va", { ...DEFAULT_VA_PERMISSIONS, tripChanges: true }, escalation, ["trip-change"])
        .ok,
    ).toBe(true);
  });
  it("keeps replies with the owner when the VA may not send them; owners are never limited", () => {
    const noReplies = { ...DEFAULT_VA_PERMISSIONS, sendReplies: false };
    expect(mayFinish("va", noReplies, { kind: "reply", amountCents: null }).ok).toBe(false);
    expect(mayFinish("primary", noReplies, { kind: "reimbursement", amountCents: 9e9 }).ok).toBe(
      true,
    );
  });
});
