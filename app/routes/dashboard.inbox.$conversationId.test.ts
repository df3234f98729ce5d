/**
 * The inbox conversation page (/dashboard/inbox/:conversationId) at route level, without a
 * browser: its loader, its action's intents and its component with their answers.
 */
import { describe, expect, it } from "vitest";
import { routeTestPage } from "~/tests/support/route-stub";
import { insertOwner } from "~/tests/support/rows";

const page = routeTestPage({
  path: "/dashboard/inbox/:conversationId",
  route: () => import("./dashboard.inbox.$conversationId"),
  async setUp(m) {
    const conversations = await import("~/lib/inbox/conversations.server");
    const owner = insertOwner(m.db, m.schema, "route-inbox-owner");
    const conversationId = conversations.pasteConversation(owner.accountId, {
      guestName: "Sam Park",
      text: "Hi! Is there parking at the pickup address?",
    });
    return { signedIn: owner, params: { conversationId } };
  },
});

describe("inbox conversation page", () => {
  it("loads the conversation and renders the guest's message", async () => {
    const data = await page.load();
    expect(data.guestName).toBe("Sam Park");
    const html = await page.render();
    expect(html).toContain("Sam Park");
    expect(html).toContain("Is there parking at the pickup address?");
  });

  it("reads a post without an intent as the reply form and sends its errors back", async () => {
    const reply = await page.post({ text: "" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({
      intent: "mark-sent",
      result: { error: { text: ["Enter the reply you sent."] } },
    });
    expect(await page.render(reply.data)).toContain("Enter the reply you sent.");
  });

  it("marks a reply sent and redirects back to the conversation", async () => {
    const reply = await page.post({ intent: "mark-sent", text: "Yes, two spots in front." });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(page.url());
  });
});
