/**
 * The claims agent against the local OpenAI-compatible test server (real HTTP): an AI draft that
 * keeps to the record is used; one that invents a fact is held back with the reason and the
 * template is offered; without AI, or when the server fails, the template writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_CLAIM_RECORD } from "~/tests/support/claim-record";
import { startAiServer } from "~/tests/support/ai-server.js";
import { createTextDrafter } from "~/lib/ai/text.server";
import { writeDraft } from "./claim-agent.server";

let ai: Awaited<ReturnType<typeof startAiServer>>;

beforeAll(async () => {
  ai = await startAiServer({ port: 0 });
});
afterAll(() => ai.close());

const drafter = (scenario: string) =>
  createTextDrafter({
    baseUrl: ai.url,
    apiKey: "test-key",
    model: `scenario:${scenario}`,
    timeoutMs: 5_000,
  });

describe("claims agent", () => {
  it("uses the AI's draft when it keeps to the record", async () => {
    const draft = await writeDraft(SAMPLE_CLAIM_RECORD, "guest-message", "", drafter("recorded"));
    expect(draft).toMatchObject({ source: "ai", heldBack: [], aiUnavailable: false });
    expect(draft.text).toContain("reservation R-81234567");
  });

  it("holds back a draft that invents a fact, says why, and offers the template", async () => {
    const draft = await writeDraft(
      SAMPLE_CLAIM_RECORD,
      "marketplace-description",
      "",
      drafter("invented-fact"),
    );
    expect(draft.source).toBe("template");
    expect(draft.heldBack).toEqual([
      'States "$4,800.00", which the claim record doesn\'t contain.',
    ]);
    expect(draft.text).not.toContain("$4,800.00");
    expect(draft.text).toContain("I am claiming $590.34.");
  });

  it("falls back to the template when the AI fails, or isn't configured", async () => {
    const failed = await writeDraft(
      SAMPLE_CLAIM_RECORD,
      "denial-reply",
      "No pre-trip photo of the hood.",
      drafter("server-error"),
    );
    expect(failed).toMatchObject({ source: "template", aiUnavailable: true });
    expect(failed.text).toContain('1. "No pre-trip photo of the hood."');
    const none = await writeDraft(SAMPLE_CLAIM_RECORD, "guest-message", "", null);
    expect(none).toMatchObject({ source: "template", aiUnavailable: false });
  });
});
