import { registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, finalizedReportViaApi } from "../support/estimates";
import { expect, linkIn, test, uniqueEmail, waitForEmail } from "../support/fixtures";
import { fuzzApis, fuzzPages, type FuzzedApi, type FuzzedPage } from "../support/fuzz";
import { unreadableEmail } from "../support/inbound-fixtures";

/**
 * Hostile input on the fleet's other forms and JSON routes: trips, claims, repairs, the guest
 * inbox, the concierge queue and share links (see tests/support/fuzz.ts for the inputs and what
 * counts as a good answer: below 500, with a message).
 */

test.describe.configure({ timeout: 180_000 });

const TRIP_FIELDS = [
  "reservationId",
  "vehicleId",
  "guestName",
  "timeZone",
  "pickupLocation",
  "returnLocation",
  "odometerStart",
  "odometerEnd",
  "distanceMiles",
  "status",
  "guestPlan",
];

let owner: TestUser;
let vehicleId: string;
let shopQuotePath: string;
let tripId: string;
let claimId: string;
let conversationId: string;
let unreadEmailId: string;

test.beforeAll(async () => {
  owner = await registerViaApi("fleetfuzz");
  vehicleId = await addVehicleViaApi(owner);
  const trip = await owner.api.post("/api/trips", {
    data: {
      vehicleId,
      reservationId: "FUZZ-1",
      guestName: "Jordan Lee",
      timeZone: "America/Denver",
      startAt: "2026-11-01T10:00:00-06:00",
      endAt: "2026-11-04T10:00:00-06:00",
      status: "completed",
    },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
  const claim = await owner.api.post("/api/claims", {
    data: { tripId, kind: "tolls", claimedCents: 4_000 },
  });
  expect(claim.status(), await claim.text()).toBe(201);
  claimId = ((await claim.json()) as { claim: { id: string } }).claim.id;
  const pasted = await owner.api.post("/dashboard/inbox", {
    form: {
      intent: "paste",
      guestName: "Jordan Lee",
      reservationId: "FUZZ-1",
      text: "Hi! Can I pick the car up an hour early?",
    },
    maxRedirects: 0,
  });
  expect(pasted.status(), await pasted.text()).toBeLessThan(400);
  const conversations = (await (await owner.api.get("/api/conversations")).json()) as {
    conversations: { id: string }[];
  };
  conversationId = conversations.conversations[0]!.id;
  // An email the inbox couldn't read (no guest, no reservation), for its "guest message" page.
  const { webhookUrl } = (await (await owner.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const unread = await owner.api.post(new URL(webhookUrl).pathname, {
    headers: { "Content-Type": "message/rfc822" },
    data: unreadableEmail(),
  });
  expect(unread.status(), await unread.text()).toBe(202);
  unreadEmailId = ((await unread.json()) as { id: string }).id;
  // A shop's link to answer a quote request (the shop has no account).
  const reportId = await finalizedReportViaApi(owner);
  const shopEmail = uniqueEmail("fuzzshop");
  const requested = await owner.api.post("/repair-quote", {
    form: { intent: "request", reportId, shopName: "Main Street Collision", shopEmail },
    maxRedirects: 0,
  });
  expect(requested.status(), await requested.text()).toBe(302);
  shopQuotePath = linkIn(await waitForEmail(shopEmail, "Repair quote request"), "/repair-quote/");
});

test.afterAll(async () => owner?.api.dispose());

const PAGE_ROUTES: FuzzedPage[] = [
  {
    name: "/dashboard/trips/new",
    path: () => "/dashboard/trips/new",
    fields: [...TRIP_FIELDS, "startDate", "startTime", "endDate", "endTime", "earnings"],
  },
  {
    name: "/dashboard/trip/<id>",
    path: () => `/dashboard/trip/${tripId}`,
    fields: [...TRIP_FIELDS, "startDate", "startTime", "endDate", "endTime", "earnings"],
  },
  {
    name: "/dashboard/claims/new",
    path: () => "/dashboard/claims/new",
    fields: ["tripId", "kind", "reportId", "claimed", "note"],
  },
  {
    name: "/dashboard/claim/<id>",
    path: () => `/dashboard/claim/${claimId}`,
    fields: ["status", "claimed", "approved", "paid", "note", "days", "linkId"],
    intents: ["draft", "share-packet", "revoke-packet-link", "change"],
  },
  {
    name: "/repair-quote",
    path: () => "/repair-quote",
    fields: [
      "reportId",
      "shopName",
      "shopEmail",
      "amount",
      "days",
      "details",
      "invoice",
      "repairedOn",
    ],
    intents: ["request", "record", "confirm"],
  },
  {
    name: "/dashboard/inbox",
    path: () => "/dashboard/inbox",
    fields: ["guestName", "reservationId", "text", "emailId"],
    intents: ["dismiss-confirmation", "paste"],
  },
  {
    name: "/dashboard/inbox/<id>",
    path: () => `/dashboard/inbox/${conversationId}`,
    fields: ["text", "draftId", "questionsShown", "keepOpen", "messageId"],
    intents: ["draft", "mark-sent", "resolve"],
  },
  {
    name: "/dashboard/inbox/email/<id>/guest-message",
    path: () => `/dashboard/inbox/email/${unreadEmailId}/guest-message`,
    fields: ["guestName", "reservationId", "text"],
  },
  {
    name: "/concierge-dashboard",
    path: () => "/concierge-dashboard",
    fields: [
      "itemId",
      "userId",
      "reimbursementLimit",
      "sendReplies",
      "tripChanges",
      "handoverNote",
    ],
    // Every intent but "start-shift", which needs nothing and would only open a shift.
    intents: ["take", "done", "for-owner", "reopen", "permissions", "end-shift"],
  },
  {
    name: "/repair-quote/<token> (the shop, signed out)",
    path: () => shopQuotePath,
    fields: ["amount", "days", "details"],
    signedIn: false,
  },
  {
    name: "/dashboard/vehicle/<id>/host-plans",
    path: () => `/dashboard/vehicle/${vehicleId}/host-plans`,
    fields: ["planId", "effectiveFrom", "id"],
    intents: ["save", "remove"],
  },
  {
    name: "/dashboard/inbox/knowledge",
    path: () => "/dashboard/inbox/knowledge",
    fields: ["topic", "text", "vehicle", "holdingReply"],
    intents: ["entry", "holding-reply"],
  },
  {
    name: "/dashboard/share-links",
    path: () => "/dashboard/share-links",
    fields: ["linkId", "reportId"],
    intents: ["revoke"],
  },
];

fuzzPages(PAGE_ROUTES, () => owner.api);

const API_ROUTES: FuzzedApi[] = [
  {
    name: "POST /api/trips",
    path: () => "/api/trips",
    method: "POST",
    fields: [...TRIP_FIELDS, "startAt", "endAt", "earningsCents"],
  },
  {
    name: "POST /api/claims",
    path: () => "/api/claims",
    method: "POST",
    fields: ["tripId", "kind", "reportId", "claimedCents", "note"],
  },
  {
    name: "PATCH /api/claims/<id>",
    path: () => `/api/claims/${claimId}`,
    method: "PATCH",
    fields: ["status", "claimedCents", "approvedCents", "paidCents", "note"],
  },
  {
    name: "POST /api/repair-confirmations",
    path: () => "/api/repair-confirmations",
    method: "POST",
    fields: ["reportId", "invoiceCents", "repairedOn", "shopName"],
  },
  {
    name: "PUT /api/knowledge",
    path: () => "/api/knowledge",
    method: "PUT",
    fields: ["topic", "text", "vehicleId"],
  },
  {
    name: "POST /api/conversations/<id>/drafts",
    path: () => `/api/conversations/${conversationId}/drafts`,
    method: "POST",
    fields: ["text", "messageId"],
  },
  {
    name: "POST /api/user/time-zone",
    path: () => "/api/user/time-zone",
    method: "POST",
    fields: ["timeZone"],
  },
];

fuzzApis(API_ROUTES, () => owner.api);
