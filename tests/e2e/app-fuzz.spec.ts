import { request as playwrightRequest } from "@playwright/test";
import fc from "fast-check";
import Stripe from "stripe";
import { registerViaApi, type TestUser } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import {
  expectJsonAnswer,
  expectPageAnswer,
  fuzzApis,
  fuzzPages,
  hostileString,
  hostileValue,
  options,
  raw,
  send,
  show,
  type FuzzedApi,
  type FuzzedPage,
} from "../support/fuzz";
import { BILLING_URL, STRIPE_WEBHOOK_SECRET } from "../support/env";
import { addVehicleViaApi, handTaggedReportViaApi } from "../support/estimates";
import { RATE_FIELDS } from "../../app/domain/estimate/rate-card";
import { CSV_FIELDS } from "../../app/lib/tools/fleet-audit-query";

/**
 * Hostile input on the actions and JSON routes outside accounts: the demo form on the home page,
 * the estimate pages, the fleet pages, the free tools and the Stripe webhook (correctly signed
 * bodies that are not events) (see tests/support/fuzz.ts for the inputs and what counts as a good
 * answer).
 */

test.describe.configure({ timeout: 180_000 });

const VEHICLE_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "bodyType",
  "priceClass",
  "paintType",
  "plate",
  "nickname",
  "status",
];
const FINDING_FIELDS = [
  "findingId",
  "panel",
  "damageType",
  "severity",
  "sizeCm",
  "size",
  "sizeUnit",
  "preExisting",
  "note",
  "hailDentCount",
  "hailDentSize",
  "hailOversize",
  "sensor",
  "paintCracked",
];

let owner: TestUser;
let vehicleId: string;
let reportId: string;

test.beforeAll(async () => {
  owner = await registerViaApi("appfuzz");
  vehicleId = await addVehicleViaApi(owner, { year: 2020, make: "Toyota", model: "Camry" });
  reportId = await handTaggedReportViaApi(
    owner,
    vehicleId,
    [{ panel: "front-bumper", damageType: "scratch", severity: "moderate", sizeCm: 20 }],
    3,
  );
});

test.afterAll(async () => owner?.api.dispose());

const PAGE_ROUTES: FuzzedPage[] = [
  {
    name: "/ (demo form)",
    path: () => "/?index",
    fields: [
      "formId",
      "email",
      "firstName",
      "lastName",
      "phone",
      "turoProfile",
      "vehicleCount",
      "company_website",
    ],
    intents: ["start", "book"],
    signedIn: false,
  },
  {
    name: "/analysis/<id>",
    path: () => `/analysis/${reportId}`,
    fields: [...FINDING_FIELDS, "days", "linkId", "shareGps"],
    // Every intent but "finalize", which would end the editing the others need.
    intents: [
      "add-finding",
      "update-finding",
      "remove-finding",
      "share",
      "revoke-share",
      "share-gps",
      "retry",
      "open-revision",
      "reprice",
      "printed",
    ],
    signedIn: true,
  },
  {
    name: "/app",
    path: () => `/app?vehicleId=${vehicleId}`,
    fields: [...VEHICLE_FIELDS, "vehicleId", "mode", "phase", "acceptWarnings"],
    intents: ["add-vehicle", "upload", "analyze"],
    signedIn: true,
  },
  {
    name: "/dashboard/vehicles/new",
    path: () => "/dashboard/vehicles/new",
    fields: VEHICLE_FIELDS,
    signedIn: true,
  },
  {
    name: "/dashboard/vehicle/<id>",
    path: () => `/dashboard/vehicle/${vehicleId}`,
    fields: [...VEHICLE_FIELDS, "findingId", "repaired"],
    intents: ["update", "repair", "repair-all"],
    signedIn: true,
  },
  {
    name: "/dashboard/rates",
    path: () => "/dashboard/rates",
    fields: ["state", ...RATE_FIELDS],
    signedIn: true,
  },
  {
    name: "/fleet-audit-calculator",
    path: () => "/fleet-audit-calculator",
    fields: Object.values(CSV_FIELDS),
    signedIn: false,
  },
];

fuzzPages(PAGE_ROUTES, () => owner.api);

test("finding forms with an unknown panel or damage type re-render with a message", async () => {
  const panel = fc.oneof(
    hostileString,
    fc.constantFrom("roof-rack", "toString", "__proto__", "constructor", "FRONT-BUMPER"),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("add-finding", "update-finding"),
      panel,
      fc.oneof(fc.constantFrom("scratch", "dent"), hostileString),
      async (intent, panelValue, damageType) => {
        const form = new URLSearchParams({
          intent,
          findingId: "x",
          panel: panelValue,
          damageType,
          severity: "minor",
        });
        const input = raw("application/x-www-form-urlencoded", form.toString(), "finding");
        const response = await send(owner.api, `/analysis/${reportId}`, input);
        await expectPageAnswer(response, `${intent} panel=${JSON.stringify(panelValue)}`);
      },
    ),
    options,
  );
});

