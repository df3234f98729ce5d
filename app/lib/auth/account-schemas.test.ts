import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/http/form";
import {
  buttonSchema,
  deleteSchema,
  inviteSchema,
  accountIntentSchema,
  memberSchema,
  revokeSchema,
} from "./account-schemas";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

/** The messages of a refused submission (none when it passed). */
const errorsOf = (submission: object) => ("error" in submission ? submission.error : undefined);

describe("the forms of /account", () => {
  it("knows its intents and nothing else", () => {
    const accepts = (intent: unknown) => accountIntentSchema.safeParse({ intent }).success;
    expect(accepts("profile")).toBe(true);
    expect(accepts("signout-all")).toBe(true);
    for (const other of ["", "Profile", "toString", "constructor", null, undefined, 1]) {
      expect(accepts(other)).toBe(false);
    }
  });

  it("deleting asks for the person's own username, spaces around it allowed", () => {
    const schema = deleteSchema("dana_k");
    const message = "Type your username, dana_k, to confirm.";
    expect(parseSubmission(form({ confirm: " dana_k " }), schema).status).toBe("success");
    for (const confirm of ["", "Dana_K", "someone", "dana_k".padEnd(101, "x")]) {
      expect(errorsOf(parseSubmission(form({ confirm }), schema))).toEqual({
        confirm: expect.arrayContaining([message]),
      });
    }
    expect(errorsOf(parseSubmission(form({}), schema))).toEqual({ confirm: [message] });
  });

  it("an invitation needs an email and Team or VA", () => {
    const sent = parseSubmission(form({ email: " Ann@Example.com ", role: "va" }), inviteSchema);
    expect(sent.status === "success" && sent.value).toEqual({
      email: "ann@example.com",
      role: "va",
    });
    expect(
      errorsOf(parseSubmission(form({ email: "ann@example.com", role: "primary" }), inviteSchema)),
    ).toEqual({ role: ["Choose Team or VA."] });
  });

  it("member and invitation ids", () => {
    expect(errorsOf(parseSubmission(form({ userId: "nope" }), memberSchema))).toEqual({
      userId: ["Unknown member."],
    });
    const revoke = parseSubmission(form({ invitationId: "12" }), revokeSchema);
    expect(revoke.status === "success" && revoke.value).toEqual({ invitationId: 12 });
    expect(parseSubmission(form({ invitationId: "1.5" }), revokeSchema).status).toBe("error");
  });

  it("a button-only form has nothing to refuse", () => {
    expect(parseSubmission(form({ intent: "resend", extra: "x" }), buttonSchema).status).toBe(
      "success",
    );
  });
});
