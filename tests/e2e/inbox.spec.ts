import { disposeAll, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { GUEST_THREADS } from "../../app/domain/inbox/guest-threads.fixtures";
import { addTripViaApi, addVehicleViaApi } from "../support/estimates";
import { expect, query, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";

/**
 * The guest inbox's way in: the marketplace's notification emails, posted as raw MIME to the
 * account's webhook the way an email provider's inbound route does; duplicates ignored, unknown
 * emails kept with their original, guests' messages in conversations by reservation; a
 * conversation pasted by hand; the JSON API and tenancy. JavaScript on and off.
 */

function mime(options: { messageId: string; subject: string; body: string; date?: string }) {
  return [
    "From: Turo <noreply@mail.turo.com>",
    "To: host@fleet.test",
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}@mail.turo.com>`,
    `Date: ${options.date ?? "Thu, 26 Nov 2026 09:12:00 -0700"}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: 8bit",
    "",
    options.body,
  ].join("\r\n");
}

const FIRST = mime({
  messageId: "msg-1",
  subject: "New message from Jordan L.",
  body: [
    "Jordan L. wrote:",
    "Hi! Where exactly is the car parked at the airport?",
    "",
    "Reply",
    "https://turo.com/us/en/reservation/48213377/messages",
  ].join("\r\n"),
});

const SECOND = mime({
  messageId: "msg-2",
  subject: "New message from Jordan L.",
  date: "Thu, 26 Nov 2026 09:40:00 -0700",
  body: [
    "Jordan L. wrote:",
    "Never mind, found it. Thanks!",
    "",
    "https://turo.com/us/en/reservation/48213377/messages",
  ].join("\r\n"),
});

const ODD = mime({
  messageId: "msg-3",
  subject: "Your monthly earnings summary",
  body: "You earned $1,240.00 in November.",
});

test.describe("guest inbox: forwarded emails", () => {
  let host: TestUser | undefined;
  let other: TestUser | undefined;
  test.afterEach(async () => {
    await disposeAll(host, other);
    host = other = undefined;
  });

  test("the webhook stores each email once, joins a guest's messages, and keeps what it can't read", async ({
    request,
  }) => {
    host = await registerViaApi("inbox");
    other = await registerViaApi("inbox2");
    const vehicleId = await addVehicleViaApi(host);
    const tripId = await addTripViaApi(host, {
      reservationId: "48213377",
      vehicleId,
      startAt: "2026-11-27T10:00:00-07:00",
      endAt: "2026-11-29T18:00:00-07:00",
    });
    const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
      webhookUrl: string;
    };
    const path = new URL(webhookUrl).pathname;
    expect(path).toMatch(/^\/api\/inbound\/email\/[\w-]{43}$/);
    const otherUrl = (
      (await (await other.api.get("/api/inbound")).json()) as { webhookUrl: string }
    ).webhookUrl;
    expect(otherUrl).not.toBe(webhookUrl);

    const post = (body: string) =>
      request.post(path, { headers: { "Content-Type": "message/rfc822" }, data: body });
    const first = await post(FIRST);
    expect(first.status(), await first.text()).toBe(202);
    const stored = (await first.json()) as { kind: string; conversationId: string };
    expect(stored.kind).toBe("guest-message");
    // A provider that delivers twice changes nothing.
    const again = await post(FIRST);
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    // SendGrid's raw mode posts the message in a form field.
    const second = await request.post(path, { multipart: { email: SECOND } });
    expect(second.status(), await second.text()).toBe(202);
    expect(((await second.json()) as { conversationId: string }).conversationId).toBe(
      stored.conversationId,
    );
    expect(((await (await post(ODD)).json()) as { kind: string }).kind).toBe("unrecognized");

    expect(
      (await request.post(`/api/inbound/email/${"x".repeat(43)}`, { data: FIRST })).status(),
    ).toBe(404);
    expect((await request.get(path)).status()).toBe(405);
    expect(
      (
        await request.post(path, { headers: { "Content-Type": "message/rfc822" }, data: "" })
      ).status(),
    ).toBe(400);

    const list = (await (await host.api.get("/api/conversations")).json()) as {
      conversations: Array<{
        id: string;
        guestName: string;
        reservationId: string;
        tripId: string;
      }>;
    };
    expect(list.conversations).toEqual([
      expect.objectContaining({
        id: stored.conversationId,
        guestName: "Jordan L.",
        reservationId: "48213377",
        tripId,
        // A question about where the car is: nothing restricted.
        escalated: false,
      }),
    ]);
    const thread = (await (
      await host.api.get(`/api/conversations/${stored.conversationId}`)
    ).json()) as { conversation: { messages: Array<{ author: string; text: string }> } };
    expect(thread.conversation.messages.map((message) => message.text)).toEqual([
      "Hi! Where exactly is the car parked at the airport?",
      "Never mind, found it. Thanks!",
    ]);
    expect((await other.api.get(`/api/conversations/${stored.conversationId}`)).status()).toBe(404);
    expect(
      ((await (await other.api.get("/api/conversations")).json()) as { conversations: unknown[] })
        .conversations,
    ).toEqual([]);
  });

  test("every restricted guest thread escalates; the plain ones don't", async ({ request }) => {
    host = await registerViaApi("inboxthreads");
    const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
      webhookUrl: string;
    };
    const path = new URL(webhookUrl).pathname;
    for (const [index, thread] of GUEST_THREADS.entries()) {
      const reservation = `7700${index.toString().padStart(4, "0")}`;
      const posted = await request.post(path, {
        headers: { "Content-Type": "message/rfc822" },
        data: mime({
          messageId: `thread-${index}`,
          subject: "New message from Casey Diaz",
          body: `Casey Diaz wrote:\r\n${thread.text}\r\n\r\nhttps://turo.com/us/en/reservation/${reservation}/messages`,
        }),
      });
      expect(posted.status(), thread.name).toBe(202);
      const { conversationId } = (await posted.json()) as { conversationId: string };
      const escalated = thread.topics.length + thread.actionItems.length > 0;
      const summary = async () => {
        const read = (await (
          await host!.api.get(`/api/conversations/${conversationId}`)
        ).json()) as {
          conversation: {
            escalated: boolean;
            restrictedTopics: string[];
            actionItems: string[];
            reportDamageBy: string | null;
            drafts: Array<{ kind: string }>;
          };
        };
        return {
          escalated: read.conversation.escalated,
          topics: read.conversation.restrictedTopics.sort(),
          actionItems: read.conversation.actionItems.sort(),
          // The guest's word about damage starts the 24-hour reporting clock.
          damageClock: read.conversation.reportDamageBy !== null,
          // A person answers: the guest gets the holding reply (after the AI was asked, when the
          // message also asks something, so it can come a moment after the email is in).
          holdingReply: read.conversation.drafts[0]?.kind === "holding",
        };
      };
      await expect.poll(summary, { message: thread.name }).toEqual({
        escalated,
        topics: [...thread.topics].sort(),
        actionItems: [...thread.actionItems].sort(),
        damageClock: thread.actionItems.includes("damage-mentioned"),
        holdingReply: escalated,
      });
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the inbox shows conversations and unread emails, and takes a pasted conversation`, async ({
      browser,
      request,
    }) => {
      host = await registerViaApi("inboxpage");
      const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      const path = new URL(webhookUrl).pathname;
      for (const body of [FIRST, ODD]) {
        await request.post(path, { headers: { "Content-Type": "message/rfc822" }, data: body });
      }
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await page.goto("/dashboard/inbox");
      if (javaScriptEnabled) await waitForHydration(page);
      // The address and webhook URL are on the setup page (tests/e2e/inbox-forwarding.spec.ts).
      await expect(
        page.getByRole("link", { name: "Set up email forwarding" }).first(),
      ).toHaveAttribute("href", "/dashboard/inbox/setup");
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
      const unread = page.getByRole("list", { name: "Emails we couldn't read" });
      await expect(unread).toContainText("Your monthly earnings summary");
      const original = await context.request.get(
        (await unread.getByRole("link", { name: "Download the original" }).getAttribute("href"))!,
      );
      expect(original.headers()["content-type"]).toBe("message/rfc822");
      expect(await original.text()).toContain("You earned $1,240.00 in November.");

      await page
        .getByRole("list", { name: "Conversations" })
        .getByRole("link", { name: "Jordan L." })
        .click();
      await expect(page.getByRole("heading", { name: "Jordan L." })).toBeVisible();
      await expect(page.getByRole("list", { name: "Messages, oldest first" })).toContainText(
        "Hi! Where exactly is the car parked at the airport?",
      );

      await page.goto("/dashboard/inbox");
      if (javaScriptEnabled) await waitForHydration(page);
      const paste = page.getByRole("region", { name: "Paste a conversation" });
      await paste.getByLabel("Guest's name").fill("Ana Ruiz");
      await paste.getByLabel("The guest's message").fill("   ");
      await paste.getByRole("button", { name: "Add the conversation" }).click();
      // A blank message is refused with a message, the name kept.
      await expect(paste.getByText("Paste the guest's message.")).toBeVisible();
      await expect(paste.getByLabel("Guest's name")).toHaveValue("Ana Ruiz");
      await paste.getByLabel("The guest's message").fill("¿Puedo recoger el auto una hora antes?");
      await paste.getByRole("button", { name: "Add the conversation" }).click();
      await expect(page.getByRole("heading", { name: "Ana Ruiz" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Messages, oldest first" })).toContainText(
        "¿Puedo recoger el auto una hora antes?",
      );
      // A trip change: no AI answers it; the guest gets the holding reply meanwhile.
      const needs = page.getByRole("region", { name: "Needs you" });
      await expect(needs.getByRole("list", { name: "Why" })).toHaveText(
        "Trip change (extension, early or late times)",
      );
      // Its draft is the holding reply, ready to copy into the marketplace.
      const holding = page.getByRole("region", { name: "Draft reply" });
      await expect(holding.getByText(/Your holding reply: send it now/)).toBeVisible();
      await expect(holding.getByLabel("Reply")).toHaveValue(
        "Hi Ana, thanks for your message! I've seen it and will get back to you here shortly.",
      );
      await expect(holding.getByRole("link", { name: /Open on Turo/ })).toHaveAttribute(
        "href",
        "https://turo.com/us/en/inbox",
      );
      await page.goto("/dashboard/inbox");
      await expect(
        page
          .getByRole("list", { name: "Conversations" })
          .getByRole("listitem")
          .filter({ hasText: "Ana Ruiz" }),
      ).toContainText("Needs you");
      await context.close();
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: an answer in the knowledge base becomes the draft; what the person sent is kept with it`, async ({
      browser,
      request,
    }) => {
      const owner = (host = await registerViaApi("inboxdraft"));
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await page.goto("/dashboard/inbox/knowledge");
      if (javaScriptEnabled) await waitForHydration(page);
      const spot = page.getByRole("region", { name: "Pickup spot" });
      await spot
        .getByLabel("Pickup spot")
        .fill("Level 2 of the Economy Lot, row F, by the elevators.");
      await spot.getByRole("button", { name: "Save and confirm" }).click();
      await expect(
        page.getByRole("region", { name: "Pickup spot" }).getByText(/Last confirmed .* version 1/),
      ).toBeVisible();

      const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      const posted = await request.post(new URL(webhookUrl).pathname, {
        headers: { "Content-Type": "message/rfc822" },
        data: FIRST,
      });
      const { conversationId } = (await posted.json()) as { conversationId: string };
      // The AI (the local test server) drafts it from the entry as the email arrives.
      const drafts = async () =>
        (
          (await (await owner.api.get(`/api/conversations/${conversationId}`)).json()) as {
            conversation: { drafts: Array<{ kind: string; usedKnowledge: string[] }> };
          }
        ).conversation.drafts;
      await expect
        .poll(drafts)
        .toEqual([
          expect.objectContaining({ kind: "ai", status: "ready", usedKnowledge: ["pickup-spot"] }),
        ]);

      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const reply = page.getByRole("region", { name: "Draft reply" });
      await expect(reply.getByRole("list", { name: "Knowledge used" })).toHaveText(
        "Uses: Pickup spot",
      );
      const text = reply.getByLabel("Reply");
      await expect(text).toHaveValue(/Level 2 of the Economy Lot, row F, by the elevators\./);
      const draft = await text.inputValue();
      await text.fill(`${draft}\nSee you soon!`);
      await reply.getByRole("button", { name: "Mark as sent" }).click();
      const messages = page.getByRole("list", { name: "Messages, oldest first" });
      await expect(messages.getByRole("listitem")).toHaveCount(2);
      await expect(messages.getByRole("listitem").last()).toContainText("sent in the marketplace");
      await expect(messages.getByRole("listitem").last()).toContainText("See you soon!");
      // Answered: no draft any more.
      await expect(page.getByRole("region", { name: "Record your reply" })).toBeVisible();
      const sent = query<{ text: string; draft_text: string }>(
        "select text, draft_text from conversation_messages where conversation_id = ? and author = 'host'",
        conversationId,
      );
      expect(sent).toEqual([{ text: `${draft}\nSee you soon!`, draft_text: draft }]);

      const bad = await host.api.put("/api/knowledge", { data: { topic: "wifi", text: "x" } });
      expect(bad.status()).toBe(400);
      await context.close();
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a trip's conversation has its reply deadline and marketplace link; a car's own answer, the host's holding reply, the drafts API and tenancy`, async ({
      browser,
      request,
    }) => {
      const owner = (host = await registerViaApi("inboxtrip"));
      other = await registerViaApi("inboxtrip2");
      const vehicleId = await addVehicleViaApi(owner);
      // The trip starts in 6 hours: the marketplace's window is then "2 hours before the start".
      const startAt = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 6 * 3_600_000);
      await addTripViaApi(owner, {
        reservationId: "55667788",
        vehicleId,
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 48 * 3_600_000).toISOString(),
      });
      for (const data of [
        { topic: "pickup-spot", text: "Level 2 of the Economy Lot, row F." },
        {
          topic: "pickup-spot",
          text: "This car is in the home garage, door code at check-in.",
          vehicleId,
        },
      ]) {
        expect((await owner.api.put("/api/knowledge", { data })).status()).toBe(200);
      }
      const otherCar = await addVehicleViaApi(other);
      const wrongCar = await owner.api.put("/api/knowledge", {
        data: { topic: "fuel", text: "Regular.", vehicleId: otherCar },
      });
      expect(wrongCar.status()).toBe(400);
      expect(await wrongCar.json()).toMatchObject({
        fieldErrors: { vehicleId: expect.any(String) },
      });

      const { context, page } = await signedInContext(browser, owner, javaScriptEnabled);
      await page.goto("/dashboard/inbox/knowledge");
      if (javaScriptEnabled) await waitForHydration(page);
      const holdingForm = page.getByRole("region", { name: "Holding reply" });
      await holdingForm
        .getByLabel("Your holding reply")
        .fill("Thanks {guest}! Let me check with the team and get back to you here.");
      await holdingForm.getByRole("button", { name: "Save the holding reply" }).click();
      await expect(page.getByText("Holding reply saved").first()).toBeVisible();
      // The car's own answers, with the account's shown beside them.
      await page.getByLabel("Answers for").selectOption({ index: 1 });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByRole("textbox", { name: "Pickup spot" })).toHaveValue(
        "This car is in the home garage, door code at check-in.",
      );
      await expect(page.getByText("Replaces the account's answer:")).toBeVisible();

      const { webhookUrl } = (await (await owner.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      const sentAt = new Date();
      const email = (id: string, text: string) =>
        request.post(new URL(webhookUrl).pathname, {
          headers: { "Content-Type": "message/rfc822" },
          data: mime({
            messageId: `${id}-${javaScriptEnabled}`,
            subject: "New message from Jordan L.",
            date: sentAt.toUTCString(),
            body: `Jordan L. wrote:\r\n${text}\r\n\r\nhttps://turo.com/us/en/reservation/55667788/messages`,
          }),
        });
      const posted = await email("parking", "Where is the car parked?");
      const { conversationId } = (await posted.json()) as { conversationId: string };
      const api = async () =>
        (
          (await (await owner.api.get(`/api/conversations/${conversationId}`)).json()) as {
            conversation: {
              replyDueAt: string;
              marketplaceUrl: string;
              drafts: Array<{
                purpose: string;
                kind: string;
                status: string;
                text: string;
                usedKnowledge: string[];
              }>;
            };
          }
        ).conversation;
      // The booking automation may also have drafted this trip's confirmation and pickup
      // instructions by now: the reply to the guest's message is the one asked about here.
      const replies = async () => (await api()).drafts.filter((draft) => draft.purpose === "reply");
      await expect.poll(async () => (await replies()).length).toBe(1);
      const conversation = await api();
      const [reply] = await replies();
      expect(conversation.replyDueAt).toBe(
        new Date(startAt.getTime() - 2 * 3_600_000).toISOString(),
      );
      expect(conversation.marketplaceUrl).toBe(
        "https://turo.com/us/en/reservation/55667788/messages",
      );
      // The car's own answer wins over the account's; the door code isn't in it.
      expect(reply).toMatchObject({
        kind: "ai",
        status: "ready",
        usedKnowledge: ["pickup-spot"],
      });
      expect(reply!.text).toContain("This car is in the home garage");

      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByText(/^Reply by /)).toBeVisible();
      await expect(page.getByRole("link", { name: /Open on Turo/ }).first()).toHaveAttribute(
        "href",
        "https://turo.com/us/en/reservation/55667788/messages",
      );
      await expect(
        page.getByRole("region", { name: "Draft reply" }).getByLabel("Reply"),
      ).toHaveValue(/This car is in the home garage/);
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

      // A question about money before the host replied: one draft still answers the first
      // question, and holds the discount.
      await email("discount", "Any chance of a discount if I keep it longer?");
      await page.reload();
      const holding = page.getByRole("region", { name: "Draft reply" });
      await expect(holding.getByLabel("Reply")).toHaveValue(/This car is in the home garage/);
      await expect(holding.getByLabel("Reply")).toHaveValue(/I'll confirm the discount shortly\./);
      await holding.getByRole("button", { name: "Mark as sent" }).click();
      await expect(page.getByText("Marked as sent").first()).toBeVisible();

      const drafts = `/api/conversations/${conversationId}/drafts`;
      const nothing = await owner.api.post(drafts);
      expect(nothing.status()).toBe(409);
      expect(await nothing.json()).toMatchObject({
        error: "The guest has no unanswered message to draft a reply to.",
      });
      expect((await other.api.post(drafts)).status()).toBe(404);
      expect((await other.api.get(`/api/conversations/${conversationId}`)).status()).toBe(404);
      expect((await other.api.get(`/dashboard/inbox/${conversationId}`)).status()).toBe(404);
      await context.close();
    });
  }
});
