import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginSchema, registerSchema } from "~/lib/auth/schemas";
import { shopQuoteSchema } from "~/lib/repairs/repair-input";
import {
  errorsOf,
  formConstraints,
  parseSubmission,
  schemaConstraints,
  strayReplyMessage,
  valuesOf,
} from "./form";
import {
  formResult,
  hiddenFieldRefusal,
  STALE_FORM_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "./form.server";

describe("schemaConstraints", () => {
  it("gives the browser the schema's required, lengths and patterns", () => {
    const constraints = schemaConstraints(registerSchema);
    expect(constraints.firstName).toMatchObject({ required: true, minLength: 1, maxLength: 60 });
    expect(constraints.username).toMatchObject({ required: true, minLength: 3, maxLength: 30 });
    expect(constraints.email).toMatchObject({ required: true, maxLength: 254 });
    expect(constraints.password).toMatchObject({ required: true });
  });

  it("looks through optional, default and pipe wrappers, and leaves other fields alone", () => {
    const schema = z.object({
      note: z.string().trim().max(500).optional(),
      nickname: z.string().max(40).default(""),
      count: z.coerce.number().int().min(1).max(99),
    });
    const constraints = schemaConstraints(schema);
    expect(constraints.note).toMatchObject({ required: false, maxLength: 500 });
    expect(constraints.nickname).toMatchObject({ required: false, maxLength: 40 });
    expect(constraints.count?.maxLength).toBeUndefined();
  });
});

describe("formConstraints (forms that validate on the server only)", () => {
  it("gives every field of the schema its native attributes and nothing else", () => {
    const constraints = formConstraints(loginSchema);
    expect(Object.keys(constraints).sort()).toEqual(["identifier", "password", "redirectTo"]);
    expect(constraints.identifier).toMatchObject({ required: true, minLength: 1, maxLength: 254 });
    expect(constraints.password).toMatchObject({ required: true, minLength: 1, maxLength: 1024 });
    // Only attributes an input takes (no pattern: the browser's pattern syntax differs from zod's).
    for (const field of Object.values(constraints)) {
      expect(
        Object.keys(field).filter(
          (key) => !["required", "minLength", "maxLength", "min", "max", "step"].includes(key),
        ),
      ).toEqual([]);
    }
  });
  it("marks a field required only when a missing value is refused", () => {
    // The shop's quote: "Working days" is optional inside a transform, so a walk over the schema
    // read it as required and the browser refused to send a quote without it.
    const constraints = formConstraints(shopQuoteSchema);
    expect(constraints.amount.required).toBe(true);
    expect(constraints.days.required).toBe(false);
    expect(constraints.details.required).toBe(false);
  });
});

describe("parseSubmission and the reply helpers", () => {
  it("passes values as posted and reports the first message per field", () => {
    const form = new FormData();
    form.set("identifier", "x".repeat(300));
    form.set("password", "hunter2");
    const submission = parseSubmission(form, loginSchema);
    expect(submission.status).toBe("error");
    const result = submission.reply({ hideFields: ["password"] });
    expect(errorsOf(result)).toEqual({
      identifier: "That is too long to be a username or email.",
    });
    // The password is never sent back to the page.
    expect(valuesOf(result)).toEqual({ identifier: "x".repeat(300) });
  });
});

describe("schemaConstraints on a preprocessed object", () => {
  it("reads the object inside a pipe", () => {
    const schema = z.preprocess(
      (value) => value,
      z.object({ make: z.string().trim().max(40), year: z.string().optional() }),
    );
    const constraints = schemaConstraints(schema as unknown as z.ZodObject);
    expect(constraints.make).toMatchObject({ maxLength: 40 });
  });
});

describe("replies no form on the page shows", () => {
  const schema = z.object({ text: z.string().min(1, "Enter the reply."), draftId: z.uuid() });

  it("shows a reply without an intent, or for a form the page doesn't show, above the forms", () => {
    const unknown = { result: formResult(null, { formError: "Unknown action." }) };
    expect(strayReplyMessage(unknown, ["record"])).toBe("Unknown action.");
    expect(strayReplyMessage({ result: formResult(null) })).toBe(UNREADABLE_FORM_MESSAGE);
    const refused = parseSubmission(new URLSearchParams({ text: "", draftId: "x" }), schema);
    const reply = { intent: "record", result: formResult(refused) };
    // The page shows the "record" form: its fields carry the messages.
    expect(strayReplyMessage(reply, ["record"])).toBeUndefined();
    // It doesn't (no estimate to record against yet): the first message goes above the forms.
    expect(strayReplyMessage(reply, [])).toBe("Enter the reply.");
    expect(strayReplyMessage(undefined)).toBeUndefined();
  });

  it("says reload when only a field the page doesn't show was refused", () => {
    const hidden = parseSubmission(new URLSearchParams({ text: "Sure!", draftId: "x" }), schema);
    expect(hiddenFieldRefusal(hidden, ["text"])).toBe(STALE_FORM_MESSAGE);
    const shown = parseSubmission(
      new URLSearchParams({ text: "", draftId: crypto.randomUUID() }),
      schema,
    );
    expect(hiddenFieldRefusal(shown, ["text"])).toBeUndefined();
  });
});
