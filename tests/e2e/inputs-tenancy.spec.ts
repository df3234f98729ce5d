import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  acceptViaForm,
  accountIdOf,
  disposeAll,
  inviteViaForm,
  registerTenancyCast,
  registerViaApi,
  type TenancyCast,
  type TestUser,
} from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { addVehicleViaApi } from "../support/estimates";
import { expect, query, test } from "../support/fixtures";
import {
  gmailForwardingConfirmationWithCode,
  guestMessageNotice,
  unreadableEmail,
  UNREAD_SUBJECT,
} from "../support/inbound-fixtures";

/**
 * The tenancy matrix over the routes the real-inputs round added: the inbox's setup page, an
 * unread email made a guest message, a new forwarding address, the webhook's `/mime` URL, a
 * claim's amount, the dashboard's setup checklist, "Mark resolved" and "keep open" on a
 * conversation, the trip import's car matching and "Add as a new car". Owner B and B's VA (a VA
 * outside A) get 404 on every one of A's ids and change nothing; A's team member and VA reach
 * them, the VA only as far as the VA permissions say; making a new address is the owner's.
 */

test.describe.configure({ mode: "serial" });

let cast: TenancyCast;
/** A VA working in B's account: a VA, but not A's. */
let vaB: TestUser;
let webhookA: string;
let unreadA: string;
let confirmationA: string;
let conversationA: string;
let claimA: string;
let vehicleA: string;
const CONFIRMATION_CODE = "61374402";
/** The car of tests/e2e/fixtures/trip-earnings-new-car.csv that no car of A's matches. */
let unmatchedLabel: string;