const API_ROUTES: FuzzedApi[] = [
  {
    name: "POST /api/user/vehicles",
    path: () => "/api/user/vehicles",
    method: "POST",
    fields: VEHICLE_FIELDS,
  },
  {
    name: "PUT /api/analysis/<id>/findings",
    path: () => `/api/analysis/${reportId}/findings`,
    method: "PUT",
    fields: ["findings", ...FINDING_FIELDS],
  },
  {
    name: "POST /api/analysis",
    path: () => "/api/analysis",
    method: "POST",
    fields: ["vehicleId", "findings", "photoIds"],
  },
];

fuzzApis(API_ROUTES, () => owner.api);

// ---------------------------------------------------------------------------------------------
// The Stripe webhook: bodies signed with the endpoint's secret (so only their shape is wrong).

const signer = new Stripe("sk_test_signer").webhooks;
/** Cheap requests (most end at the shape check), so many more than the other routes get. */
const STRIPE_RUNS = 1_000;
const STRIPE_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.created",
];
const now = () => Math.floor(Date.now() / 1000);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });
const stripeId = (prefix: string) =>
  fc.oneof(
    fc.stringMatching(new RegExp(`^${prefix}_[A-Za-z0-9]{1,24}$`)),
    hostileString,
    fc.constantFrom(`${prefix}_`, `${prefix}_../../v1/customers`, prefix),
  );
/** What an event's data.object may hold: the fields the webhook reads, each of any type. */
const stripeObject = fc.record(
  {
    id: fc.oneof(stripeId("sub"), stripeId("cs"), stripeId("in")),
    object: fc.oneof(fc.constantFrom("subscription", "invoice", "checkout.session"), hostileString),
    customer: fc.oneof(stripeId("cus"), hostileValue),
    status: fc.oneof(fc.constantFrom("active", "canceled", "past_due", "trialing"), hostileValue),
    subscription: fc.oneof(stripeId("sub"), hostileValue),
    client_reference_id: hostileValue,
    metadata: fc.oneof(
      hostileValue,
      fc.record({ accountId: hostileValue, planId: hostileValue }, { requiredKeys: [] }),
    ),
    parent: fc.oneof(
      hostileValue,
      fc.record({
        subscription_details: fc.oneof(hostileValue, fc.record({ subscription: stripeId("sub") })),
      }),
    ),
    items: fc.oneof(hostileValue, fc.record({ data: fc.array(hostileValue, { maxLength: 2 }) })),
    trial_end: hostileValue,
    cancel_at_period_end: hostileValue,
    created: hostileValue,
  },
  { requiredKeys: [] },
);
const stripeEvent = fc.record(
  {
    id: fc.oneof(stripeId("evt"), hostileValue),
    object: fc.constant("event"),
    type: fc.oneof(fc.constantFrom(...STRIPE_EVENT_TYPES), hostileValue),
    created: fc.oneof(
      fc.constant(now()),
      fc.integer({ min: now() + 86_400 + 60, max: now() + 10 * 365 * 86_400 }),
      fc.integer({ min: -1, max: now() }),
      hostileValue,
    ),
    data: fc.oneof(
      { weight: 4, arbitrary: fc.record({ object: stripeObject }) },
      { weight: 1, arbitrary: fc.record({ object: maybe(hostileValue) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostileValue },
    ),
  },
  { requiredKeys: [] },
);
const signedStripeBody = fc.oneof(
  { weight: 6, arbitrary: stripeEvent.map((event) => JSON.stringify(event)) },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? "null") },
  { weight: 1, arbitrary: fc.constantFrom("[]", "null", "{}", '""', "0", "true") },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

test("POST /api/stripe/webhook: signed bodies that are not events → 400 with a message, never 5xx", async () => {
  test.setTimeout(600_000);
  // Each post from its own address, so the limit on failed deliveries stays out of it.
  const api = await playwrightRequest.newContext({ baseURL: BILLING_URL });
  let posts = 0;
  try {
    await fc.assert(
      fc.asyncProperty(signedStripeBody, async (payload) => {
        const signature = signer.generateTestHeaderString({
          payload,
          secret: STRIPE_WEBHOOK_SECRET,
        });
        const input = raw("application/json", payload, "signed stripe body");
        const response = await api.fetch("/api/stripe/webhook", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Stripe-Signature": signature,
            "X-Forwarded-For": `2001:db8:5719::${(posts++).toString(16)}`,
          },
          data: input.body,
        });
        await expectJsonAnswer(response, `Stripe webhook ${show(input)}`);
      }),
      { ...options, numRuns: STRIPE_RUNS },
    );
  } finally {
    await api.dispose();
  }
  expect(posts).toBe(STRIPE_RUNS);
});
