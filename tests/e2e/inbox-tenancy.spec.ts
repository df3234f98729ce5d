import {
  acceptViaForm,
  disposeAll,
  inviteViaForm,
  registerViaApi,
  type TestUser,
} from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, query, test } from "../support/fixtures";

/**
 * The guest inbox's tenancy matrix: owner A, owner B and a VA who serves A. Each sees exactly the
 * conversations, drafts and knowledge of the account they are working in; the VA sees A's only
 * while working in A, and never B's; a refused request changes nothing.
 */

test.describe.configure({ mode: "serial" });

let ownerA: TestUser;
let ownerB: TestUser;
let vaA: TestUser;
let conversationA: string;
let carA: string;
let emailA: string;

function guestEmail(text: string) {
  return [
    "From: Turo <noreply@mail.turo.com>",
    "Subject: New message from Jordan L.",
    `Message-ID: <tenancy-${Date.now()}@mail.turo.com>`,
    `Date: ${new Date().toUTCString()}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Jordan L. wrote:",
    text,
    "",
    "https://turo.com/us/en/reservation/70707070/messages",
  ].join("\r\n");
}

test.beforeAll(async ({ request }) => {
  [ownerA, ownerB, vaA] = await Promise.all([
    registerViaApi("inboxa"),
    registerViaApi("inboxb"),
    registerViaApi("inboxva"),
  ]);
  await acceptViaForm(vaA, await inviteViaForm(ownerA, vaA.email, "va"));
  carA = await addVehicleViaApi(ownerA);
  await ownerA.api.put("/api/knowledge", {
    data: { topic: "toll-device", text: "Tolls are billed at cost after the trip." },
  });
  const { webhookUrl } = (await (await ownerA.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const posted = await request.post(new URL(webhookUrl).pathname, {
    headers: { "Content-Type": "message/rfc822" },
    data: guestEmail("Does the car have a toll transponder?"),
  });
  ({ conversationId: conversationA, id: emailA } = (await posted.json()) as {
    conversationId: string;
    id: string;
  });
  // The reply draft is written in the background after the 202: wait for it, so the "nothing
  // changes" snapshot below isn't taken before it lands.
  await expect
    .poll(() => query("select id from drafts where conversation_id = ?", conversationA).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
});

test.afterAll(async () => {
  await disposeAll(ownerA, ownerB, vaA);
});

function rows() {
  return {
    drafts: query("select id, status from drafts where conversation_id = ?", conversationA),
    messages: query(
      "select id from conversation_messages where conversation_id = ?",
      conversationA,
    ),
    knowledge: query(
      "select account_id, topic, text, vehicle_id from knowledge_entries where account_id in (select id from accounts where owner_user_id in (?, ?, ?)) order by id",
      ownerA.id,
      ownerB.id,
      vaA.id,
    ),
  };
}

test("owner B and the VA outside A get 404 on every inbox route of A's; nothing changes", async () => {
  const before = rows();
  // The VA accepted the invitation and works in A; in their own account they see nothing of A's.
  await vaA.api.post("/api/user/switch-account", {
    data: {
      accountId: query<{ id: string }>(
        "select id from accounts where owner_user_id = ?",
        vaA.id,
      )[0]!.id,
    },
  });
  for (const user of [ownerB, vaA]) {
    const api = user.api;
    expect((await api.get(`/api/conversations/${conversationA}`)).status()).toBe(404);
    expect((await api.post(`/api/conversations/${conversationA}/drafts`)).status()).toBe(404);
    expect((await api.get(`/dashboard/inbox/${conversationA}`)).status()).toBe(404);
    expect(
      (
        await api.post(`/dashboard/inbox/${conversationA}`, {
          form: { intent: "mark-sent", text: "Hi!" },
        })
      ).status(),
    ).toBe(404);
    expect((await api.get(`/dashboard/inbox/email/${emailA}`)).status()).toBe(404);
    expect(
      (
        await api.put("/api/knowledge", { data: { topic: "fuel", text: "x", vehicleId: carA } })
      ).status(),
    ).toBe(400);
    expect((await api.get(`/api/knowledge?vehicleId=${carA}`)).status()).toBe(400);
    const list = (await (await api.get("/api/conversations")).json()) as {
      conversations: unknown[];
    };
    expect(list.conversations).toEqual([]);
  }
  expect(rows()).toEqual(before);
});

test("the VA, working in A, sees A's conversation and its draft, and can mark the reply sent", async () => {
  await vaA.api.post("/api/user/switch-account", {
    data: {
      accountId: query<{ id: string }>(
        "select id from accounts where owner_user_id = ?",
        ownerA.id,
      )[0]!.id,
    },
  });
  const drafts = async () => {
    const thread = await vaA.api.get(`/api/conversations/${conversationA}`);
    expect(thread.status()).toBe(200);
    return (
      (await thread.json()) as {
        conversation: { drafts: Array<{ id: string; usedKnowledge: string[] }> };
      }
    ).conversation.drafts;
  };
  await expect.poll(async () => (await drafts()).length).toBe(1);
  const [draft] = await drafts();
  expect(draft!.usedKnowledge).toEqual(["toll-device"]);
  const sent = await vaA.api.post(`/dashboard/inbox/${conversationA}`, {
    form: { intent: "mark-sent", text: "Yes: tolls at cost after the trip.", draftId: draft!.id },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  expect(query("select status, sent_by_user_id from drafts where id = ?", draft!.id)).toEqual([
    { status: "sent", sent_by_user_id: vaA.id },
  ]);
  // Logged with who did it and in which role.
  expect(
    query(
      "select action, role, user_id from activity_log where conversation_id = ?",
      conversationA,
    ),
  ).toEqual([{ action: "reply.sent", role: "va", user_id: vaA.id }]);
});