async function post(pathname: string, body: string) {
  const response = await cast.ownerA.api.post(pathname, {
    headers: { "Content-Type": "message/rfc822" },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(202);
  return (await response.json()) as { id: string; conversationId: string | null };
}

const tokenOf = (owner: TestUser) =>
  query<{ token: string }>(
    "select token from inbound_tokens where account_id = ?",
    accountIdOf(owner.id),
  )[0]?.token;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cast = await registerTenancyCast("inp");
  vaB = await registerViaApi("inpvab");
  await acceptViaForm(vaB, await inviteViaForm(cast.ownerB, vaB.email, "va"));
  webhookA = new URL(
    ((await (await cast.ownerA.api.get("/api/inbound")).json()) as { webhookUrl: string })
      .webhookUrl,
  ).pathname;
  unreadA = (await post(webhookA, unreadableEmail())).id;
  // Gmail's confirmation through the URL Mailgun posts to.
  confirmationA = (
    await post(
      `${webhookA}/mime`,
      gmailForwardingConfirmationWithCode(
        `${tokenOf(cast.ownerA)}@inbound.fleet.test`,
        CONFIRMATION_CODE,
      ).raw,
    )
  ).id;
  // A guest asks for a refund: a topic a VA settles only with the owner's leave.
  conversationA = (
    await post(
      webhookA,
      guestMessageNotice({
        messageId: "inp-refund-1",
        guest: "Dana K.",
        reservationId: "88120001",
        text: "The car was late. Can I get a refund for the first day?",
      }),
    )
  ).conversationId!;
  vehicleA = await addVehicleViaApi(cast.ownerA, { year: 2021, make: "Toyota", model: "Sienna" });
  const trip = await cast.ownerA.api.post("/api/trips", {
    data: {
      reservationId: "T-INP",
      vehicleId: vehicleA,
      startAt: "2026-11-20T10:00:00-07:00",
      endAt: "2026-11-22T18:30:00-07:00",
      timeZone: "America/Denver",
    },
  });
  const tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
  const claim = await cast.ownerA.api.post("/api/claims", { data: { tripId, kind: "damage" } });
  expect(claim.status(), await claim.text()).toBe(201);
  claimA = ((await claim.json()) as { claim: { id: string } }).claim.id;
  const csv = readFileSync(
    fileURLToPath(new URL("./fixtures/trip-earnings-new-car.csv", import.meta.url)),
  );
  const imported = await cast.ownerA.api.post("/api/trips/import?timeZone=America/New_York", {
    headers: { "Content-Type": "text/csv" },
    data: csv,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  unmatchedLabel = query<{ vehicle_name: string }>(
    "select vehicle_name from trips where account_id = ? and vehicle_id is null limit 1",
    accountIdOf(cast.ownerA.id),
  )[0]!.vehicle_name;
});

test.afterAll(async () => disposeAll(cast?.ownerA, cast?.ownerB, cast?.teamA, cast?.vaA, vaB));

/** Everything of A's the refused requests could have changed. */
function stateOfA() {
  const accountId = accountIdOf(cast.ownerA.id);
  return {
    token: tokenOf(cast.ownerA),
    emails: query(
      "select id, kind, conversation_id, dismissed_at from inbound_emails where account_id = ? order by id",
      accountId,
    ),
    messages: query(
      "select id, author, text, resolved_at from conversation_messages where account_id = ? order by id",
      accountId,
    ),
    claim: query("select status, claimed_cents from claims where id = ?", claimA),
    trips: query("select id, vehicle_id from trips where account_id = ? order by id", accountId),
    vehicles: query("select id from vehicles where account_id = ? order by id", accountId),
    activity: query<{ n: number }>(
      "select count(*) as n from activity_log where account_id = ?",
      accountId,
    ),
  };
}

test("owner B and B's VA get 404 on each of A's emails, conversations and claims, and change nothing of A's", async () => {
  const before = stateOfA();
  for (const user of [cast.ownerB, vaB]) {
    const { api } = user;
    const guestMessage = `/dashboard/inbox/email/${unreadA}/guest-message`;
    expect((await api.get(guestMessage)).status(), `${user.username} GET ${guestMessage}`).toBe(
      404,
    );
    const made = await api.post(guestMessage, {
      headers: SAME_ORIGIN,
      form: { guestName: "Dana K.", reservationId: "88120001", text: "Hijacked." },
      maxRedirects: 0,
    });
    expect(made.status(), `${user.username} POST ${guestMessage}`).toBe(404);
    const hidden = await api.post("/dashboard/inbox", {
      headers: SAME_ORIGIN,
      form: { intent: "dismiss-confirmation", emailId: confirmationA },
      maxRedirects: 0,
    });
    expect(hidden.status(), `${user.username} hides A's confirmation`).toBe(404);
    const forms: Array<Record<string, string>> = [
      { intent: "resolve" },
      { intent: "mark-sent", text: "Sure, refunded.", questionsShown: "1", keepOpen: "on" },
    ];
    for (const form of forms) {
      const response = await api.post(`/dashboard/inbox/${conversationA}`, {
        headers: SAME_ORIGIN,
        form,
        maxRedirects: 0,
      });
      expect(response.status(), `${user.username} ${form.intent}`).toBe(404);
    }
    const amount = await api.patch(`/api/claims/${claimA}`, { data: { claimedCents: 999_999 } });
    expect(amount.status(), `${user.username} PATCH claim amount`).toBe(404);
    // Matching A's file car to A's car from B's account: not one of B's cars.
    const matched = await api.post("/dashboard/trips", {
      headers: SAME_ORIGIN,
      multipart: { intent: "match", vehicleName: unmatchedLabel, vehicleId: vehicleA },
      maxRedirects: 0,
    });
    expect(matched.status(), `${user.username} matches A's car`).toBe(400);
    expect(await matched.text()).toContain("Choose one of your cars.");
    // The pages B's people open show B's account only: not A's address, email, code or car.
    for (const page of ["/dashboard/inbox", "/dashboard/inbox/setup", "/dashboard/trips"]) {
      const response = await api.get(page);
      expect(response.status(), `${user.username} ${page}`).toBe(200);
      const html = await response.text();
      expect(html, page).not.toContain(tokenOf(cast.ownerA)!);
      expect(html, page).not.toContain(CONFIRMATION_CODE);
      expect(html, page).not.toContain(UNREAD_SUBJECT);
      expect(html, page).not.toContain(unmatchedLabel);
      expect(html, page).not.toContain(unreadA);
    }
    // The original's download, for completeness.
    expect((await api.get(`/dashboard/inbox/email/${unreadA}`)).status()).toBe(404);
  }
  expect(stateOfA()).toEqual(before);
});

test("B's new forwarding address is B's alone; B's VA may not make one", async () => {
  const tokenA = tokenOf(cast.ownerA);
  expect((await cast.ownerB.api.get("/api/inbound")).status()).toBe(200);
  const tokenB = tokenOf(cast.ownerB)!;
  const byVa = await vaB.api.post("/dashboard/inbox/new-address", {
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(byVa.status()).toBe(403);
  expect(tokenOf(cast.ownerB)).toBe(tokenB);
  const byOwner = await cast.ownerB.api.post("/dashboard/inbox/new-address", {
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(byOwner.status()).toBe(302);
  expect(tokenOf(cast.ownerB)).not.toBe(tokenB);
  expect(tokenOf(cast.ownerA)).toBe(tokenA);
  // B's old token is gone, on both webhook URLs; A's still delivers.
  for (const suffix of ["", "/mime"]) {
    const old = await cast.ownerB.api.post(`/api/inbound/email/${tokenB}${suffix}`, {
      headers: { "Content-Type": "message/rfc822" },
      data: unreadableEmail(),
    });
    expect(old.status(), `old token${suffix}`).toBe(404);
  }
});

test("B's dashboard checklist ticks by B's account; VAs see no checklist", async () => {
  const checklistOf = async (user: TestUser) => {
    const html = await (await user.api.get("/dashboard")).text();
    if (!html.includes('aria-label="Setup checklist"')) return null;
    return {
      cars: /Add your cars<\/a><span class="sr-only">\s*\((done|to do)\)/.exec(html)?.[1],
      trips: /Import your trips<\/a><span class="sr-only">\s*\((done|to do)\)/.exec(html)?.[1],
      emails: /emails<\/a><span class="sr-only">\s*\((done|to do)\)/.exec(html)?.[1],
    };
  };
  // A has cars, trips and forwarded emails; B has none of them.
  expect(await checklistOf(cast.ownerA)).toEqual({ cars: "done", trips: "done", emails: "done" });
  expect(await checklistOf(cast.ownerB)).toEqual({
    cars: "to do",
    trips: "to do",
    emails: "to do",
  });
  expect(await checklistOf(cast.vaA)).toBeNull();
  expect(await checklistOf(vaB)).toBeNull();
});

test("B adding 'a new car' named like A's file car attaches none of A's trips", async () => {
  const before = stateOfA();
  const added = await cast.ownerB.api.post(
    `/dashboard/vehicles/new?fileVehicle=${encodeURIComponent(unmatchedLabel)}`,
    {
      headers: SAME_ORIGIN,
      form: {
        year: "2019",
        make: "Honda",
        model: "Odyssey",
        bodyType: "minivan",
        priceClass: "mid",
        paintType: "solid",
        fileVehicle: unmatchedLabel,
      },
      maxRedirects: 0,
    },
  );
  expect(added.status(), await added.text()).toBe(302);
  expect(added.headers()["location"]).toBe("/dashboard/trips");
  expect(stateOfA()).toEqual(before);
});

test("A's team member and VA reach the new routes; a new address is the owner's; the VA settles a refund only with leave", async () => {
  for (const user of [cast.teamA, cast.vaA]) {
    for (const page of [
      "/dashboard/inbox/setup",
      `/dashboard/inbox/email/${unreadA}/guest-message`,
      "/dashboard/trips",
    ]) {
      expect((await user.api.get(page)).status(), `${user.username} ${page}`).toBe(200);
    }
    const tokenA = tokenOf(cast.ownerA);
    const rotated = await user.api.post("/dashboard/inbox/new-address", {
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(rotated.status(), `${user.username} makes a new address`).toBe(403);
    expect(tokenOf(cast.ownerA)).toBe(tokenA);
  }
  const escalated = async () => {
    const list = (await (await cast.ownerA.api.get("/api/conversations")).json()) as {
      conversations: Array<{ id: string; escalated: boolean }>;
    };
    return list.conversations.find((c) => c.id === conversationA)!.escalated;
  };
  expect(await escalated()).toBe(true);
  // A refund is the owner's to decide: the VA's "Mark resolved" is refused and changes nothing.
  const before = stateOfA();
  const resolved = await cast.vaA.api.post(`/dashboard/inbox/${conversationA}`, {
    headers: SAME_ORIGIN,
    form: { intent: "resolve" },
    maxRedirects: 0,
  });
  expect(resolved.status()).toBe(403);
  expect(await resolved.text()).toContain("which the owner decides in this account");
  expect(stateOfA()).toEqual(before);
  // The VA may send the holding reply and keep the question open for the owner.
  const held = await cast.vaA.api.post(`/dashboard/inbox/${conversationA}`, {
    headers: SAME_ORIGIN,
    form: {
      intent: "mark-sent",
      text: "Thanks Dana, I've passed this to the owner.",
      questionsShown: "1",
      keepOpen: "on",
    },
    maxRedirects: 0,
  });
  expect(held.status()).toBe(302);
  expect(await escalated()).toBe(true);
  // The owner settles it.
  const byOwner = await cast.ownerA.api.post(`/dashboard/inbox/${conversationA}`, {
    headers: SAME_ORIGIN,
    form: { intent: "resolve" },
    maxRedirects: 0,
  });
  expect(byOwner.status()).toBe(302);
  expect(await escalated()).toBe(false);
  expect(
    query(
      "select action, role, user_id from activity_log where conversation_id = ? order by id",
      conversationA,
    ),
  ).toEqual([
    { action: "reply.sent", role: "va", user_id: cast.vaA.id },
    { action: expect.stringMatching(/resolved/), role: "primary", user_id: cast.ownerA.id },
  ]);
  // The VA sets the claim's amount in A, in the VA's name; B still can't see it.
  const amount = await cast.vaA.api.patch(`/api/claims/${claimA}`, {
    data: { claimedCents: 48_250 },
  });
  expect(amount.status(), await amount.text()).toBe(200);
  expect(query("select claimed_cents from claims where id = ?", claimA)).toEqual([
    { claimed_cents: 48_250 },
  ]);
  // The team member makes A's unread email a guest message; it leaves the list.
  const made = await cast.teamA.api.post(`/dashboard/inbox/email/${unreadA}/guest-message`, {
    headers: SAME_ORIGIN,
    form: { guestName: "Dana K.", reservationId: "88120001", text: "Is parking included?" },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  expect(made.headers()["location"]).toBe(`/dashboard/inbox/${conversationA}`);
  // Made once: a second post says so (a redirect with a message), not a 404.
  const again = await cast.teamA.api.post(`/dashboard/inbox/email/${unreadA}/guest-message`, {
    headers: SAME_ORIGIN,
    form: { guestName: "Dana K.", text: "Is parking included?" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers()["location"]).toBe("/dashboard/inbox#unread-emails");
  // So does an incomplete post from a tab still open on the form: nothing left to correct.
  const stale = await cast.teamA.api.post(`/dashboard/inbox/email/${unreadA}/guest-message`, {
    headers: SAME_ORIGIN,
    form: { text: "" },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(302);
  expect(stale.headers()["location"]).toBe("/dashboard/inbox#unread-emails");
});
